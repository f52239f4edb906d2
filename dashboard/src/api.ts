// The dashboard's link to the API: the shared urql client of @code2des/api on the API's own
// origin (/graphql over HTTP and WebSocket), errors as the API words them, and the connection
// state behind the "API down" banner.
import { createApiClient, type ApiClient } from "@code2des/api/client";
import { apiErrors, type ApiError } from "@code2des/api/errors";
import type { CombinedError, OperationResult } from "@urql/core";
import type { Auth } from "./auth.js";
import { Store } from "./store.js";

/** How often, in milliseconds, the dashboard asks /healthz whether the API is back while it is down. */
export const ApiDownPollMs = 2000;

export { errorText, type ApiError } from "@code2des/api/errors";

/** The connection as the banner shows it; epoch grows each time the API comes back, and views reload on it. */
export interface Connection {
  down: boolean;
  epoch: number;
  /** Whether the subscription socket is connected (acknowledged by the API). */
  live: boolean;
}

/** The API as the views use it. */
export class Api {
  readonly connection = new Store<Connection>({ down: false, epoch: 0, live: false });
  readonly urql: ApiClient;
  private polling = false;

  constructor(
    readonly auth: Auth,
    private readonly returnTo: () => string,
  ) {
    this.urql = createApiClient({
      url: new URL("/graphql", location.origin).toString(),
      token: () => auth.token() ?? "",
    });
    this.urql.ws.on("connected", () => this.connection.set({ ...this.connection.get(), live: true }));
    this.urql.ws.on("closed", () => this.connection.set({ ...this.connection.get(), live: false }));
  }

  /**
   * Looks at a finished call: an UNAUTHENTICATED answer sends the user to sign in and back here,
   * a call that got no answer marks the API down until /healthz answers again. Returns the errors
   * to show (none for a call that succeeded).
   */
  check(r: Pick<OperationResult, "error">): ApiError[] {
    if (!r.error) return [];
    const errors = apiErrors(r.error);
    if (errors.some((e) => e.code === "UNAUTHENTICATED")) {
      this.auth.refused(this.returnTo());
    } else if (isDown(r.error)) {
      this.markDown();
    }
    return errors;
  }

  /** Marks the API down and polls /healthz until it answers. */
  markDown(): void {
    if (!this.connection.get().down) this.connection.set({ ...this.connection.get(), down: true });
    if (this.polling) return;
    this.polling = true;
    const poll = async (): Promise<void> => {
      try {
        const res = await fetch("/healthz", { cache: "no-store" });
        if (res.ok) {
          this.polling = false;
          const c = this.connection.get();
          this.connection.set({ ...c, down: false, epoch: c.epoch + 1 });
          return;
        }
      } catch {
        // Still down.
      }
      setTimeout(() => void poll(), ApiDownPollMs);
    };
    setTimeout(() => void poll(), ApiDownPollMs);
  }
}

/** Whether an error means the API did not answer (no response, or a gateway's 502/503/504). */
function isDown(e: CombinedError): boolean {
  if (e.graphQLErrors.length > 0) return false;
  const status = e.response instanceof Response ? e.response.status : 0;
  return status === 0 || status === 502 || status === 503 || status === 504;
}
