// The development sign-in of the local stack (`make run`): the seeded members to choose from and
// a token for one. The API serves it only when its local issuer is configured (never in production).
import { AuthError, callAuth, member, numberMember, stringMember, type FetchLike } from "./http.js";
import type { Session } from "./session.js";

export const LocalUsersPath = "/auth/local/users";
export const LocalTokenPath = "/auth/local/token";

/** A member the local sign-in offers. */
export interface LocalUser {
  subject: string;
  organizations: string[];
}

/** The members to choose from. Errors: AuthError (404 when the local sign-in is off). */
export async function listLocalUsers(origin: string, fetchImpl?: FetchLike): Promise<LocalUser[]> {
  const { body } = await callAuth(origin, LocalUsersPath, { method: "GET" }, fetchImpl);
  const users = member(body, "users");
  if (!Array.isArray(users)) throw new AuthError(0, "BAD_RESPONSE", "local users: users is not a list");
  return users.map((u: unknown) => {
    const orgs = member(u, "organizations");
    return {
      subject: stringMember(u, "subject", "local user"),
      organizations: Array.isArray(orgs) ? orgs.filter((o): o is string => typeof o === "string") : [],
    };
  });
}

/** Signs in as subject: a token of the local issuer, no refresh token. Errors: AuthError. */
export async function localSignIn(origin: string, subject: string, fetchImpl?: FetchLike): Promise<Session> {
  const { body } = await callAuth(origin, LocalTokenPath, { method: "POST", body: { subject } }, fetchImpl);
  return { token: stringMember(body, "token", "local token"), refreshToken: "", expiresAt: numberMember(body, "expiresAt", "local token") };
}
