// GET /auth/config: how the pages sign in, from the API's configuration.
import { callAuth, member, numberMember, stringMember, type FetchLike } from "./http.js";

/** The sign-in settings the API serves (server/app/signin.go SignInConfig). */
export interface SignInConfig {
  /** The OpenID Connect issuer (COGNITO_ISSUER); "" when sign-in is not configured. */
  issuer: string;
  /** The app client the pages sign in with (a public client, PKCE). */
  clientId: string;
  /** The callback path on the API's origin, e.g. /dashboard/signin/callback. */
  redirectPath: string;
  /** The scopes asked for, space-separated. */
  scopes: string;
  /** The user pool's logout endpoint, "" when none. */
  logoutUrl: string;
  /** Whether the development sign-in of the local stack is on. */
  localSignIn: boolean;
  /** The life of a plugin handoff key pair, in seconds. */
  handoffTtlSeconds: number;
}

/** The path of the settings. */
export const SignInConfigPath = "/auth/config";

/** Reads the sign-in settings of the API at origin. Errors: AuthError. */
export async function fetchSignInConfig(origin: string, fetchImpl?: FetchLike): Promise<SignInConfig> {
  const { body } = await callAuth(origin, SignInConfigPath, { method: "GET" }, fetchImpl);
  return parseSignInConfig(body);
}

/** Narrows a JSON body to SignInConfig. Errors: AuthError (BAD_RESPONSE) naming the member. */
export function parseSignInConfig(body: unknown): SignInConfig {
  const what = "sign-in settings";
  const local = member(body, "localSignIn");
  return {
    issuer: stringMember(body, "issuer", what),
    clientId: stringMember(body, "clientId", what),
    redirectPath: stringMember(body, "redirectPath", what),
    scopes: stringMember(body, "scopes", what),
    logoutUrl: stringMember(body, "logoutUrl", what),
    localSignIn: local === true,
    handoffTtlSeconds: numberMember(body, "handoffTtlSeconds", what),
  };
}
