import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

test("manifest names the built entry points", async () => {
  const manifest: unknown = JSON.parse(await readFile(new URL("../manifest.json", import.meta.url), "utf8"));
  assert.deepEqual(
    typeof manifest === "object" && manifest !== null && "main" in manifest && "ui" in manifest
      ? [manifest.main, manifest.ui]
      : null,
    ["dist/code.js", "dist/ui.html"],
  );
});
