// The sign-in pages on their own (no dashboard around them): the entry the sign-in end-to-end test
// bundles (plugin/e2e/signin.ts), and the wiring the dashboard repeats inside its router:
// /dashboard/signin/callback completes the user pool's redirect, any other path is the sign-in page.
import { render } from "preact";
import { createSignInAuth } from "./auth.js";
import { readSignInAddress } from "./location.js";
import { SignInCallback, SignInPage } from "./page.js";

const root = document.getElementById("app") ?? document.body;
const go = (href: string): void => location.assign(href);
const { handoff, returnTo } = readSignInAddress(location, history);
const auth = await createSignInAuth(location.origin, sessionStorage, go);
render(
  location.pathname.endsWith("/signin/callback") ? <SignInCallback auth={auth} go={go} /> : <SignInPage auth={auth} returnTo={returnTo} handoff={handoff} go={go} />,
  root,
);
