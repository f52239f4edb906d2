// The sign-in module against a real HTTP server on loopback that answers as the API's sign-in
// routes and an issuer's discovery and token endpoints do.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AuthError,
  createHandoff,
  deliverHandoff,
  displayName,
  fetchSignInConfig,
  handoffKeyOf,
  handoffSignInUrl,
  isExpiring,
  listLocalUsers,
  parseSignInConfig,
  pollHandoff,
  RefreshMarginSeconds,
  refreshSession,
  takeHandoff,
  type SignInConfig,
} from "../src/auth/index.js";
import { BrowserAuth, createUserManager, LocalSessionKey } from "../src/auth/browser.js";

type Handler = (req: IncomingMessage, body: string) => { status: number; body?: unknown; headers?: Record<string, string> };

/** Serves routes (by "METHOD path") on a free loopback port; records every request. */
async function serve(routes: Record<string, Handler>): Promise<{ origin: string; seen: { route: string; body: string }[]; close: () => void }> {
  const seen: { route: string; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const route = `${req.method} ${req.url}`;
      seen.push({ route, body });
      const h = routes[route];
      const out = h ? h(req, body) : { status: 404, body: { errors: [{ message: "no route", extensions: { code: "NOT_FOUND" } }] } };
      res.writeHead(out.status, { "Content-Type": "application/json", ...out.headers });
      res.end(out.body === undefined ? "" : JSON.stringify(out.body));
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address: string | AddressInfo | null = server.address();
  if (typeof address !== "object" || address === null) throw new Error("no address");
  return { origin: `http://127.0.0.1:${address.port}`, seen, close: () => server.close() };
}

const config: SignInConfig = {
  issuer: "",
  clientId: "dashboard",
  redirectPath: "/dashboard/signin/callback",
  scopes: "openid email",
  logoutUrl: "",
  localSignIn: true,
  handoffTtlSeconds: 600,
};

/** A Storage kept in a Map (what sessionStorage is in a browser). */
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length(): number {
    return this.m.size;
  }
  clear(): void {
    this.m.clear();
  }
  getItem(k: string): string | null {
    return this.m.get(k) ?? null;
  }
  key(i: number): string | null {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string): void {
    this.m.delete(k);
  }
  setItem(k: string, v: string): void {
    this.m.set(k, v);
  }
}

