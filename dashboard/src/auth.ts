// How the dashboard gets its bearer token. The views only see the Auth interface; the one in use
// is chosen in main.tsx. developmentAuth keeps a token pasted on the sign-in page (local stack:
// `go run ./cmd/localstack token local-user`) in sessionStorage, so it ends with the tab and
// never reaches localStorage.

/** The dashboard's sign-in state. */
export interface Auth {
  /** The bearer token (a JWT) for the API, or null when signed out. */
  token(): string | null;
  /** Sends the browser to sign in, then back to returnTo (a path under /dashboard/). */
  signIn(returnTo: string): void;
  /** Forgets the token. */
  signOut(): void;
}

/** The sessionStorage key of developmentAuth's token. */
export const TokenStorageKey = "code2des.dashboard.token";

/** The longest token developmentAuth keeps (a Cognito JWT is a few KB). */
export const MaxTokenLength = 16384;

/** Auth over a pasted token in sessionStorage; signIn goes to the dashboard's sign-in page. */
export function developmentAuth(storage: Storage, go: (href: string) => void): Auth & { setToken(t: string): void } {
  return {
    token: () => storage.getItem(TokenStorageKey),
    setToken(t: string) {
      const v = t.trim();
      if (v === "" || v.length > MaxTokenLength) throw new Error(`a token is 1 to ${MaxTokenLength} characters`);
      storage.setItem(TokenStorageKey, v);
    },
    signIn(returnTo: string) {
      go(`/dashboard/signin?${new URLSearchParams({ return: returnTo })}`);
    },
    signOut() {
      storage.removeItem(TokenStorageKey);
    },
  };
}
