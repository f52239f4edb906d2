// The main thread's message handling (src/code.ts) on the figma stand-in: settings kept with
// figma.clientStorage, the file key, and materialize requests answered with progress and the root
// node, or with the error and an unchanged canvas.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { ApiResult } from "@code2des/api/result";
import type { MainToUi, UiToMain } from "../src/messages.js";
import { DefaultSettings, SettingsStorageKey } from "../src/settings.js";
import { install } from "./figma-stub.js";
import { addPluginHost } from "./plugin-host.js";

const stub = install();
const received: MainToUi[] = [];
const waiting: { type: MainToUi["type"]; resolve: (m: MainToUi) => void }[] = [];
let shownHtml = "";
const host = addPluginHost(stub, {
  show: (html) => void (shownHtml = html),
  deliver(message) {
    if (!isMainToUi(message)) throw new Error(`not a MainToUi message: ${JSON.stringify(message)}`);
    received.push(message);
    const i = waiting.findIndex((w) => w.type === message.type);
    if (i >= 0) waiting.splice(i, 1)[0]?.resolve(message);
  },
  close: () => {},
});

function isMainToUi(m: unknown): m is MainToUi {
  return typeof m === "object" && m !== null && "type" in m && typeof m.type === "string";
}

/** Sends a UI message and waits for the main thread's answer of type. */
function ask<T extends MainToUi["type"]>(message: UiToMain, type: T): Promise<Extract<MainToUi, { type: T }>> {
  return new Promise((resolve) => {
    waiting.push({
      type,
      resolve: (m) => {
        if (m.type === type) resolve(m as Extract<MainToUi, { type: T }>); // TypeScript does not narrow by a type parameter; the check makes it exact
      },
    });
    host.fromUi(message);
  });
}

Object.assign(globalThis, { __html__: "<main>ui</main>" });
// A non-literal specifier: code.ts uses Figma's __html__ global, which the tests' typings leave
// out (test/globals.d.ts); it is type-checked with the plugin (tsconfig.json).
const entry = "../src/code.ts";
await import(entry);

const result: ApiResult = {
  code2desId: "01936d3d-1a2b-7c3d-8e4f-5a6b7c8d9e0f",
  pageImportId: "01936d3c-8f1a-7b2e-9c4d-5e6f7a8b9c0d",
  captureHash: "0".repeat(64),
  warningCount: 0,
  warnings: [],
  root: {
    id: "1:1", type: "FRAME", name: "example.com", x: 0, y: 0, width: 200, height: 100,
    fills: [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }],
    children: [
      { id: "1:2", type: "RECTANGLE", name: "box", x: 10, y: 10, width: 50, height: 40, fills: [{ type: "SOLID", color: { r: 1, g: 0, b: 0 } }] },
      { id: "1:3", type: "ELLIPSE", name: "dot", x: 70, y: 10, width: 20, height: 20, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 1 } }] },
    ],
  },
  images: [],
  styles: [],
  variables: null,
};

test("the UI is shown with the built HTML", () => {
  assert.equal(shownHtml, "<main>ui</main>");
});

test("ui-ready: the stored settings, or the defaults, and one file key for the document", async () => {
  const first = await ask({ type: "ui-ready" }, "init");
  assert.deepEqual(first.settings, DefaultSettings);
  assert.match(first.figmaFileKey, /^[0-9A-Za-z]{22}$/);
  const again = await ask({ type: "ui-ready" }, "init");
  assert.equal(again.figmaFileKey, first.figmaFileKey);
  assert.deepEqual([...host.rootData], [["code2des.fileKey", first.figmaFileKey]]);
});

test("save-settings: kept in clientStorage (normalized), read back on the next ui-ready", async () => {
  const settings = { apiUrl: "http://127.0.0.1:18080/graphql", token: "eyJ.t.k", refreshToken: "r.t", expiresAt: 1_900_000_000, projectId: "7", projects: ["7", "3"] };
  const saved = await ask({ type: "save-settings", settings: { ...settings, projects: [...settings.projects, ""] } }, "settings-saved");
  assert.deepEqual(saved.settings, settings);
  assert.deepEqual(host.storage.get(SettingsStorageKey), settings);
  assert.deepEqual((await ask({ type: "ui-ready" }, "init")).settings, settings);
});

test("open-external: an http(s) URL is opened in the browser, anything else is not", async () => {
  host.opened.length = 0;
  for (const url of ["http://127.0.0.1:8080/dashboard/signin#handoff=k", "javascript:alert(1)", "file:///etc/passwd", "https://api.example.com/dashboard/signin"]) {
    host.fromUi({ type: "open-external", url });
  }
  await new Promise((ok) => setImmediate(ok));
  assert.deepEqual(host.opened, ["http://127.0.0.1:8080/dashboard/signin#handoff=k", "https://api.example.com/dashboard/signin"]);
});

test("materialize: progress up to the total, then the root, placed and selected", async () => {
  received.length = 0;
  const before = stub.currentPage.children.length;
  const done = await ask({ type: "materialize", code2desId: "job-1", result, placementTarget: null }, "materialized");
  const root = stub.currentPage.children[before];
  assert.equal(stub.currentPage.children.length, before + 1);
  assert.deepEqual([done.code2desId, done.nodeId, done.warnings], ["job-1", root?.id, []]);
  assert.deepEqual([root?.name, stub.currentPage.selection.map((n) => n.id)], ["example.com", [done.nodeId]]);
  const progress = received.filter((m) => m.type === "materialize-progress");
  assert.deepEqual(progress.at(-1), { type: "materialize-progress", code2desId: "job-1", done: 3, total: 3 });
});

test("materialize of a malformed result: the error names the node and member, the canvas is unchanged", async () => {
  const before = stub.currentPage.children.map((n) => n.id);
  const root = { id: "1:1", type: "FRAME", name: "example.com", x: 0, y: 0, width: 200, height: 100 };
  const broken: ApiResult = { ...result, root: { ...root, children: [{ id: "1:9", type: "RECTANGLE", name: "box", x: 0, y: 0, width: "wide", height: 1 }] } };
  const failed = await ask({ type: "materialize", code2desId: "job-2", result: broken, placementTarget: null }, "materialize-failed");
  assert.equal(failed.code2desId, "job-2");
  assert.match(failed.message, /1:9/);
  assert.match(failed.message, /width/);
  assert.deepEqual(stub.currentPage.children.map((n) => n.id), before);
});
