// The Code2Des API for the clients (the Figma plugin, the dashboard): typed GraphQL operations,
// the result artifact's types, its reader and the GraphQL client.
export * from "./generated/graphql/graphql.js";
export type * from "./generated/result.js";
export { parseResult, ResultFormatError } from "./result.js";
export type { ApiResult, ApiImage, ResultInput, ParsedResult, RootNode, Variables } from "./result.js";
export { createApiClient, webSocketUrl, type ApiClient, type ApiClientOptions } from "./client.js";
export * from "./auth/index.js";
// The browser sign-in (oidc-client-ts) is "@code2des/api/auth/browser", kept apart so the plugin does not bundle it.
