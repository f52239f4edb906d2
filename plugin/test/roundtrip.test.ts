// Round trip: every fixture (fixtures.ts) is materialized into the stand-in, read back into the
// result format (readback.ts) and compared with its input member for member: a member the
// materializer dropped, changed or added is a failure naming the node and member. With
// ROUNDTRIP_OUT set, the input and read-back trees are written there with their images, and
// `go test ./plugin` draws both with worker/preview and compares the pixels.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResultInput } from "@code2des/api/result";
import { materialize, PluginDataKey, type MaterializeWarning } from "../src/materialize.js";
import { DefaultFonts, install, StubFrame, type FontList } from "./figma-stub.js";
import { allNodeTypes, corpusResults, goldenResults, type Fixture } from "./fixtures.js";
import { Reader, asCreated, equalJson, isObj } from "./readback.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function toJson(v: unknown): Json {
  return JSON.parse(JSON.stringify(v ?? null));
}

/** Every difference between want and got, as "node <id> <path>: want ... got ...". */
function differences(want: Json, got: Json, path: string, nodeId: string, out: string[]): void {
  if (equalJson(want, got)) return;
  if (isObj(want) && isObj(got)) {
    const id = typeof want["id"] === "string" && ("children" in want || "type" in want) ? want["id"] : nodeId;
    const here = id !== nodeId ? "" : path;
    for (const k of new Set([...Object.keys(want), ...Object.keys(got)])) {
      const w = want[k];
      const g = got[k];
      if (w === undefined) out.push(`node ${id} ${here}${k}: not in the result, Figma has ${JSON.stringify(g)}`);
      else if (g === undefined) out.push(`node ${id} ${here}${k}: not applied (the result has ${JSON.stringify(w)})`);
      else differences(w, g, `${here}${k}.`, id, out);
    }
    return;
  }
  if (Array.isArray(want) && Array.isArray(got) && want.length === got.length) {
    want.forEach((w, i) => differences(w, got[i] ?? null, `${path.replace(/\.$/, "")}[${i}].`, nodeId, out));
    return;
  }
  out.push(`node ${nodeId} ${path.replace(/\.$/, "")}: the result has ${JSON.stringify(want)}, Figma ${JSON.stringify(got)}`);
}

/**
 * LayoutTolerance is the converter's layout.Tolerance (worker/convert/layout/engine.go): an
 * auto-layout frame is made only where Figma's rules put every flowing child within 1 px of its
 * captured box, which the result keeps; Figma places the child itself.
 */
const LayoutTolerance = 1;

/**
 * Takes, in want, Figma's x and y of each flowing child of an auto-layout frame that got places
 * within LayoutTolerance of the result's (children paired by id).
 */
function placedByLayout(want: Json, got: Json): void {
  if (!isObj(want) || !isObj(got) || !Array.isArray(want["children"]) || !Array.isArray(got["children"])) return;
  const auto = want["layoutMode"] === "HORIZONTAL" || want["layoutMode"] === "VERTICAL" || want["layoutMode"] === "GRID";
  const gotKids = got["children"];
  for (const w of want["children"]) {
    if (!isObj(w)) continue;
    const g = gotKids.find((k) => isObj(k) && k["id"] === w["id"]) ?? null;
    if (!isObj(g)) continue;
    if (auto && w["layoutPositioning"] !== "ABSOLUTE") {
      for (const k of ["x", "y"]) {
        const a = w[k];
        const b = g[k];
        if (typeof a === "number" && typeof b === "number" && Math.abs(a - b) <= LayoutTolerance) w[k] = b;
      }
    }
    placedByLayout(w, g);
  }
}

/**
 * The input tree with what the materializer reported it could not apply removed: a member
 * named by a SCROLL_BEHAVIOR_NOT_APPLIED warning (the Plugin API cannot set it) or a
 * TEXT_STYLE_NOT_APPLIED warning (a text style that would undo the node's ranges), and the
 * TEXTs that the list beside them draws (drawnByList: the plugin does not create them), a TEXT
 * with a listText as that list. Nothing else may be missing.
 */
