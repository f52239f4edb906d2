import { test } from "node:test";
import assert from "node:assert/strict";
import type { Code2DesStateFragment, PageImportStateFragment } from "@code2des/api";
import {
  initialState,
  isNewer,
  showing,
  startPlacement,
  Store,
  withErrors,
  withImport,
  withJob,
  withPlaced,
  withProgress,
  withRecentPage,
  withRecorded,
} from "../../src/ui/state.js";

const pageImport = (over: Partial<PageImportStateFragment> = {}): PageImportStateFragment => ({
  id: "pi-1",
  projectId: "7",
  sourceUrl: "https://example.com/",
  viewport: { width: 1440, height: 900 },
  deviceScaleFactor: 1,
  readySelector: null,
  status: "PROCESSING",
  attempt: 1,
  hasScreenshot: false,
  errorMessage: null,
  createdAt: "2026-12-01T10:00:00Z",
  updatedAt: "2026-12-01T10:00:00Z",
  ...over,
});

const job = (over: Partial<Code2DesStateFragment> = {}): Code2DesStateFragment => ({
  id: "job-1",
  projectId: "7",
  pageImportId: "pi-1",
  figmaFileKey: "key",
  screenId: "example-com-1440w-abcdef",
  placementTarget: null,
  status: "PROCESSING",
  attempt: 1,
  warningCount: null,
  errorMessage: null,
  materializedAt: null,
  materializedNodeId: null,
  fidelityScore: null,
  createdAt: "2026-12-01T10:01:00Z",
  updatedAt: "2026-12-01T10:01:00Z",
  ...over,
});

test("a value never goes back: an older update of a job is ignored", () => {
  const done = pageImport({ status: "COMPLETED", updatedAt: "2026-12-01T10:00:05.5Z" });
  let s = withImport(initialState(), done);
  // A poll answered before the subscription's event arrives after it.
  s = withImport(s, pageImport({ updatedAt: "2026-12-01T10:00:01Z" }));
  assert.equal(s.imports["pi-1"]?.status, "COMPLETED");
  // A retry is a later attempt, even with the same time.
  s = withImport(s, pageImport({ attempt: 2, updatedAt: "2026-12-01T10:00:05.5Z" }));
  assert.deepEqual([s.imports["pi-1"]?.status, s.imports["pi-1"]?.attempt], ["PROCESSING", 2]);
  // An earlier attempt never wins again.
  s = withImport(s, pageImport({ status: "FAILED", attempt: 1, updatedAt: "2026-12-01T11:00:00Z" }));
  assert.equal(s.imports["pi-1"]?.attempt, 2);
});

test("isNewer compares times as instants, not as text", () => {
  // 10:00:05Z and 10:00:05.000001Z: the later one has a fraction the earlier lacks.
  assert.equal(isNewer({ attempt: 1, updatedAt: "2026-12-01T10:00:05.000001Z" }, { attempt: 1, updatedAt: "2026-12-01T10:00:05Z" }), false);
  assert.equal(isNewer({ attempt: 1, updatedAt: "2026-12-01T10:00:05Z" }, { attempt: 1, updatedAt: "2026-12-01T10:00:05Z" }), true);
  assert.equal(isNewer({ attempt: 1, updatedAt: "2026-12-01T10:00:05.000002Z" }, { attempt: 1, updatedAt: "2026-12-01T10:00:05.000001Z" }), false);
  assert.equal(isNewer({ attempt: 1, updatedAt: "2026-12-01T10:00:05.9Z" }, { attempt: 1, updatedAt: "2026-12-01T11:00:05+01:00" }), false);
  assert.equal(isNewer(undefined, { attempt: 1, updatedAt: "2026-12-01T10:00:05Z" }), true);
});

test("a job is shown with its import unless another one was chosen", () => {
  let s = withJob(initialState(), job());
  assert.equal(s.jobOf["pi-1"], "job-1");
  s = withJob(s, job({ id: "job-2" }));
  assert.equal(s.jobOf["pi-1"], "job-1", "a second job of the import does not replace the one shown");
  s = showing(s, ["pi-1"], { "pi-1": "job-2" });
  assert.deepEqual([s.tab, s.shown, s.jobOf["pi-1"]], ["import", ["pi-1"], "job-2"]);
});

test("errors are set and cleared per place", () => {
  let s = withErrors(initialState(), "form", [{ code: "BAD_USER_INPUT", message: "must use http or https", field: "input.sourceUrl" }]);
  s = withErrors(s, "job:job-1", [{ code: "NOT_FOUND", message: "not found" }]);
  assert.deepEqual(Object.keys(s.errors).sort(), ["form", "job:job-1"]);
  s = withErrors(s, "form", []);
  assert.deepEqual(Object.keys(s.errors), ["job:job-1"]);
});

test("a placement goes from progress to placed to recorded; a new one starts over", () => {
  let s = startPlacement(initialState(), "job-1");
  s = withProgress(s, "job-1", 250, 612);
  assert.deepEqual(s.placements["job-1"], { done: 250, total: 612, warnings: [] });
  s = withProgress(s, "job-1", 612, 612);
  s = withPlaced(s, "job-1", "12:34", [{ code: "FONT_SUBSTITUTED", message: "Roboto Bold -> Inter Bold", nodeId: "1:5" }]);
  s = withRecorded(s, "job-1", false, "9:9");
  assert.deepEqual(s.placements["job-1"], {
    done: 612,
    total: 612,
    nodeId: "12:34",
    warnings: [{ code: "FONT_SUBSTITUTED", message: "Roboto Bold -> Inter Bold", nodeId: "1:5" }],
    recorded: false,
    recordedNodeId: "9:9",
  });
  s = startPlacement(s, "job-1");
  assert.deepEqual(s.placements["job-1"], { done: 0, total: 0, warnings: [] });
});

test("keyset pages append without repeating an id a shifted page brings again", () => {
  let list = withRecentPage(initialState().recentJobs, ["c", "b"], "cur-b", true, true);
  list = withRecentPage(list, ["b", "a"], "cur-a", false, false);
  assert.deepEqual(list, { ids: ["c", "b", "a"], endCursor: "cur-a", hasNextPage: false, loading: false });
  // The first page again (after an import) starts the list over.
  list = withRecentPage(list, ["d", "c"], "cur-c", true, true);
  assert.deepEqual(list.ids, ["d", "c"]);
});

test("the store tells its listeners once per change, never for the same state", () => {
  const store = new Store(initialState());
  let draws = 0;
  store.subscribe(() => draws++);
  store.update((s) => s);
  store.update((s) => ({ ...s, tab: "recent" }));
  assert.deepEqual([draws, store.get().tab], [1, "recent"]);
});