/** An unsigned JWT with payload (the module reads claims for display only). */
function jwt(payload: Record<string, unknown>): string {
  const b = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${b({ alg: "none" })}.${b(payload)}.sig`;
}

test("the sign-in settings are read and checked member by member", async () => {
  const api = await serve({ "GET /auth/config": () => ({ status: 200, body: config }) });
  try {
    assert.deepEqual(await fetchSignInConfig(api.origin), config);
  } finally {
    api.close();
  }
  assert.throws(() => parseSignInConfig({ ...config, clientId: 7 }), (e: unknown) => e instanceof AuthError && e.message === "sign-in settings: clientId is not a string");
  assert.equal(parseSignInConfig({ ...config, localSignIn: "yes" }).localSignIn, false);
});

test("a handoff: keys, a pending take, the delivered session, then the API's refusal", async () => {
  let takes = 0;
  const session = { token: "tok", refreshToken: "ref", expiresAt: 1_900_000_000 };
  const api = await serve({
    "POST /auth/handoffs": () => ({ status: 201, body: { readKey: "R", writeKey: "W", expiresAt: "2030-01-01T00:00:00Z", pollIntervalSeconds: 2 } }),
    "POST /auth/handoffs/deliver": () => ({ status: 204 }),
    "POST /auth/handoffs/take": () => {
      takes++;
      if (takes <= 2) return { status: 202, body: { status: "pending" }, headers: { "Retry-After": "2" } };
      if (takes === 3) return { status: 200, body: session };
      return { status: 404, body: { errors: [{ message: "the sign-in handoff is unknown", extensions: { code: "NOT_FOUND" } }] } };
    },
  });
  try {
    const keys = await createHandoff(api.origin);
    assert.deepEqual(keys, { readKey: "R", writeKey: "W", expiresAt: Date.parse("2030-01-01T00:00:00Z"), pollIntervalMs: 2000 });
    await deliverHandoff(api.origin, keys.writeKey, "tok", "ref");
    assert.deepEqual(JSON.parse(api.seen[1]?.body ?? ""), { writeKey: "W", token: "tok", refreshToken: "ref" });
    const waits: number[] = [];
    const got = await pollHandoff(api.origin, keys, { sleep: async (ms) => void waits.push(ms) });
    assert.deepEqual(got, session);
    assert.deepEqual(waits, [2000, 2000]);
    await assert.rejects(takeHandoff(api.origin, "R"), (e: unknown) => e instanceof AuthError && e.status === 404 && e.code === "NOT_FOUND" && e.message === "the sign-in handoff is unknown");
  } finally {
    api.close();
  }
});

test("polling stops when the key pair expires, and when aborted", async () => {
  const api = await serve({ "POST /auth/handoffs/take": () => ({ status: 202, body: { status: "pending" } }) });
  try {
    const keys = { readKey: "R", writeKey: "W", expiresAt: 10_000, pollIntervalMs: 2000 };
    let now = 0;
    const sleep = async (ms: number): Promise<void> => void (now += ms);
    await assert.rejects(pollHandoff(api.origin, keys, { sleep, now: () => now }), (e: unknown) => e instanceof AuthError && e.code === "EXPIRED");
    assert.equal(now, 8000); // asked at 0, 2, 4, 6, 8 s; the next ask would be at the expiry
    const abort = new AbortController();
    abort.abort(new Error("closed"));
    await assert.rejects(pollHandoff(api.origin, { ...keys, expiresAt: Number.MAX_SAFE_INTEGER }, { signal: abort.signal }), /closed/);
  } finally {
    api.close();
  }
});

test("an API that does not answer is a NETWORK_ERROR", async () => {
  const api = await serve({});
  api.close();
  await assert.rejects(createHandoff(api.origin), (e: unknown) => e instanceof AuthError && e.code === "NETWORK_ERROR" && e.status === 0);
});

test("the sign-in page's URL carries the write key in its fragment", () => {
  const url = handoffSignInUrl("http://127.0.0.1:8080", "a-b_c");
  assert.equal(url, "http://127.0.0.1:8080/dashboard/signin#handoff=a-b_c");
  assert.equal(handoffKeyOf(new URL(url).hash), "a-b_c");
  assert.equal(handoffKeyOf(""), null);
});

test("a session is expiring within the margin of its expiry", () => {
  const s = { token: "t", refreshToken: "", expiresAt: 1000 };
  assert.equal(isExpiring(s, (1000 - RefreshMarginSeconds - 1) * 1000), false);
  assert.equal(isExpiring(s, (1000 - RefreshMarginSeconds) * 1000), true);
  assert.equal(displayName(jwt({ sub: "u-1", email: "ada@example.com" })), "ada@example.com");
  assert.equal(displayName(jwt({ sub: "u-1" })), "u-1");
  assert.equal(displayName("not a jwt"), "");
});

test("refresh: the token endpoint from discovery, the refresh token grant, the refresh token kept", async () => {
  let form = new URLSearchParams();
  const idp = await serve({
    "POST /oauth2/token": (_req, body) => {
      form = new URLSearchParams(body);
      if (form.get("refresh_token") === "revoked") return { status: 400, body: { error: "invalid_grant" } };
      return { status: 200, body: { access_token: "new-access", id_token: "id", expires_in: 3600, token_type: "Bearer" } };
    },
  });
  const discovery = await serve({ "GET /pool/.well-known/openid-configuration": () => ({ status: 200, body: { token_endpoint: `${idp.origin}/oauth2/token` } }) });
  try {
    const cfg = { ...config, issuer: `${discovery.origin}/pool`, localSignIn: false };
    const got = await refreshSession(cfg, { token: "old", refreshToken: "r-1", expiresAt: 0 }, fetch, 1_000_000);
    assert.deepEqual(got, { token: "new-access", refreshToken: "r-1", expiresAt: 1000 + 3600 });
    assert.deepEqual(Object.fromEntries(form), { grant_type: "refresh_token", client_id: "dashboard", refresh_token: "r-1" });
    await assert.rejects(refreshSession(cfg, { token: "old", refreshToken: "revoked", expiresAt: 0 }), (e: unknown) => e instanceof AuthError && e.code === "REFRESH_REFUSED");
    await assert.rejects(refreshSession(cfg, { token: "old", refreshToken: "", expiresAt: 0 }), (e: unknown) => e instanceof AuthError && e.code === "NO_REFRESH_TOKEN");
  } finally {
    idp.close();
    discovery.close();
  }
});

test("the local sign-in keeps its session in the given session storage and signs out", async () => {
  const token = jwt({ sub: "local-user" });
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const api = await serve({
    "GET /auth/config": () => ({ status: 200, body: config }),
    "GET /auth/local/users": () => ({ status: 200, body: { users: [{ subject: "local-user", organizations: ["Local organization"] }] } }),
    "POST /auth/local/token": () => ({ status: 200, body: { token, expiresAt } }),
  });
  try {
    const storage = new MemoryStorage();
    const auth = await BrowserAuth.load(api.origin, storage);
    assert.equal(auth.local, true);
    assert.deepEqual(await listLocalUsers(api.origin), [{ subject: "local-user", organizations: ["Local organization"] }]);
    assert.equal(await auth.token(), null);
    await auth.signInLocal("local-user");
    assert.equal(await auth.token(), token);
    assert.ok(storage.getItem(LocalSessionKey)?.includes(token));
    assert.equal(await auth.signOut(), null);
    assert.equal(await auth.token(), null);
    assert.equal(storage.length, 0);
  } finally {
    api.close();
  }
});

test("the OpenID Connect client uses the code flow with the API's settings and keeps its state in the given storage", () => {
  const storage = new MemoryStorage();
  const um = createUserManager({ ...config, issuer: "https://cognito-idp.us-east-1.amazonaws.com/pool", localSignIn: false }, "https://api.example.com", storage);
  assert.equal(um.settings.authority, "https://cognito-idp.us-east-1.amazonaws.com/pool");
  assert.equal(um.settings.client_id, "dashboard");
  assert.equal(um.settings.redirect_uri, "https://api.example.com/dashboard/signin/callback");
  assert.equal(um.settings.response_type, "code");
  assert.equal(um.settings.scope, "openid email");
  assert.equal(um.settings.automaticSilentRenew, true);
});