function expectedTree(root: Json, warnings: MaterializeWarning[]): Json {
  const unscrolled = new Set(warnings.filter((w) => w.code === "SCROLL_BEHAVIOR_NOT_APPLIED").map((w) => w.nodeId));
  const unstyled = new Set(warnings.filter((w) => w.code === "TEXT_STYLE_NOT_APPLIED").map((w) => w.nodeId));
  const walk = (n: Json): Json => {
    if (typeof n !== "object" || n === null || Array.isArray(n)) return n;
    // A TEXT with a listText is created as the list it holds (its characters, ranges, height).
    const o = asCreated({ ...n });
    if (typeof o["id"] === "string" && unscrolled.has(o["id"])) delete o["scrollBehavior"];
    if (typeof o["id"] === "string" && unstyled.has(o["id"])) delete o["textStyleId"];
    if (Array.isArray(o["children"])) {
      const parent = o;
      const replaced = new Set(o["children"].flatMap((c) => {
        const r = typeof c === "object" && c !== null && !Array.isArray(c) && typeof c["listText"] === "object" && c["listText"] !== null && !Array.isArray(c["listText"]) ? c["listText"]["replaces"] : null;
        return Array.isArray(r) ? r : [];
      }));
      o["children"] = o["children"].filter((c) => !isListDrawn(c, parent, replaced)).map(walk);
    }
    return o;
  };
  return walk(root);
}

/**
 * Whether c, a child of parent, is a TEXT the plugin leaves out (drawnByList): a list marker's
 * TEXT, or one a sibling's listText replaces (replaced).
 */
function isListDrawn(c: Json, parent: { [k: string]: Json }, replaced: Set<Json>): boolean {
  if (typeof c !== "object" || c === null || Array.isArray(c) || c["type"] !== "TEXT") return false;
  if (replaced.has(c["id"] ?? null)) return true;
  const mode = parent["layoutMode"];
  const flows = mode !== undefined && mode !== "NONE" && c["layoutPositioning"] !== "ABSOLUTE";
  return c["listMarker"] === true && !flows;
}

const outDir = process.env["ROUNDTRIP_OUT"];

/** Writes a tree with its images as worker/preview reads them (stored result + image bytes). */
function writePreviewInput(name: string, kind: "original" | "readback", root: Json, result: ResultInput): void {
  if (!outDir) return;
  const dir = join(outDir, name.replace(/[^A-Za-z0-9.-]+/g, "_"));
  mkdirSync(dir, { recursive: true });
  const images = result.images.map((im) => ({ ref: im.ref, mime_type: im.mimeType, width: im.width, height: im.height }));
  writeFileSync(join(dir, `${kind}.json`), JSON.stringify({ root, images }));
  const bytes = Object.fromEntries(result.images.map((im) => [im.ref, im.svg !== null && im.svg !== undefined ? Buffer.from(im.svg).toString("base64") : (im.base64 ?? "")]));
  writeFileSync(join(dir, "images.json"), JSON.stringify(bytes));
}

/** Every font the result names (fontName members anywhere), plus the stand-in's defaults. */
function fontsOf(result: ResultInput): FontList {
  const fonts = new Map<string, string[]>([...DefaultFonts].map(([k, v]) => [k, [...v]]));
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (typeof v !== "object" || v === null) return;
    const family: unknown = Reflect.get(v, "family");
    const style: unknown = Reflect.get(v, "style");
    if (typeof family === "string" && typeof style === "string") fonts.set(family, [...(fonts.get(family) ?? []), style]);
    Object.values(v).forEach(walk);
  };
  walk([result.root, result.styles]);
  return fonts;
}

