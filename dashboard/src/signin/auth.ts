// The dashboard's sign-in state over the shared browser sign-in (@code2des/api/auth/browser):
// OpenID Connect with PKCE against the user pool, or the local stack's development sign-in, as the
// API's /auth/config says. Tokens stay in sessionStorage (they end with the tab); the current
// session is also held here so token() can answer synchronously, and oidc-client-ts's silent
// renewal (the refresh token grant) replaces it before it expires.
import { BrowserAuth, SignInPath } from "@code2des/api/auth/browser";
import type { Session } from "@code2des/api/auth";
import { Base, ReturnParam, safeReturn } from "../route.js";

/** The dashboard's sign-in state (what the views use). */
export interface SignInAuth {
  /** The sign-in settings and flows. */
  readonly browser: BrowserAuth;
  /** The bearer token for the API, or null when signed out or expired (send the user to sign in). */
  token(): string | null;
  /** Sends the browser to the sign-in page, which comes back to returnTo (a path under /dashboard/). */
  signIn(returnTo: string): void;
  /** Forgets the tokens of this tab and ends the user pool's session when a logout URL is configured. */
  signOut(): void;
  /** Keeps a session just signed in (the sign-in pages call it). */
  signedIn(session: Session): void;
}

/** The sign-in page's URL for a return path. */
export function signInHref(returnTo: string): string {
  return `${SignInPath}?${new URLSearchParams({ [ReturnParam]: safeReturn(returnTo) })}`;
}

/**
 * Loads the API's sign-in settings and the tab's session. go navigates (the dashboard's router, or
 * location.assign for a URL outside the dashboard such as the user pool's logout).
 * Errors: AuthError when /auth/config cannot be read.
 */
export async function createSignInAuth(origin: string, storage: Storage, go: (href: string) => void): Promise<SignInAuth> {
  const browser = await BrowserAuth.load(origin, storage);
  let current: Session | null = await browser.session();
  browser.onSessionChange((s) => {
    current = s;
  });
  return {
    browser,
    token: () => (current && current.expiresAt * 1000 > Date.now() ? current.token : null),
    signIn: (returnTo) => go(signInHref(returnTo)),
    signOut() {
      current = null;
      void browser.signOut().then((logout) => go(logout ?? signInHref(Base)));
    },
    signedIn(s) {
      current = s;
    },
  };
}
