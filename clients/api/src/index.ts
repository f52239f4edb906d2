// The Code2Des API for the clients (the Figma plugin, the dashboard): typed GraphQL operations,
// the result artifact's types and the GraphQL client.
export * from "./generated/graphql/graphql.js";
export type * as Result from "./generated/result.js";
export { createApiClient, type ApiClientOptions } from "./client.js";
