// A command-line GraphQL subscription client on graphql-ws (graphql-transport-ws protocol).
//
//   node --experimental-websocket tools/wsclient/subscribe.mjs <ws url> <token> <query> [variables JSON]
//
// Prints one JSON line per event: {"data":...} for a result, {"error":[...]} when the server ends
// the subscription with an error, {"complete":true} when it completes, {"closed":{code,reason}}
// when the connection closes. Exits when the subscription ends (0 after complete, 1 otherwise).
// Node 22+ has WebSocket built in; Node 20 needs --experimental-websocket.
import { createClient } from 'graphql-ws';

const [url, token, query, variables] = process.argv.slice(2);
if (!url || !token || !query) {
  console.error('usage: subscribe.mjs <ws url> <token> <query> [variables JSON]');
  process.exit(2);
}
const out = (v) => process.stdout.write(JSON.stringify(v) + '\n');
const client = createClient({
  url,
  webSocketImpl: WebSocket,
  connectionParams: { Authorization: `Bearer ${token}` },
  retryAttempts: 0,
  lazy: false,
  on: { closed: (e) => out({ closed: { code: e?.code, reason: e?.reason } }) },
  // The closed event above already reports a refused or ended connection; without this,
  // graphql-ws also dumps the raw CloseEvent to stderr.
  onNonLazyError: () => {},
});
// An error is a list of GraphQL errors, a CloseEvent (the server closed the connection: its code
// and reason say why, e.g. 4403 refused token) or an Error.
const describe = (e) => Array.isArray(e) ? e
  : (e && typeof e.code === 'number') ? { code: e.code, reason: e.reason }
  : { message: String(e?.message ?? e) };
client.subscribe(
  { query, variables: variables ? JSON.parse(variables) : undefined },
  {
    next: (v) => out(v),
    error: (e) => { out({ error: describe(e) }); client.dispose(); process.exit(1); },
    complete: () => { out({ complete: true }); client.dispose(); process.exit(0); },
  },
);
