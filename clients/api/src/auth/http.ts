// The sign-in routes of the API (docs/signin.md) over fetch: JSON in, JSON out, errors as the API
// words them ({"errors":[{message, extensions:{code}}]}, the GraphQL error shape).

/** An answer of a sign-in route that is not a success: the HTTP status and the API's code and message. */
export class AuthError extends Error {
  constructor(
    /** The HTTP status (0 when the API could not be reached). */
    readonly status: number,
    /** The API's `extensions.code` (NOT_FOUND, BAD_USER_INPUT, ...), or NETWORK_ERROR. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

/** What a sign-in route answered: its status, its Retry-After in seconds (0 when none) and its JSON body. */
export interface AuthAnswer {
  status: number;
  retryAfterSeconds: number;
  body: unknown;
}

/** The fetch the functions use; tests and the plugin UI may pass their own. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The origin of an API URL (`http://127.0.0.1:8080/graphql` -> `http://127.0.0.1:8080`). */
export function apiOrigin(apiUrl: string): string {
  return new URL(apiUrl).origin;
}

/**
 * Calls a sign-in route of the API at origin. A 2xx answer is returned; any other throws an
 * AuthError with the API's code and message (or NETWORK_ERROR when nothing answered).
 */
export async function callAuth(origin: string, path: string, init: { method: "GET" | "POST"; body?: unknown }, fetchImpl: FetchLike = fetch): Promise<AuthAnswer> {
  let res: Response;
  try {
    res = await fetchImpl(origin + path, {
      method: init.method,
      headers: init.body === undefined ? {} : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "omit",
      cache: "no-store",
    });
  } catch (e) {
    throw new AuthError(0, "NETWORK_ERROR", `the API at ${origin} could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = await res.text();
  let body: unknown = null;
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  const retry = Number(res.headers.get("Retry-After") ?? "0");
  if (res.ok) return { status: res.status, retryAfterSeconds: Number.isFinite(retry) ? retry : 0, body };
  const [code, message] = firstError(body) ?? ["HTTP_" + res.status, `the API answered ${res.status} ${res.statusText}`];
  throw new AuthError(res.status, code, message);
}

/** The code and message of the first error of an error body. */
function firstError(body: unknown): [string, string] | null {
  const errors = member(body, "errors");
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const first: unknown = errors[0];
  const message = member(first, "message");
  const code = member(member(first, "extensions"), "code");
  return [typeof code === "string" ? code : "INTERNAL", typeof message === "string" ? message : "unknown error"];
}

/** A member of an object read from the network, or undefined. */
export function member(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? Reflect.get(value, key) : undefined;
}

/** A string member, or a format error naming it. */
export function stringMember(value: unknown, key: string, what: string): string {
  const v = member(value, key);
  if (typeof v !== "string") throw new AuthError(0, "BAD_RESPONSE", `${what}: ${key} is not a string`);
  return v;
}

/** A finite number member, or a format error naming it. */
export function numberMember(value: unknown, key: string, what: string): number {
  const v = member(value, key);
  if (typeof v !== "number" || !Number.isFinite(v)) throw new AuthError(0, "BAD_RESPONSE", `${what}: ${key} is not a number`);
  return v;
}
