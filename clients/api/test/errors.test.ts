import { test } from "node:test";
import assert from "node:assert/strict";
import { CombinedError } from "@urql/core";
import { GraphQLError } from "graphql";
import { apiErrors, errorText, isNetworkOnly, networkError } from "../src/errors.js";

test("GraphQL errors keep the API's code, field, message and request id", () => {
  const e = new CombinedError({
    graphQLErrors: [
      new GraphQLError("must be at most 3840", { extensions: { code: "BAD_USER_INPUT", field: "input.viewports[2].width" } }),
      new GraphQLError("internal error", { extensions: { code: "INTERNAL", requestId: "host/abc-000123" } }),
    ],
  });
  const errors = apiErrors(e);
  assert.deepEqual(errors, [
    { code: "BAD_USER_INPUT", message: "must be at most 3840", field: "input.viewports[2].width" },
    { code: "INTERNAL", message: "internal error", requestId: "host/abc-000123" },
  ]);
  assert.deepEqual(errors.map(errorText), [
    "BAD_USER_INPUT: input.viewports[2].width: must be at most 3840",
    "INTERNAL: internal error [request host/abc-000123]",
  ]);
  assert.equal(isNetworkOnly(errors), false);
});

test("a network failure says what the browser said", () => {
  const errors = apiErrors(new CombinedError({ networkError: new TypeError("Failed to fetch") }));
  assert.deepEqual(errors, [{ code: "NETWORK", message: "Failed to fetch" }]);
  assert.equal(isNetworkOnly(errors), true);
});

test("a closed subscription socket gives its close code and the API's reason", () => {
  assert.deepEqual(networkError({ code: 4403, reason: "Forbidden", wasClean: true }), {
    code: "NETWORK",
    message: "the live connection closed (4403: Forbidden)",
  });
  assert.deepEqual(networkError({ code: 1006, reason: "" }), { code: "NETWORK", message: "the live connection closed (1006)" });
  assert.deepEqual(networkError(undefined), { code: "NETWORK", message: "the request failed" });
});