async function roundTrip(f: Fixture): Promise<void> {
  // The designer of the round trip has every font the result uses (fallbacks: materialize.test.ts).
  const stub = install(fontsOf(f.result));
  // Figma lays a text's characters out with its fonts; here each text takes its node's size.
  const textSizes = new Map<string, { width: number; height: number }>();
  const sizes = (n: unknown): void => {
    if (typeof n !== "object" || n === null) return;
    const { id, type, width, height, untransformedWidth, untransformedHeight, children, listText } = n as Record<string, unknown>;
    const w = untransformedWidth ?? width;
    // A TEXT with a listText is the list: its height.
    const listHeight: unknown = typeof listText === "object" && listText !== null ? Reflect.get(listText, "height") : undefined;
    const h = listHeight ?? untransformedHeight ?? height;
    if (type === "TEXT" && typeof id === "string" && typeof w === "number" && typeof h === "number") textSizes.set(id, { width: w, height: h });
    if (Array.isArray(children)) children.forEach(sizes);
  };
  sizes(f.result.root);
  stub.measureText = (t) => textSizes.get(t.getPluginData(PluginDataKey));
  const warnings: MaterializeWarning[] = [];
  const root = await materialize(f.result, { onWarning: (w) => warnings.push(w) });
  const unexpected = warnings.filter((w) => w.code !== "SCROLL_BEHAVIOR_NOT_APPLIED" && w.code !== "TEXT_STYLE_NOT_APPLIED");
  assert.deepEqual(unexpected, [], "warnings of a result the stand-in can take whole");
  const stubRoot = stub.currentPage.children.find((n) => n.id === root.id);
  assert.ok(stubRoot, "the root is on the current page");
  const reader = new Reader(stub, f.result);
  const back = toJson(reader.node(stubRoot, f.result.root));
  const want = expectedTree(toJson(f.result.root), warnings);
  placedByLayout(want, back);
  const diffs: string[] = [];
  differences(want, back, "", "(root)", diffs);
  const lib = reader.library();
  differences(toJson(f.result.styles ?? []), lib.styles, "styles.", "(styles)", diffs);
  differences(toJson(f.result.variables ?? null), lib.variables, "variables.", "(variables)", diffs);
  // A collection of modes is shown in its first on the page frame; Figma's default otherwise.
  const collection = [...stub.collections.values()][0];
  const shown = collection !== undefined && stubRoot instanceof StubFrame ? stubRoot.explicitVariableModes[collection.id] : undefined;
  const input: unknown = f.result.variables;
  const modes: unknown = typeof input === "object" && input !== null ? Reflect.get(input, "modes") : undefined;
  const firstMode = Array.isArray(modes) && modes.length > 1 ? collection?.modes[0]?.modeId : undefined;
  assert.equal(shown, firstMode, `${f.name}: the page frame's mode of the variable collection`);
  assert.deepEqual(diffs, [], `${f.name}: the materialized tree differs from the result`);
  writePreviewInput(f.name, "original", toJson(f.result.root), f.result);
  writePreviewInput(f.name, "readback", back, f.result);
}

test("a child auto layout places within LayoutTolerance of the result's box is compared at Figma's place, one past it is not", () => {
  const frame = (y: number, mode: string): Json => ({ id: "1:1", layoutMode: mode, children: [{ id: "1:2", x: 0, y }] });
  for (const [y, mode, taken] of [[LayoutTolerance, "HORIZONTAL", true], [LayoutTolerance + 0.01, "HORIZONTAL", false], [0.5, "NONE", false]] as const) {
    const want = frame(y, mode);
    placedByLayout(want, frame(0, mode));
    assert.equal(equalJson(want, frame(0, mode)), taken, `${mode} child ${y} px from Figma's place`);
  }
});

const golden = goldenResults();
const corpus = corpusResults();

test("there are golden and corpus results to round-trip", () => {
  assert.ok(golden.length >= 4, `golden results: ${golden.length}`);
  assert.ok(corpus.length >= 8, `corpus results: ${corpus.length} (run make plugin-results)`);
});

for (const f of [allNodeTypes(), ...golden, ...corpus]) {
  test(`round trip: ${f.name}`, () => roundTrip(f));
}
