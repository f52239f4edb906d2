// Refreshing a session outside oidc-client-ts (the plugin, which has no browser session of its
// own): the OAuth 2.0 refresh token grant at the issuer's token endpoint, found in its OpenID
// Connect discovery document. Cognito answers with a new access token and keeps the refresh token.
import { AuthError, member, numberMember, stringMember, type FetchLike } from "./http.js";
import type { SignInConfig } from "./config.js";
import type { Session } from "./session.js";

/** The token endpoint of the issuer, from its discovery document. Errors: AuthError. */
export async function tokenEndpoint(issuer: string, fetchImpl: FetchLike = fetch): Promise<string> {
  let body: unknown;
  try {
    const res = await fetchImpl(`${issuer}/.well-known/openid-configuration`, { credentials: "omit" });
    if (!res.ok) throw new AuthError(res.status, "DISCOVERY_FAILED", `the issuer's discovery document answered ${res.status}`);
    body = await res.json();
  } catch (e) {
    if (e instanceof AuthError) throw e;
    throw new AuthError(0, "NETWORK_ERROR", `the issuer could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
  return stringMember(body, "token_endpoint", "discovery document");
}

/**
 * A fresh session for s through the refresh token grant. Errors: AuthError: NO_REFRESH_TOKEN when
 * s has none (sign in again), REFRESH_REFUSED when the issuer refuses it (expired or revoked).
 */
export async function refreshSession(config: SignInConfig, s: Session, fetchImpl: FetchLike = fetch, nowMs: number = Date.now()): Promise<Session> {
  if (s.refreshToken === "") throw new AuthError(0, "NO_REFRESH_TOKEN", "the session cannot be refreshed; sign in again");
  const endpoint = await tokenEndpoint(config.issuer, fetchImpl);
  const form = new URLSearchParams({ grant_type: "refresh_token", client_id: config.clientId, refresh_token: s.refreshToken });
  let res: Response;
  try {
    res = await fetchImpl(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      credentials: "omit",
    });
  } catch (e) {
    throw new AuthError(0, "NETWORK_ERROR", `the token endpoint could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = member(body, "error");
    throw new AuthError(res.status, "REFRESH_REFUSED", `the sign-in has expired (${typeof err === "string" ? err : res.status}); sign in again`);
  }
  const refresh = member(body, "refresh_token");
  return {
    token: stringMember(body, "access_token", "token response"),
    refreshToken: typeof refresh === "string" && refresh !== "" ? refresh : s.refreshToken,
    expiresAt: Math.floor(nowMs / 1000) + numberMember(body, "expires_in", "token response"),
  };
}
