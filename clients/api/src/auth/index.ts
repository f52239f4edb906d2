// Sign-in for the clients (docs/signin.md): the API's sign-in settings, the plugin's handoff, the
// local stack's development sign-in, refreshing, and the browser sign-in (oidc-client-ts).
export { AuthError, apiOrigin, callAuth, type AuthAnswer, type FetchLike } from "./http.js";
export { fetchSignInConfig, parseSignInConfig, SignInConfigPath, type SignInConfig } from "./config.js";
export { displayName, isExpiring, RefreshMarginSeconds, tokenClaims, type Session } from "./session.js";
export {
  createHandoff,
  deliverHandoff,
  HandoffDeliverPath,
  HandoffFragmentKey,
  handoffKeyOf,
  HandoffsPath,
  handoffSignInUrl,
  HandoffTakePath,
  pollHandoff,
  takeHandoff,
  type HandoffKeys,
  type PollOptions,
} from "./handoff.js";
export { listLocalUsers, localSignIn, LocalTokenPath, LocalUsersPath, type LocalUser } from "./local.js";
export { refreshSession, tokenEndpoint } from "./refresh.js";
