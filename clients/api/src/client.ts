// The GraphQL client the plugin UI and the dashboard share: urql's core client over HTTP for
// queries and mutations, graphql-ws (protocol graphql-transport-ws) for subscriptions. The API
// takes the bearer token in the Authorization header over HTTP and in connection_init's payload
// over WebSocket (docs/api.md "Subscriptions").
import { Client, fetchExchange, subscriptionExchange } from "@urql/core";
import { createClient as createWsClient, type Client as WsClient } from "graphql-ws";

/** Options of createApiClient. */
export interface ApiClientOptions {
  /** The API's GraphQL endpoint, e.g. http://127.0.0.1:8080/graphql (local stack). */
  url: string;
  /** Returns the bearer token (a JWT) for each request and each WebSocket connection. */
  token: () => string | Promise<string>;
  /** The WebSocket implementation when the runtime has no global one (Node.js tests pass `ws`). */
  webSocketImpl?: unknown;
}

/** A urql client wired to the API, and its WebSocket client (dispose it to close the socket). */
export interface ApiClient {
  client: Client;
  ws: WsClient;
}

/** The WebSocket URL of an HTTP GraphQL endpoint: http -> ws, https -> wss, same host and path. */
export function webSocketUrl(httpUrl: string): string {
  const u = new URL(httpUrl);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.toString();
}

/** Creates the client; nothing connects until the first operation. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const ws = createWsClient({
    url: webSocketUrl(options.url),
    lazy: true,
    webSocketImpl: options.webSocketImpl,
    connectionParams: async () => ({ Authorization: `Bearer ${await options.token()}` }),
  });
  const client = new Client({
    url: options.url,
    // Results are per job and change as the job runs; the views refetch or subscribe.
    requestPolicy: "network-only",
    preferGetMethod: false,
    fetchOptions: () => ({}),
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("Authorization", `Bearer ${await options.token()}`);
      return fetch(input, { ...init, headers });
    },
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query ?? "" };
          return {
            subscribe(sink) {
              const unsubscribe = ws.subscribe(input, sink);
              return { unsubscribe };
            },
          };
        },
      }),
    ],
  });
  return { client, ws };
}
