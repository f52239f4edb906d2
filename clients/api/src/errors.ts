// Errors as the API words them, for both clients (the plugin and the dashboard): every failed
// call is shown as its `extensions.code` and message (with the field of a BAD_USER_INPUT and the
// request id of an INTERNAL), never rephrased. A call that never reached the API (no network,
// CORS, a closed WebSocket) says so with the browser's own words under the code NETWORK.
import type { CombinedError } from "@urql/core";

/** The code of an error that has no GraphQL answer: the request or the WebSocket failed. */
export const NetworkErrorCode = "NETWORK";

/** One error of a call, as the API gave it. */
export interface ApiError {
  /** extensions.code (schema enum ErrorCode), or NetworkErrorCode. */
  code: string;
  message: string;
  /** extensions.field: the input the error is about (BAD_USER_INPUT). */
  field?: string;
  /** extensions.requestId: names the request in the API's logs (INTERNAL). */
  requestId?: string;
}

/** The errors of a failed urql call: its GraphQL errors, or else its network error. */
export function apiErrors(e: CombinedError): ApiError[] {
  if (e.graphQLErrors.length > 0) {
    return e.graphQLErrors.map((g) => {
      const ext = g.extensions;
      const err: ApiError = { code: typeof ext.code === "string" ? ext.code : "ERROR", message: g.message };
      if (typeof ext.field === "string") err.field = ext.field;
      if (typeof ext.requestId === "string") err.requestId = ext.requestId;
      return err;
    });
  }
  return [networkError(e.networkError)];
}

/**
 * A failure below GraphQL: an Error (fetch's "Failed to fetch", an HTTP status urql could not
 * read as GraphQL), or the CloseEvent of the subscription socket (code 4403: token refused,
 * 4429: too many connections; its reason is the API's).
 */
export function networkError(n: unknown): ApiError {
  if (typeof n === "object" && n !== null) {
    const code: unknown = Reflect.get(n, "code");
    const reason: unknown = Reflect.get(n, "reason");
    if (typeof code === "number" && typeof reason === "string") {
      return { code: NetworkErrorCode, message: `the live connection closed (${code}${reason ? ": " + reason : ""})` };
    }
    const message: unknown = Reflect.get(n, "message");
    if (typeof message === "string" && message !== "") return { code: NetworkErrorCode, message };
  }
  return { code: NetworkErrorCode, message: n === undefined ? "the request failed" : String(n) };
}

/** One line per error: `CODE: field: message [request id]`. */
export function errorText(e: ApiError): string {
  return `${e.code}: ${e.field ? e.field + ": " : ""}${e.message}${e.requestId ? ` [request ${e.requestId}]` : ""}`;
}

/** Whether an error is below GraphQL (a subscription that fails so falls back to polling). */
export function isNetworkOnly(errors: readonly ApiError[]): boolean {
  return errors.every((e) => e.code === NetworkErrorCode);
}
