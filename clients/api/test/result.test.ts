// parseResult: the API's JSON members checked against the result schema and narrowed to the
// generated types; each refusal names the node (or the top-level member) and the field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parseResult, ResultFormatError, type ResultInput } from "../src/result.js";
import { webSocketUrl } from "../src/client.js";

const golden: unknown = JSON.parse(readFileSync(new URL("../../../testdata/workers/result.json", import.meta.url), "utf8"));

function input(): ResultInput & { root: Record<string, unknown> } {
  assert.ok(typeof golden === "object" && golden !== null);
  const doc = structuredClone(Object.fromEntries(Object.entries(golden)));
  const root = doc["root"];
  assert.ok(typeof root === "object" && root !== null && !Array.isArray(root));
  return {
    root: Object.fromEntries(Object.entries(root)),
    styles: doc["styles"],
    variables: doc["variables"],
    images: [{ ref: "img-1", mimeType: "image/png", width: 640, height: 480, base64: "iVBORw0KGgo=", svg: null }],
  };
}

function refusal(r: ResultInput): ResultFormatError {
  try {
    parseResult(r);
  } catch (e) {
    assert.ok(e instanceof ResultFormatError);
    return e;
  }
  assert.fail("parseResult accepted it");
}

test("the golden result reads with its styles and variables", () => {
  const r = parseResult(input());
  assert.equal(r.root.id, "1:1");
  assert.deepEqual(r.styles.map((s) => `${s.id} ${s.type}`), ["S:1 PAINT", "S:2 PAINT", "S:3 TEXT", "S:4 EFFECT"]);
  assert.equal(r.variables?.variables.length, 2);
  assert.deepEqual([...r.images.keys()], ["img-1"]);
});

test("refusals name the node and the member", () => {
  const root = input();
  root.root = { ...root.root, type: "GROUP" };
  assert.equal(refusal(root).message, "invalid result: node 1:1, type: must be equal to constant (FRAME)");

  const paint = input();
  paint.root = { ...paint.root, fills: [{ type: "GRADIENT_LINEAR", gradientStops: [] }] };
  assert.equal(refusal(paint).message, "invalid result: node 1:1, fills[0].gradientTransform: must have required property 'gradientTransform'");

  const style = input();
  const styles = style.styles;
  assert.ok(Array.isArray(styles));
  style.styles = [{ ...styles[0], paints: [] }];
  assert.equal(refusal(style).message, "invalid result: styles[0].paints: must NOT have fewer than 1 items");

  const dangling = input();
  dangling.images = [];
  const e = refusal(dangling);
  assert.deepEqual([e.nodeId, e.field], ["1:4", "fills[0].imageRef"]);
  assert.equal(e.message, 'invalid result: node 1:4, fills[0].imageRef: no raster image "img-1" in the result');
});

test("webSocketUrl keeps host and path and switches the scheme", () => {
  assert.equal(webSocketUrl("http://127.0.0.1:8080/graphql"), "ws://127.0.0.1:8080/graphql");
  assert.equal(webSocketUrl("https://api.code2des.com/graphql"), "wss://api.code2des.com/graphql");
});
