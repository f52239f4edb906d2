import { test } from "node:test";
import assert from "node:assert/strict";
import { MaxViewportHeight, MaxViewportWidth, MinViewportHeight, MinViewportWidth, viewportsOf } from "../../src/ui/viewports.js";

const custom = (customWidth: string, customHeight: string) => viewportsOf({ presets: [], custom: true, customWidth, customHeight });

test("presets in their order, then the custom size", () => {
  assert.deepEqual(viewportsOf({ presets: ["mobile", "desktop", "tablet"], custom: true, customWidth: "1024", customHeight: "700" }), {
    viewports: [
      { width: 1440, height: 900 },
      { width: 768, height: 1024 },
      { width: 390, height: 844 },
      { width: 1024, height: 700 },
    ],
  });
});

test("custom sizes at and just past the API's bounds", () => {
  assert.deepEqual(custom(String(MinViewportWidth), String(MinViewportHeight)), { viewports: [{ width: 320, height: 240 }] });
  assert.deepEqual(custom(String(MaxViewportWidth), String(MaxViewportHeight)), { viewports: [{ width: 3840, height: 4320 }] });
  assert.match(String(Object.values(custom("319", "600"))[0]), /width must be a whole number from 320 to 3840/);
  assert.match(String(Object.values(custom("3841", "600"))[0]), /width/);
  assert.match(String(Object.values(custom("800", "239"))[0]), /height must be a whole number from 240 to 4320/);
  assert.match(String(Object.values(custom("800", "4321"))[0]), /height/);
  assert.match(String(Object.values(custom("800.5", "600"))[0]), /width/);
});

test("none picked is a problem before any request", () => {
  assert.deepEqual(viewportsOf({ presets: [], custom: false, customWidth: "", customHeight: "" }), { problem: "pick at least one viewport" });
});
