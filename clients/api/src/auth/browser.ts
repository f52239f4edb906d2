// Sign-in in a browser page (the dashboard and its sign-in page): OpenID Connect authorization
// code with PKCE through oidc-client-ts against the configured issuer (Cognito), or the local
// stack's development sign-in. Tokens live in sessionStorage (oidc-client-ts's
// WebStorageStateStore over it, and the local session under LocalSessionKey): they last as long as
// the tab, never in localStorage.
import { UserManager, WebStorageStateStore, type User } from "oidc-client-ts";
import { fetchSignInConfig, type SignInConfig } from "./config.js";
import { AuthError, type FetchLike } from "./http.js";
import { localSignIn } from "./local.js";
import { isExpiring, type Session } from "./session.js";

/** The sessionStorage key of the local sign-in's session. */
export const LocalSessionKey = "code2des.localSession";
/** The prefix of oidc-client-ts's sessionStorage keys. */
export const OidcStoragePrefix = "code2des.oidc.";
/** The sign-in page's path on the API's origin. */
export const SignInPath = "/dashboard/signin";

/** What a sign-in carries through the user pool's redirect and back. */
export interface SignInState {
  /** The plugin's write key, when the sign-in is for the plugin. */
  handoff?: string;
  /** The dashboard path to return to afterwards. */
  returnTo?: string;
}

/** The user manager for config on origin, keeping its state and user in storage. */
export function createUserManager(config: SignInConfig, origin: string, storage: Storage = sessionStorage): UserManager {
  const store = new WebStorageStateStore({ store: storage, prefix: OidcStoragePrefix });
  return new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: origin + config.redirectPath,
    post_logout_redirect_uri: origin + SignInPath,
    response_type: "code",
    scope: config.scopes,
    userStore: store,
    stateStore: store,
    // With a refresh token (Cognito gives one to the code grant) oidc-client-ts renews ahead of
    // expiry by the refresh token grant, without an iframe.
    automaticSilentRenew: true,
    loadUserInfo: false,
  });
}

/** The session of an oidc-client-ts user: its access token (what the API takes), refresh token and expiry. */
export function sessionOfUser(user: User): Session {
  return { token: user.access_token, refreshToken: user.refresh_token ?? "", expiresAt: user.expires_at ?? 0 };
}

/** A SignInState read back from the user pool's round trip (unknown data, narrowed). */
function stateOf(value: unknown): SignInState {
  const s: SignInState = {};
  if (typeof value === "object" && value !== null) {
    const h: unknown = Reflect.get(value, "handoff");
    const r: unknown = Reflect.get(value, "returnTo");
    if (typeof h === "string") s.handoff = h;
    if (typeof r === "string" && r.startsWith("/") && !r.startsWith("//")) s.returnTo = r;
  }
  return s;
}

/** Sign-in for a page of the API's origin. */
export class BrowserAuth {
  private manager: UserManager | null;

  private constructor(
    /** The settings the API served. */
    readonly config: SignInConfig,
    /** The API's (and the page's) origin. */
    readonly origin: string,
    private readonly storage: Storage,
    private readonly fetchImpl?: FetchLike,
  ) {
    this.manager = config.localSignIn || config.issuer === "" ? null : createUserManager(config, origin, storage);
  }

  /** Reads the API's sign-in settings. Errors: AuthError. */
  static async load(origin: string, storage: Storage = sessionStorage, fetchImpl?: FetchLike): Promise<BrowserAuth> {
    return new BrowserAuth(await fetchSignInConfig(origin, fetchImpl), origin, storage, fetchImpl);
  }

  /**
   * Calls listener with the new session whenever oidc-client-ts loads or renews the user (a
   * silent renewal ahead of expiry), and with null when it is removed or the renewal fails.
   */
  onSessionChange(listener: (s: Session | null) => void): void {
    if (!this.manager) return;
    this.manager.events.addUserLoaded((user) => listener(sessionOfUser(user)));
    this.manager.events.addUserUnloaded(() => listener(null));
    this.manager.events.addSilentRenewError(() => listener(null));
  }

  /** Whether the development sign-in is the way in (the local stack). */
  get local(): boolean {
    return this.config.localSignIn;
  }

  /** The current session, refreshed when it is about to expire and it can be; null when signed out. */
  async session(): Promise<Session | null> {
    if (this.config.localSignIn) {
      const s = this.localSession();
      return s && !isExpiring(s) ? s : null;
    }
    if (!this.manager) return null;
    let user = await this.manager.getUser();
    if (!user) return null;
    if (user.expired || isExpiring(sessionOfUser(user))) {
      user = await this.manager.signinSilent().catch(() => null);
      if (!user) return null;
    }
    return sessionOfUser(user);
  }

  /** The current bearer token, or null when signed out (send the user to sign in). */
  async token(): Promise<string | null> {
    return (await this.session())?.token ?? null;
  }

  /** Signs in as a seeded member (local stack only). Errors: AuthError. */
  async signInLocal(subject: string): Promise<Session> {
    if (!this.config.localSignIn) throw new AuthError(0, "LOCAL_SIGN_IN_OFF", "the development sign-in is off on this API");
    const s = await localSignIn(this.origin, subject, this.fetchImpl);
    this.storage.setItem(LocalSessionKey, JSON.stringify(s));
    return s;
  }

  /** Sends the browser to the user pool's sign-in; it comes back to the redirect path with state. */
  async signInRedirect(state: SignInState): Promise<void> {
    if (!this.manager) throw new AuthError(0, "NOT_CONFIGURED", "sign-in is not configured on this API");
    await this.manager.signinRedirect({ state });
  }

  /** Completes the redirect sign-in on the callback page: the session and the state it carried. Errors: oidc-client-ts's. */
  async completeRedirect(url?: string): Promise<{ session: Session; state: SignInState }> {
    if (!this.manager) throw new AuthError(0, "NOT_CONFIGURED", "sign-in is not configured on this API");
    const user = await this.manager.signinRedirectCallback(url);
    return { session: sessionOfUser(user), state: stateOf(user.state) };
  }

  /**
   * Signs out: forgets the tokens of this tab, then (with a user pool logout endpoint configured)
   * sends the browser there to end the user pool's session too. Returns the URL it navigates to,
   * or null when it stays.
   */
  async signOut(): Promise<string | null> {
    this.storage.removeItem(LocalSessionKey);
    if (!this.manager) return null;
    await this.manager.removeUser();
    await this.manager.clearStaleState();
    if (this.config.logoutUrl === "") return null;
    const u = new URL(this.config.logoutUrl);
    u.searchParams.set("client_id", this.config.clientId);
    u.searchParams.set("logout_uri", this.origin + SignInPath);
    return u.toString();
  }

  private localSession(): Session | null {
    const raw = this.storage.getItem(LocalSessionKey);
    if (raw === null) return null;
    try {
      const v: unknown = JSON.parse(raw);
      if (typeof v !== "object" || v === null) return null;
      const token: unknown = Reflect.get(v, "token");
      const expiresAt: unknown = Reflect.get(v, "expiresAt");
      if (typeof token !== "string" || typeof expiresAt !== "number") return null;
      return { token, refreshToken: "", expiresAt };
    } catch {
      return null;
    }
  }
}
