// A signed-in session as the clients keep it: the bearer token the API takes, the refresh token
// when there is one, and when the token expires.
import { AuthError } from "./http.js";

/** A session. */
export interface Session {
  /** The bearer token (a JWT) for the API. */
  token: string;
  /** Refreshes token at the user pool's token endpoint; "" when there is none (the local sign-in). */
  refreshToken: string;
  /** When token expires, in Unix seconds. */
  expiresAt: number;
}

/** How long before its expiry a token counts as expiring (refreshed ahead), in seconds. */
export const RefreshMarginSeconds = 60;

/** Whether the session's token expires within RefreshMarginSeconds of now (milliseconds since the epoch). */
export function isExpiring(s: Session, nowMs: number = Date.now()): boolean {
  return s.expiresAt - RefreshMarginSeconds <= nowMs / 1000;
}

/** The claims of a JWT's payload, read without verification (for display only: the API verifies). */
export function tokenClaims(token: string): Record<string, unknown> {
  const part = token.split(".")[1];
  if (part === undefined) throw new AuthError(0, "BAD_TOKEN", "the token is not a JWT");
  const b64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
  let json: unknown;
  try {
    const bin = atob(b64);
    json = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
  } catch {
    throw new AuthError(0, "BAD_TOKEN", "the token's payload is not JSON");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new AuthError(0, "BAD_TOKEN", "the token's payload is not an object");
  return Object.fromEntries(Object.entries(json));
}

/** A name for the signed-in user: the token's email, Cognito username, or subject ("" when it has none). */
export function displayName(token: string): string {
  try {
    const c = tokenClaims(token);
    for (const k of ["email", "cognito:username", "username", "sub"]) {
      const v = c[k];
      if (typeof v === "string" && v !== "") return v;
    }
  } catch {
    // Not a JWT: no name to show.
  }
  return "";
}
