// How the dashboard gets its bearer token. The views only see the Auth interface; main.tsx builds
// it over the shared browser sign-in (signin/auth.ts: OpenID Connect with PKCE against the user
// pool, or the local stack's development sign-in; tokens in sessionStorage only).
import type { SignInAuth } from "./signin/auth.js";
import { signInHref } from "./signin/auth.js";

/** The dashboard's sign-in state. */
export interface Auth {
  /** The bearer token (a JWT) for the API, or null when signed out. */
  token(): string | null;
  /** Sends the browser to sign in, then back to returnTo (a path under /dashboard/). */
  signIn(returnTo: string): void;
  /** Signs out (and ends the user pool's session when it has a logout endpoint). */
  signOut(): void;
  /** The API refused the token (expired, revoked): forgets it and signs in again, back to returnTo. */
  refused(returnTo: string): void;
}

/** The dashboard's Auth over the sign-in pages' state; assign loads a page (a fresh sign-in state). */
export function dashboardAuth(s: SignInAuth, assign: (href: string) => void): Auth {
  let refusing = false;
  return {
    token: () => s.token(),
    signIn: (returnTo) => s.signIn(returnTo),
    signOut: () => s.signOut(),
    refused(returnTo) {
      if (refusing) return;
      refusing = true;
      // Only this tab's tokens: the user pool's session, if any, makes the new sign-in quick.
      void s.browser.signOut().finally(() => assign(signInHref(returnTo)));
    },
  };
}

