// The URL is the list's state: parsing and writing routes, the keyset history of Previous.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DefaultPageSize, href, MaxBackCursors, nextPage, parseRoute, previousPage, withFilters, type ListParams } from "../src/route.js";

const blank: ListParams = { status: null, file: "", url: "", first: DefaultPageSize, after: "", back: [] };

test("a list URL round-trips with its filters and position", () => {
  const r = parseRoute("/dashboard/projects/7/imports", "?status=FAILED&url=http%3A%2F%2Fa.example%2F&first=10&after=c2&back=%2Cc1");
  assert.deepEqual(r, { view: "list", projectId: "7", kind: "imports", params: { status: "FAILED", file: "", url: "http://a.example/", first: 10, after: "c2", back: ["", "c1"] } });
  assert.deepEqual(parseRoute(...split(href(r))), r);
});

test("unknown values fall back to the defaults, other pages are not found", () => {
  const r = parseRoute("/dashboard/projects/7/code2des", "?status=nope&first=11&url=x&file=f");
  assert.deepEqual(r, { view: "list", projectId: "7", kind: "code2des", params: { ...blank, file: "f" } });
  assert.deepEqual(parseRoute("/dashboard/projects/x/imports", ""), { view: "notfound" });
  assert.deepEqual(parseRoute("/dashboard/", ""), { view: "projects" });
  assert.deepEqual(parseRoute("/dashboard/code2des/abc", ""), { view: "job", kind: "code2des", id: "abc" });
  assert.deepEqual(parseRoute("/dashboard/projects/7/summary", "?days=30"), { view: "summary", projectId: "7", days: 30 });
  assert.deepEqual(parseRoute("/dashboard/projects/7/summary", "?days=93"), { view: "summary", projectId: "7", days: 7 });
});

test("sign-in returns only to a dashboard path", () => {
  assert.deepEqual(parseRoute("/dashboard/signin", "?return=%2Fdashboard%2Fimports%2Fa"), { view: "signin", returnTo: "/dashboard/imports/a" });
  assert.deepEqual(parseRoute("/dashboard/signin", "?return=https%3A%2F%2Fevil.example%2F"), { view: "signin", returnTo: "/dashboard/" });
  assert.deepEqual(parseRoute("/dashboard/signin/callback", "?code=c&state=s"), { view: "signin-callback" });
  assert.deepEqual(parseRoute("/dashboard/signin/other", ""), { view: "notfound" });
});

test("Next and Previous walk the keyset pages; a filter starts over", () => {
  const p2 = nextPage(blank, "c1");
  const p3 = nextPage(p2, "c2");
  assert.deepEqual([p3.after, p3.back], ["c2", ["", "c1"]]);
  assert.deepEqual(previousPage(p3), { ...blank, after: "c1", back: [""] });
  assert.deepEqual(previousPage(previousPage(p3)), blank);
  assert.deepEqual(withFilters(p3, { status: "COMPLETED" }), { ...blank, status: "COMPLETED" });
});

test("the URL keeps at most MaxBackCursors earlier cursors", () => {
  let p = blank;
  for (let i = 1; i <= MaxBackCursors; i++) p = nextPage(p, `c${i}`);
  assert.equal(p.back.length, MaxBackCursors);
  assert.equal(p.back[0], "");
  p = nextPage(p, "more");
  assert.equal(p.back.length, MaxBackCursors);
  assert.equal(p.back[0], "c1");
});

function split(h: string): [string, string] {
  const i = h.indexOf("?");
  return i < 0 ? [h, ""] : [h.slice(0, i), h.slice(i)];
}
