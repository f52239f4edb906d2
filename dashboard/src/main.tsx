// The dashboard's entry: the sign-in state (from the API's /auth/config), the API client, and the
// app rendered into #app.
import { render } from "preact";
import "./styles.css";
import { Api } from "./api.js";
import { App } from "./app.js";
import { dashboardAuth } from "./auth.js";
import { navigate } from "./nav.js";
import { Base } from "./route.js";
import { createSignInAuth } from "./signin/auth.js";
import { readSignInAddress } from "./signin/location.js";

/** Navigates within the dashboard, or loads a page outside it (the user pool's sign-in or logout). */
const go = (href: string): void => (href.startsWith(Base) ? navigate(href, true) : location.assign(href));

const root = document.getElementById("app");
if (!root) throw new Error("index.html has no #app");
// The plugin's write key travels in the sign-in page's fragment; it is read once and removed.
const { handoff } = readSignInAddress(location, history);
createSignInAuth(location.origin, sessionStorage, go).then(
  (signIn) => {
    const auth = dashboardAuth(signIn, (href) => location.assign(href));
    const api = new Api(auth, () => location.pathname + location.search);
    root.textContent = "";
    render(<App api={api} signIn={signIn} handoff={handoff} go={go} />, root);
  },
  (e: unknown) => {
    root.textContent = `The sign-in settings could not be read (${e instanceof Error ? e.message : String(e)}). Reload to try again.`;
  },
);
