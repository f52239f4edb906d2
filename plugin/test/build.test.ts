// The plugin as Figma loads it: the manifest, and the main thread's code as esbuild bundles it
// for Figma's sandbox (ES2017, no eval: the result validators are compiled ahead of time).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { build } from "esbuild";

test("the manifest names the built files, dynamic page access and the API's origins", async () => {
  const manifest: unknown = JSON.parse(await readFile(new URL("../manifest.json", import.meta.url), "utf8"));
  assert.ok(typeof manifest === "object" && manifest !== null);
  assert.deepEqual(
    Object.fromEntries(["api", "editorType", "main", "ui", "documentAccess"].map((k) => [k, Reflect.get(manifest, k)])),
    { api: "1.0.0", editorType: ["figma"], main: "dist/code.js", ui: "dist/ui.html", documentAccess: "dynamic-page" },
  );
  const network: unknown = Reflect.get(manifest, "networkAccess");
  assert.ok(typeof network === "object" && network !== null);
  assert.deepEqual(Reflect.get(network, "devAllowedDomains"), [
    "http://127.0.0.1:8080",
    "ws://127.0.0.1:8080",
    "http://localhost:8080",
    "ws://localhost:8080",
    // The local S3 server: the UI shows capture thumbnails from its presigned URLs.
    "http://127.0.0.1:4566",
    "http://localhost:4566",
  ]);
  assert.deepEqual(Reflect.get(network, "allowedDomains"), [
    "https://api.code2des.com",
    "wss://api.code2des.com",
    // The user pool: the issuer's discovery document and the token endpoint of the refresh.
    "https://*.amazonaws.com",
    "https://*.amazoncognito.com",
  ]);
});

test("the materializer bundles for Figma's sandbox without eval or require", async () => {
  const out = await build({
    entryPoints: [new URL("../src/materialize.ts", import.meta.url).pathname],
    bundle: true,
    format: "iife",
    target: "es2017",
    write: false,
    logLevel: "silent",
  });
  const code = out.outputFiles[0]?.text ?? "";
  assert.ok(code.includes("createNodeFromSvg"), "the bundle holds the materializer");
  assert.doesNotMatch(code, /\beval\(|new Function\(|\brequire\(/);
});
