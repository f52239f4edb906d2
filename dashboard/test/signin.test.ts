// The sign-in pages' pure parts: where a sign-in may return to, the sign-in page's address, and
// the words of a failed step.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AuthError } from "@code2des/api/auth";
import { Base, safeReturn } from "../src/route.js";
import { signInHref } from "../src/signin/auth.js";
import { failureText } from "../src/signin/page.js";

test("a sign-in returns only to a path under the dashboard", () => {
  assert.equal(safeReturn("/dashboard/projects/1/imports?status=FAILED"), "/dashboard/projects/1/imports?status=FAILED");
  for (const other of ["", null, undefined, "https://evil.example/dashboard/", "//evil.example/dashboard/", "/graphql", "/dashboardx"]) {
    assert.equal(safeReturn(other), Base, String(other));
  }
  assert.equal(signInHref("/dashboard/projects/1"), "/dashboard/signin?return=%2Fdashboard%2Fprojects%2F1");
  assert.equal(signInHref("https://evil.example/"), "/dashboard/signin?return=%2Fdashboard%2F");
});

test("a used or expired handoff reads as such; other errors in the API's words", () => {
  const gone = "This sign-in link has expired or was already used. Start again from the plugin.";
  assert.equal(failureText(new AuthError(404, "NOT_FOUND", "the sign-in handoff is unknown or has expired")), gone);
  assert.equal(failureText(new AuthError(409, "CONFLICT", "the sign-in handoff has already been completed")), gone);
  assert.equal(failureText(new AuthError(401, "UNAUTHENTICATED", "a valid bearer token is required")), "UNAUTHENTICATED: a valid bearer token is required");
  assert.equal(failureText(new Error("boom")), "boom");
});
