// The plugin's sign-in handoff (docs/signin.md): the plugin creates a key pair, the signed-in
// sign-in page delivers the user's tokens under the write key, the plugin takes them once with the
// read key.
import { AuthError, callAuth, member, numberMember, stringMember, type FetchLike } from "./http.js";
import type { Session } from "./session.js";

/** The routes of the handoff. */
export const HandoffsPath = "/auth/handoffs";
export const HandoffDeliverPath = "/auth/handoffs/deliver";
export const HandoffTakePath = "/auth/handoffs/take";

/** The URL fragment member that carries the write key to the sign-in page (a fragment is never sent to a server). */
export const HandoffFragmentKey = "handoff";

/** A new key pair. */
export interface HandoffKeys {
  /** The plugin's key: it takes the tokens. */
  readKey: string;
  /** The sign-in page's key: it delivers them. */
  writeKey: string;
  /** When both stop working, in milliseconds since the epoch. */
  expiresAt: number;
  /** How often to ask with the read key, in milliseconds. */
  pollIntervalMs: number;
}

/** Asks the API at origin for a key pair (no token needed; rate-limited per address). Errors: AuthError. */
export async function createHandoff(origin: string, fetchImpl?: FetchLike): Promise<HandoffKeys> {
  const { body } = await callAuth(origin, HandoffsPath, { method: "POST", body: {} }, fetchImpl);
  const what = "handoff";
  const expiresAt = Date.parse(stringMember(body, "expiresAt", what));
  if (Number.isNaN(expiresAt)) throw new AuthError(0, "BAD_RESPONSE", "handoff: expiresAt is not a time");
  return {
    readKey: stringMember(body, "readKey", what),
    writeKey: stringMember(body, "writeKey", what),
    expiresAt,
    pollIntervalMs: numberMember(body, "pollIntervalSeconds", what) * 1000,
  };
}

/** The sign-in page's URL for a write key: <origin>/dashboard/signin#handoff=<key>. */
export function handoffSignInUrl(origin: string, writeKey: string, signInPath = "/dashboard/signin"): string {
  return `${origin}${signInPath}#${HandoffFragmentKey}=${encodeURIComponent(writeKey)}`;
}

/** The write key in a sign-in page's URL fragment, or null. */
export function handoffKeyOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get(HandoffFragmentKey);
}

/**
 * Hands a signed-in user's tokens to the API under writeKey (the API checks the token first).
 * Errors: AuthError: 401 for a token the API refuses, 404 for an unknown, expired or used key, 409
 * when the key has already been used, 400 for a malformed one.
 */
export async function deliverHandoff(origin: string, writeKey: string, token: string, refreshToken: string, fetchImpl?: FetchLike): Promise<void> {
  await callAuth(origin, HandoffDeliverPath, { method: "POST", body: { writeKey, token, refreshToken } }, fetchImpl);
}

/** One ask with the read key: the session once delivered, or null while the sign-in is pending. */
export async function takeHandoff(origin: string, readKey: string, fetchImpl?: FetchLike): Promise<Session | null> {
  const { status, body } = await callAuth(origin, HandoffTakePath, { method: "POST", body: { readKey } }, fetchImpl);
  if (status === 202) return null;
  const what = "handoff tokens";
  const refresh = member(body, "refreshToken");
  return {
    token: stringMember(body, "token", what),
    refreshToken: typeof refresh === "string" ? refresh : "",
    expiresAt: numberMember(body, "expiresAt", what),
  };
}

/** Options of pollHandoff. */
export interface PollOptions {
  /** Stops the polling (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  fetchImpl?: FetchLike;
  /** Waits ms milliseconds (tests pass one that does not wait). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, milliseconds since the epoch. */
  now?: () => number;
}

/** Waits ms, or rejects when signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Asks with the read key every pollIntervalMs until the tokens arrive (resolves with the session),
 * the key expires (rejects with AuthError EXPIRED), the API refuses the key (its AuthError), or the
 * signal aborts.
 */
export async function pollHandoff(origin: string, keys: HandoffKeys, options: PollOptions = {}): Promise<Session> {
  const wait = options.sleep ?? sleep;
  const now = options.now ?? Date.now;
  for (;;) {
    options.signal?.throwIfAborted();
    const session = await takeHandoff(origin, keys.readKey, options.fetchImpl);
    if (session) return session;
    if (now() + keys.pollIntervalMs >= keys.expiresAt) throw new AuthError(0, "EXPIRED", "the sign-in was not completed in time; sign in again");
    await wait(keys.pollIntervalMs, options.signal);
  }
}
