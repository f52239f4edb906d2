// materialize(): all or nothing (each failure leaves the canvas, styles and variables as they
// were and names the node and member), font fallbacks, the SVG raster fallback, progress in
// batches, placement, and members Figma's node types lack.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Node, ResultInput } from "@code2des/api/result";
import { ComponentDataKey, ComponentsFrameName, DefaultBatchSize, IconDataKey, IconPropertyName, TextPropertyName, FallbackFamily, MaterializeError, PluginDataKey, materialize, type MaterializeWarning } from "../src/materialize.js";
import { PlacementGap } from "../src/materialize/placement.js";
import { VariantSpacing } from "../src/materialize/variants.js";
import { DefaultFonts, StubComponent, StubComponentSet, StubFrame, StubInstance, StubLayer, StubRectangle, StubText, install, type Fault, type StubFigma } from "./figma-stub.js";
import { allNodeTypes, card, goldenResults, png, svg, withStates } from "./fixtures.js";

/** A small valid result: a frame holding a rectangle with an image, a text and an SVG. */
function small(): { root: Record<string, unknown>; styles: unknown[]; variables: unknown; images: ResultInput["images"] } {
  return {
    root: {
      type: "FRAME", id: "1:1", name: "Page", x: 0, y: 0, width: 400, height: 300,
      fills: [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }],
      children: [
        { type: "RECTANGLE", id: "1:2", name: "Photo", x: 10, y: 10, width: 80, height: 60, fills: [{ type: "IMAGE", imageRef: "photo", scaleMode: "FILL" }] },
        { type: "TEXT", id: "1:3", name: "Title", x: 10, y: 80, width: 200, height: 24, characters: "Title", fontName: { family: "Inter", style: "Bold" }, fontSize: 20, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }] },
        { type: "SVG", id: "1:4", name: "Icon", x: 300, y: 10, width: 24, height: 24, imageRef: "icon" },
      ],
    },
    styles: [{ id: "S:1", type: "PAINT", name: "Color/brand", paints: [{ type: "SOLID", color: { r: 0, g: 0, b: 1 }, boundVariables: { color: { type: "VARIABLE_ALIAS", id: "V:1" } } }] }],
    variables: { collection: "CSS custom properties", variables: [{ id: "V:1", name: "color/brand", resolvedType: "COLOR", value: { r: 0, g: 0, b: 1, a: 1 } }] },
    images: [
      { ref: "photo", mimeType: "image/png", width: 4, height: 4, base64: png(4, 4), svg: null },
      { ref: "icon", mimeType: "image/svg+xml", width: 24, height: 24, base64: null, svg: svg(24, 24) },
    ],
  };
}

/** What a failed materialize must leave: an empty page, no styles, no variables, nothing selected. */
function assertUntouched(stub: StubFigma): void {
  assert.deepEqual(stub.currentPage.children.map((n) => `${n.type} ${n.name}`), [], "nodes left on the canvas");
  assert.equal(stub.styles.size, 0, "styles left");
  assert.equal(stub.collections.size, 0, "variable collections left");
  assert.equal(stub.variables.all.size, 0, "variables left");
  assert.deepEqual(stub.currentPage.selection, []);
}

async function failure(result: ResultInput, faults: Fault[] = []): Promise<{ stub: StubFigma; error: MaterializeError }> {
  const stub = install(DefaultFonts, faults);
  let error: unknown;
  try {
    await materialize(result);
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof MaterializeError, `materialize did not fail with a MaterializeError: ${String(error)}`);
  assertUntouched(stub);
  return { stub, error };
}

test("a malformed result fails before anything is created, naming node and member", async () => {
  const r = small();
  const kids = r.root["children"];
  assert.ok(Array.isArray(kids));
  kids[1] = { ...kids[1], fills: [{ type: "SOLID" }] };
  const { stub, error } = await failure(r);
  assert.equal(error.message, "node 1:3, fills[0].color: must have required property 'color'");
  assert.deepEqual([error.nodeId, error.field], ["1:3", "fills[0].color"]);
  assert.deepEqual(stub.calls, []);
});

test("a result member with a value Figma does not know fails, naming it", async () => {
  const r = small();
  r.root["layoutMode"] = "DIAGONAL";
  const { error } = await failure(r);
  assert.equal(error.message, "node 1:1, layoutMode: must be equal to one of the allowed values (NONE, HORIZONTAL, VERTICAL, GRID)");
});

test("an image Figma refuses fails the whole result, naming the first node and paint using it", async () => {
  const r = small();
  r.images = [{ ref: "photo", mimeType: "image/png", width: 4, height: 4, base64: Buffer.from("not an image").toString("base64"), svg: null }, ...r.images.slice(1)];
  const { error } = await failure(r);
  assert.equal(error.message, "node 1:2, fills[0].imageRef: Figma refused it: Image type is unsupported");
});

test("an SVG Figma rejects, without a raster form, removes the partial root", async () => {
  const r = small();
  r.images = [r.images[0] ?? assert.fail(), { ref: "icon", mimeType: "image/svg+xml", width: 24, height: 24, base64: null, svg: "<svg><g></svg" }];
  const { stub, error } = await failure(r);
  assert.equal(error.message, "node 1:4, imageRef: Figma could not import the SVG and the node has no raster form: Failed to import SVG");
  assert.ok(stub.calls.some((c) => c.startsWith("remove ")), "the partial tree was removed");
});

test("an SVG Figma rejects falls back to its raster form with a warning", async () => {
  const r = small();
  const kids = r.root["children"];
  assert.ok(Array.isArray(kids));
  kids[2] = { ...kids[2], fills: [{ type: "IMAGE", imageRef: "photo", scaleMode: "FIT" }] };
  r.images = [r.images[0] ?? assert.fail(), { ref: "icon", mimeType: "image/svg+xml", width: 24, height: 24, base64: null, svg: "not svg" }];
  const stub = install();
  const warnings: MaterializeWarning[] = [];
  const root = await materialize(r, { onWarning: (w) => warnings.push(w) });
  assert.deepEqual(warnings, [{ code: "SVG_RASTER_FALLBACK", message: "Figma could not import the SVG (Failed to import SVG); its raster form is used instead", nodeId: "1:4" }]);
  const icon = stub.currentPage.children[0] instanceof StubFrame ? stub.currentPage.children[0].children[2] : undefined;
  assert.ok(icon instanceof StubRectangle);
  assert.equal(icon.name, "Icon");
  assert.deepEqual([icon.x, icon.y, icon.width, icon.height], [300, 10, 24, 24]);
  assert.equal(icon.fills[0]?.type, "IMAGE");
  assert.equal(root.id, stub.currentPage.children[0]?.id);
});

test("a Plugin API error half way removes everything created, naming the node", async () => {
  const { stub, error } = await failure(allNodeTypes().result, [{ method: "createEllipse", message: "in createEllipse: out of memory" }]);
  assert.equal(error.message, "node 1:4, type: Figma refused it: in createEllipse: out of memory");
  assert.ok(stub.calls.filter((c) => c.startsWith("create")).length > 5, "the failure came half way");
});

test("a style bound to a variable the result lacks fails, and the variables made are removed", async () => {
  const r = small();
  r.styles = [{ id: "S:1", type: "PAINT", name: "Color/brand", paints: [{ type: "SOLID", color: { r: 0, g: 0, b: 1 }, boundVariables: { color: { type: "VARIABLE_ALIAS", id: "V:9" } } }] }];
  const { stub, error } = await failure(r);
  assert.equal(error.message, 'styles[0].paints[0].boundVariables.color: no variable "V:9" in the result');
  assert.ok(stub.calls.includes("createVariable color/brand"));
});

/** small() with the modes Light and Dark, V:1 blue in Light and light blue in Dark. */
function themed(): ReturnType<typeof small> {
  const r = small();
  r.variables = {
    collection: "CSS custom properties",
    modes: ["Light", "Dark"],
    variables: [{ id: "V:1", name: "color/brand", resolvedType: "COLOR", value: { r: 0, g: 0, b: 1, a: 1 }, valuesByMode: { Dark: { r: 0.5, g: 0.5, b: 1, a: 1 } }, codeSyntax: { WEB: "var(--brand)" } }],
  };
  return r;
}

test("a collection of modes gets them, each variable its value in each, and the page frame shows the first", async () => {
  const stub = install();
  const warnings: MaterializeWarning[] = [];
  const root = await materialize(themed(), { onWarning: (w) => warnings.push(w) });
  assert.deepEqual(warnings, []);
  const c = [...stub.collections.values()][0];
  assert.ok(c);
  assert.deepEqual(c.modes.map((m) => m.name), ["Light", "Dark"]);
  const v = [...stub.variables.all.values()][0];
  assert.ok(v);
  assert.deepEqual(v.valuesByMode.get(c.modes[0]?.modeId ?? ""), { r: 0, g: 0, b: 1, a: 1 });
  assert.deepEqual(v.valuesByMode.get(c.modes[1]?.modeId ?? ""), { r: 0.5, g: 0.5, b: 1, a: 1 });
  assert.equal(v.codeSyntax.WEB, "var(--brand)");
  const frame = stub.currentPage.children.find((n) => n.id === root.id);
  assert.ok(frame instanceof StubFrame);
  assert.deepEqual(frame.explicitVariableModes, { [c.id]: c.modes[0]?.modeId });
});

test("a plan of one mode per collection keeps the first mode, with a warning", async () => {
  const stub = install(DefaultFonts, [{ method: "addMode", message: "in addMode: Limited to 1 modes only" }]);
  const warnings: MaterializeWarning[] = [];
  const root = await materialize(themed(), { onWarning: (w) => warnings.push(w) });
  assert.deepEqual(warnings.map((w) => w.code), ["VARIABLE_MODES_LIMITED"]);
  assert.match(warnings[0]?.message ?? "", /Dark.*Limited to 1 modes only.*Light values only/);
  const c = [...stub.collections.values()][0];
  assert.ok(c);
  assert.deepEqual(c.modes.map((m) => m.name), ["Light"]);
  const v = [...stub.variables.all.values()][0];
  assert.deepEqual([...(v?.valuesByMode.values() ?? [])], [{ r: 0, g: 0, b: 1, a: 1 }]);
  const frame = stub.currentPage.children.find((n) => n.id === root.id);
  assert.ok(frame instanceof StubFrame);
  assert.deepEqual(frame.explicitVariableModes, {});
});

test("a value for a mode the collection lacks fails, naming the variable", async () => {
  const r = themed();
  r.variables = { ...(r.variables as object), modes: ["Light", "Dim"] };
  const { error } = await failure(r);
  assert.equal(error.message, 'variables.variables[0].valuesByMode: mode "Dark" is not one of the collection\'s modes after the first');
});

test("a font the user lacks is replaced by the fallback and reported, not thrown", async () => {
  const r = small();
  const kids = r.root["children"];
  assert.ok(Array.isArray(kids));
  kids[1] = { ...kids[1], fontName: { family: "Roboto Slab", style: "Bold" } };
  const stub = install(new Map([["Inter", ["Regular", "Bold"]]]));
  const warnings: MaterializeWarning[] = [];
  await materialize(r, { onWarning: (w) => warnings.push(w) });
  assert.deepEqual(warnings, [{ code: "FONT_SUBSTITUTED", message: "Roboto Slab Bold is not available; Inter Bold is used instead (1 text layer)", nodeId: "1:3" }]);
  const title = stub.currentPage.children[0] instanceof StubFrame ? stub.currentPage.children[0].children[1] : undefined;
  assert.ok(title instanceof StubText);
  assert.deepEqual(title.fontName, { family: FallbackFamily, style: "Bold" });
  assert.equal(title.characters, "Title");
});

test("a font whose style the fallback lacks falls back to Inter Regular", async () => {
  const r = small();
  const kids = r.root["children"];
  assert.ok(Array.isArray(kids));
  kids[1] = { ...kids[1], fontName: { family: "Roboto Slab", style: "Condensed Heavy" } };
  install(new Map([["Inter", ["Regular", "Bold"]]]));
  const warnings: MaterializeWarning[] = [];
  await materialize(r, { onWarning: (w) => warnings.push(w) });
  assert.equal(warnings[0]?.message, "Roboto Slab Condensed Heavy is not available; Inter Regular is used instead (1 text layer)");
});

test("progress is reported per batch and at the end, nodes done of total", async () => {
  install();
  const calls: [number, number][] = [];
  await materialize(allNodeTypes().result, { batchSize: 4, onProgress: (done, total) => calls.push([done, total]) });
  // 29 nodes made: the uses of a component included (its main component's layers are not
  // counted), the two list markers the list beside them draws not (they are not created).
  assert.deepEqual(calls, [[4, 29], [8, 29], [12, 29], [16, 29], [20, 29], [24, 29], [28, 29], [29, 29]]);
  assert.ok(DefaultBatchSize >= 100);
});

test("the root goes beside the selection, is selected and zoomed to", async () => {
  const stub = install();
  const other = stub.createRectangle();
  other.x = 1000;
  other.y = 50;
  other.resize(200, 100);
  stub.currentPage.selection = [other];
  const root = await materialize(small());
  const placed = stub.currentPage.children.find((n) => n.id === root.id);
  assert.ok(placed);
  assert.deepEqual([placed.x, placed.y], [1000 + 200 + 100, 50]);
  assert.deepEqual(stub.currentPage.selection.map((n) => n.id), [root.id]);
  assert.deepEqual(stub.viewport.zoomedInto.map((n) => n.id), [root.id]);
});

test("without a selection the root is centred in the viewport", async () => {
  const stub = install();
  const root = await materialize(small());
  const placed = stub.currentPage.children.find((n) => n.id === root.id);
  assert.deepEqual([placed?.x, placed?.y], [500 - 200, 300 - 150]);
});

test("placementTarget: a page takes the root and becomes current; an unknown one falls back with a warning", async () => {
  const stub = install();
  const page = stub.addPage("Imports");
  const root = await materialize(small(), { placementTarget: page.id });
  assert.equal(stub.currentPage, page);
  assert.deepEqual(page.children.map((n) => n.id), [root.id]);
  assert.deepEqual(page.selection.map((n) => n.id), [root.id]);

  const again = install();
  const warnings: MaterializeWarning[] = [];
  await materialize(small(), { placementTarget: "99:99", onWarning: (w) => warnings.push(w) });
  assert.deepEqual(warnings.map((w) => w.code), ["PLACEMENT_TARGET_NOT_FOUND"]);
  assert.equal(again.currentPage.children.length, 1);
});

test("a member Figma's node type lacks, or one outside the format, is reported", async () => {
  const r = small();
  const kids = r.root["children"];
  assert.ok(Array.isArray(kids));
  kids[1] = { ...kids[1], cornerRadius: 4, rotation: 45 };
  install();
  const warnings: MaterializeWarning[] = [];
  await materialize(r, { onWarning: (w) => warnings.push(w) });
  assert.deepEqual(warnings, [
    { code: "MEMBER_NOT_APPLIED", message: "Figma's TEXT has no cornerRadius; not applied", nodeId: "1:3" },
    { code: "MEMBER_NOT_APPLIED", message: "TEXT member rotation is not part of the result format; not applied", nodeId: "1:3" },
  ]);
});

test("styles and variables are created once per id and nodes bound to them", async () => {
  const stub = install();
  const r = small();
  const kids = r.root["children"];
  assert.ok(Array.isArray(kids));
  kids.push({ type: "RECTANGLE", id: "1:5", name: "A", x: 0, y: 0, width: 1, height: 1, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 1 } }], fillStyleId: "S:1" });
  kids.push({ type: "RECTANGLE", id: "1:6", name: "B", x: 0, y: 0, width: 1, height: 1, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 1 } }], fillStyleId: "S:1" });
  await materialize(r);
  assert.equal(stub.calls.filter((c) => c === "createPaintStyle").length, 1);
  const [style] = [...stub.styles.values()];
  const frame = stub.currentPage.children[0];
  assert.ok(frame instanceof StubFrame);
  const [a, b] = frame.children.slice(3);
  assert.ok(a instanceof StubRectangle && b instanceof StubRectangle);
  assert.equal(a.fillStyleId, style?.id);
  assert.equal(b.fillStyleId, style?.id);
  const variable = [...stub.variables.all.values()][0];
  assert.deepEqual(a.fills[0], { type: "SOLID", color: { r: 0, g: 0, b: 1 }, boundVariables: { color: { type: "VARIABLE_ALIAS", id: variable?.id } } });
});

test("a TEXT is bound only to a text style of its own line breaking; another is left unbound with a warning", async () => {
  const stub = install();
  const r = small();
  const kids = r.root["children"];
  assert.ok(Array.isArray(kids));
  const text = (id: string, wrap: string | undefined, styleId: string): Record<string, unknown> => ({
    type: "TEXT", id, name: id, x: 0, y: 120, width: 120, height: 24, characters: "Balanced words", fontName: { family: "Inter", style: "Regular" }, fontSize: 16,
    textAutoResize: "HEIGHT", ...(wrap === undefined ? {} : { textWrapStyle: wrap }), textStyleId: styleId, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }],
  });
  // A balanced TEXT in its balanced style, a balanced one given the AUTO style, an AUTO one given the balanced style.
  kids.push(text("1:5", "BALANCE", "S:3"), text("1:6", "BALANCE", "S:2"), text("1:7", undefined, "S:3"));
  const body = { type: "TEXT", fontName: { family: "Inter", style: "Regular" }, fontSize: 16 };
  r.styles.push({ id: "S:2", name: "Text/Body 16", ...body }, { id: "S:3", name: "Text/Body 16 balanced", textWrapStyle: "BALANCE", ...body });
  const warnings: MaterializeWarning[] = [];
  await materialize(r, { onWarning: (w) => warnings.push(w) });
  const frame = stub.currentPage.children[0];
  assert.ok(frame instanceof StubFrame);
  const texts = frame.children.slice(3);
  const styles = [...stub.styles.values()];
  const balanced = styles.find((s) => s.name === "Text/Body 16 balanced");
  assert.deepEqual(texts.map((t) => {
    assert.ok(t instanceof StubText);
    return [t.name, t.textWrapStyle, t.textStyleId === balanced?.id ? "balanced style" : String(t.textStyleId)];
  }), [["1:5", "BALANCE", "balanced style"], ["1:6", "BALANCE", ""], ["1:7", "AUTO", ""]]);
  assert.deepEqual(warnings.map((w) => [w.code, w.nodeId]), [["TEXT_STYLE_NOT_APPLIED", "1:6"], ["TEXT_STYLE_NOT_APPLIED", "1:7"]]);
});

test("filter, backdrop and outline nodes in the result format are applied: blurs, a shadow behind its frame, an outside stroke, a ring", async () => {
  const stub = install();
  const r = small();
  const blue = { r: 0.1451, g: 0.3882, b: 0.9216 };
  r.root["children"] = [
    {
      type: "FRAME", id: "1:2", name: "Glass", x: 10, y: 10, width: 200, height: 120, fills: [{ type: "SOLID", color: { r: 1, g: 1, b: 1 }, opacity: 0.3 }],
      effects: [
        { type: "DROP_SHADOW", color: { r: 0, g: 0, b: 0, a: 0.5 }, offset: { x: 4, y: 6 }, radius: 10, visible: true, blendMode: "NORMAL", showShadowBehindNode: true },
        { type: "LAYER_BLUR", radius: 8, visible: true },
        { type: "BACKGROUND_BLUR", radius: 16, visible: true },
      ],
    },
    { type: "FRAME", id: "1:3", name: "Solid", x: 10, y: 150, width: 120, height: 60, fills: [], strokes: [{ type: "SOLID", color: blue }], strokeAlign: "OUTSIDE", strokeWeight: 2 },
    { type: "FRAME", id: "1:4", name: "Offset", x: 10, y: 250, width: 120, height: 60, fills: [], cornerRadius: 8 },
    { type: "RECTANGLE", id: "1:5", name: "Offset (outline)", x: 3, y: 243, width: 134, height: 74, fills: [], strokes: [{ type: "SOLID", color: blue }], strokeAlign: "INSIDE", strokeWeight: 3, dashPattern: [9, 9], cornerRadius: 15 },
  ];
  await materialize(r);
  const page = stub.currentPage.children[0];
  assert.ok(page instanceof StubFrame);
  const byName = new Map(page.children.map((n) => [n.name, n]));
  const glass = byName.get("Glass");
  assert.ok(glass instanceof StubFrame);
  assert.deepEqual(glass.effects.map((e) => [e.type, "radius" in e ? e.radius : null, e.type === "DROP_SHADOW" ? e.showShadowBehindNode : null]),
    [["DROP_SHADOW", 10, true], ["LAYER_BLUR", 8, null], ["BACKGROUND_BLUR", 16, null]]);
  const solid = byName.get("Solid");
  assert.ok(solid instanceof StubFrame);
  assert.deepEqual([solid.strokeAlign, solid.strokeWeight, solid.fills.length], ["OUTSIDE", 2, 0]);
  const ring = byName.get("Offset (outline)");
  assert.ok(ring instanceof StubRectangle);
  assert.deepEqual([ring.strokeAlign, ring.strokeWeight, ring.dashPattern, ring.cornerRadius, ring.fills.length, ring.x, ring.width],
    ["INSIDE", 3, [9, 9], 15, 0, 3, 134]);
  assert.deepEqual(page.children.map((n) => n.name), ["Glass", "Solid", "Offset", "Offset (outline)"], "children keep the result's order (the ring right above its box)");
});

test("a transformed node is sized to its untransformed size, then placed by its relativeTransform", async () => {
  const r = small();
  const c = Math.cos(Math.PI / 6);
  const root = r.root as { children: Record<string, unknown>[] };
  // A 200x120 card rotated 30° about its centre at (140, 100): its bounds are what old readers draw.
  root.children.push({
    type: "FRAME", id: "1:5", name: "Card", x: 23.4, y: -1.96, width: 233.21, height: 203.92,
    relativeTransform: [[c, -0.5, 83.3975], [0.5, c, -1.9615]], untransformedWidth: 200, untransformedHeight: 120,
    fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 1 } }],
  });
  const stub = install(DefaultFonts);
  await materialize(r as unknown as ResultInput);
  const page = stub.currentPage.children[0];
  assert.ok(page instanceof StubFrame, "no root frame");
  const card = page.children.find((n) => n.name === "Card");
  assert.ok(card instanceof StubFrame, "no Card frame");
  assert.equal(card.width, 200);
  assert.equal(card.height, 120);
  assert.deepEqual(card.relativeTransform, [[c, -0.5, 83.3975], [0.5, c, -1.9615]]);
  assert.equal(card.x, 83.3975);
  assert.equal(card.y, -1.9615);
});

test("a list TEXT gets Figma's list on its paragraphs; the marker TEXTs it draws are left out, unless they flow in auto layout", async () => {
  const stub = install(DefaultFonts);
  const text = { fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }] } as const;
  const marker = (id: string, y: number, extra: Record<string, unknown> = {}): Record<string, unknown> =>
    ({ type: "TEXT", id, name: "•", x: 2, y, width: 6, height: 24, characters: "•", ...text, textAutoResize: "WIDTH_AND_HEIGHT", listMarker: true, ...extra });
  const root = {
    type: "FRAME", id: "1:1", name: "Page", x: 0, y: 0, width: 400, height: 300, fills: [],
    children: [
      marker("1:2", 0),
      {
        type: "TEXT", id: "1:3", name: "One Two", x: 20, y: 0, width: 200, height: 48, characters: "One\nTwo\nThree", ...text, textAutoResize: "HEIGHT", hangingList: true,
        // The first range ends inside the second paragraph: Figma lists whole paragraphs.
        styledTextSegments: [{ start: 0, end: 5, ...text, listOptions: { type: "UNORDERED" } }, { start: 5, end: 13, ...text }],
      },
      {
        type: "FRAME", id: "1:4", name: "Row", x: 0, y: 100, width: 200, height: 24, fills: [], layoutMode: "HORIZONTAL",
        children: [marker("1:5", 0), marker("1:6", 0, { layoutPositioning: "ABSOLUTE" })],
      },
    ],
  };
  const made = await materialize({ root, styles: [], variables: null, images: [] } as unknown as ResultInput);
  const page = stub.currentPage.children.find((n) => n.id === made.id);
  assert.ok(page instanceof StubFrame);
  assert.deepEqual(page.children.map((n) => n.name), ["One Two", "Row"], "the root's marker TEXT is left out");
  const list = page.children[0];
  assert.ok(list instanceof StubText);
  assert.equal(list.hangingList, true);
  assert.deepEqual(list.getRangeListOptions(0, 8), { type: "UNORDERED" }, "both paragraphs the range touches are list items");
  assert.deepEqual(list.getRangeListOptions(8, 13), { type: "NONE" });
  const row = page.children[1];
  assert.ok(row instanceof StubFrame);
  assert.deepEqual(row.children.map((n) => n.getPluginData(PluginDataKey)), ["1:5"], "the flowing marker is kept, the ABSOLUTE one left out");
});

test("a TEXT with a listText is created as that list, with listSpacing; the sibling TEXTs it replaces are left out", async () => {
  const stub = install(DefaultFonts);
  const text = { fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }] } as const;
  const item = (id: string, name: string, y: number, extra: Record<string, unknown> = {}): Record<string, unknown> =>
    ({ type: "TEXT", id, name, x: name.endsWith(".") ? 2 : 20, y, width: name.endsWith(".") ? 14 : 200, height: 24, characters: name, ...text, textAutoResize: name.endsWith(".") ? "WIDTH_AND_HEIGHT" : "HEIGHT", ...extra });
  const root = {
    type: "FRAME", id: "1:1", name: "Page", x: 0, y: 0, width: 400, height: 300, fills: [],
    children: [
      item("1:2", "1.", 0),
      item("1:3", "One", 0, {
        hangingList: true,
        listText: {
          characters: "One\nTwo", height: 56, replaces: ["1:2", "1:4", "1:5"],
          styledTextSegments: [{ start: 0, end: 7, ...text, listOptions: { type: "ORDERED" }, listSpacing: 8 }],
        },
      }),
      item("1:4", "2.", 32),
      item("1:5", "Two", 32),
      item("1:6", "After", 80),
    ],
  };
  const made = await materialize({ root, styles: [], variables: null, images: [] } as unknown as ResultInput);
  const page = stub.currentPage.children.find((n) => n.id === made.id);
  assert.ok(page instanceof StubFrame);
  assert.deepEqual(page.children.map((n) => n.getPluginData(PluginDataKey)), ["1:3", "1:6"], "the markers and the second item are left out");
  const list = page.children[0];
  assert.ok(list instanceof StubText);
  assert.equal(list.characters, "One\nTwo");
  assert.equal(list.hangingList, true);
  assert.deepEqual(list.getRangeListOptions(0, 7), { type: "ORDERED" });
  assert.equal(list.getRangeListSpacing(0, 7), 8);
  assert.equal(list.height, 56, "the list's height, not the first item's");
});

test("a font that only a listText's ranges use is loaded", async () => {
  install(DefaultFonts);
  const text = { fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }] } as const;
  const bold = { ...text, fontName: { family: "Inter", style: "Bold" } };
  const root = {
    type: "FRAME", id: "1:1", name: "Page", x: 0, y: 0, width: 400, height: 300, fills: [],
    children: [
      { type: "TEXT", id: "1:2", name: "•", x: 2, y: 0, width: 8, height: 24, characters: "•", ...text, textAutoResize: "WIDTH_AND_HEIGHT" },
      {
        type: "TEXT", id: "1:3", name: "One", x: 20, y: 0, width: 200, height: 24, characters: "One", ...text, textAutoResize: "HEIGHT", hangingList: true,
        listText: { characters: "One", height: 24, replaces: ["1:2"], styledTextSegments: [{ start: 0, end: 3, ...bold, listOptions: { type: "UNORDERED" }, listSpacing: 8 }] },
      },
    ],
  };
  const made = await materialize({ root, styles: [], variables: null, images: [] } as unknown as ResultInput);
  const list = made.children.find((n) => n.getPluginData(PluginDataKey) === "1:3");
  assert.ok(list instanceof StubText);
  assert.deepEqual(list.getStyledTextSegments(["fontName"]).map((g) => g.fontName), [{ family: "Inter", style: "Bold" }]);
});

/** A page whose auto-layout list holds three uses of component C:1 (fixtures.ts card). */
function cards(named = true, states = false): ResultInput {
  const first = card("1:3", 8, "Alpha", "photo", undefined, named ? "Card" : undefined);
  return {
    root: {
      type: "FRAME", id: "1:1", name: "Page", x: 0, y: 0, width: 400, height: 300, fills: [],
      children: [{
        type: "FRAME", id: "1:2", name: "Products", x: 20, y: 20, width: 216, height: 152, fills: [],
        layoutMode: "VERTICAL", paddingLeft: 8, paddingRight: 8, paddingTop: 8, paddingBottom: 8, itemSpacing: 8,
        layoutSizingHorizontal: "FIXED", layoutSizingVertical: "FIXED",
        children: [states ? withStates(first) : first, card("1:4", 56, "Beta", "photo2", false), card("1:5", 104, "Gamma", "photo", undefined)],
      }],
    },
    styles: [],
    variables: null,
    images: [
      { ref: "photo", mimeType: "image/png", width: 4, height: 4, base64: png(4, 4), svg: null },
      { ref: "photo2", mimeType: "image/png", width: 4, height: 4, base64: png(4, 4, [200, 40, 40, 255]), svg: null },
    ],
  };
}

test("components: the main COMPONENT is made before its instances, on a Components frame beside the page frame; each use is an instance with its overrides", async () => {
  const stub = install();
  const root = await materialize(cards());
  const calls = stub.calls.filter((c) => c.startsWith("createComponent") || c.startsWith("createInstance"));
  assert.deepEqual(calls, ["createComponent", "createInstance Card", "createInstance Card", "createInstance Card"]);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  assert.ok(holder instanceof StubFrame, "a Components frame on the page");
  assert.deepEqual([holder.x, holder.y], [root.x + root.width + PlacementGap, root.y]);
  const [main] = holder.children;
  assert.ok(main instanceof StubComponent && holder.children.length === 1);
  assert.deepEqual([main.name, main.getPluginData(ComponentDataKey), main.width, main.height], ["Card", "C:1", 200, 40]);
  const list = stub.currentPage.children.find((n) => n.id === root.id);
  assert.ok(list instanceof StubFrame);
  const products = list.children[0];
  assert.ok(products instanceof StubFrame);
  const uses = products.children;
  assert.equal(uses.length, 3);
  for (const [i, title] of ["Alpha", "Beta", "Gamma"].entries()) {
    const u = uses[i];
    assert.ok(u instanceof StubInstance && u.mainComponent === main, `use ${i} is an instance of Card`);
    assert.equal(u.name, `Card / ${title}`);
    assert.equal(u.getPluginData(PluginDataKey), `1:${3 + i}`);
    assert.equal(u.layoutSizingHorizontal, "FILL");
    const [text, badge] = u.children;
    assert.ok(text instanceof StubText && badge instanceof StubRectangle);
    assert.equal(text.characters, title);
    assert.equal(badge.visible, i !== 1);
  }
  const hash = (n: unknown): unknown => (n instanceof StubFrame ? n.fills.map((p) => (p.type === "IMAGE" ? p.imageHash : null)) : null);
  assert.notDeepEqual(hash(uses[1]), hash(uses[0]), "the second use has its own image");
  assert.deepEqual(hash(uses[2]), hash(uses[0]));
});

test("components with states: the main COMPONENT is the variant State=Default of a COMPONENT_SET named after the component, beside clones with the overrides (rescaled by a variant's rescale); the instances are of Default", async () => {
  const stub = install();
  const root = await materialize(cards(true, true));
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  assert.ok(holder instanceof StubFrame);
  const [set] = holder.children;
  assert.ok(set instanceof StubComponentSet && holder.children.length === 1, "one component set on the Components frame");
  assert.equal(set.name, "Card");
  assert.deepEqual([set.x, set.y], [0, 0]);
  const variants = set.children;
  assert.deepEqual(variants.map((v) => v.name), ["State=Default", "State=Hover", "State=Focus"]);
  const [main, hover, focus] = variants;
  assert.ok(main instanceof StubComponent && hover instanceof StubComponent && focus instanceof StubComponent);
  assert.deepEqual([main.variantProperties, hover.variantProperties, focus.variantProperties], [{ State: "Default" }, { State: "Hover" }, { State: "Focus" }]);
  assert.equal(set.defaultVariant, main);
  // Hover is rescaled by 1.05 (a hover's CSS scale), with its layers; the set lays it out at its size.
  assert.deepEqual([hover.width, hover.height, hover.rescaled, main.width, main.rescaled], [210, 42, 1.05, 200, 1]);
  assert.deepEqual([main.x, hover.x, focus.x], [0, 200 + VariantSpacing, 200 + 210 + 2 * VariantSpacing]);
  assert.deepEqual([set.width, set.height], [200 + 210 + 200 + 2 * VariantSpacing, 42]);
  // Hover: a blue 2 px stroke, a white title, a half-transparent badge; Default keeps its own.
  // The stroke is set before the rescale, which scales it: 2.1 px.
  assert.deepEqual([hover.strokes, hover.strokeWeight.toFixed(6), main.strokes], [[{ type: "SOLID", color: { r: 0.15, g: 0.39, b: 0.92 } }], "2.100000", []]);
  const [hoverTitle, hoverBadge] = hover.children;
  const [title, badge] = main.children;
  assert.ok(hoverTitle instanceof StubText && title instanceof StubText && hoverBadge instanceof StubRectangle && badge instanceof StubRectangle);
  assert.deepEqual([hoverTitle.fills, title.fills], [[{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }], [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }]]);
  assert.deepEqual([hoverBadge.opacity, badge.opacity], [0.5, 1]);
  const [focusTitle] = focus.children;
  assert.ok(focusTitle instanceof StubText);
  assert.deepEqual([focus.effects.length, focusTitle.textDecoration, title.textDecoration], [1, "UNDERLINE", "NONE"]);
  const list = stub.currentPage.children.find((n) => n.id === root.id);
  assert.ok(list instanceof StubFrame);
  const products = list.children[0];
  assert.ok(products instanceof StubFrame);
  for (const u of products.children) assert.ok(u instanceof StubInstance && u.mainComponent === main, "every use is an instance of State=Default");
});

test("nested instances: a use of a component with states inside the uses of another is an instance of its Default in the outer main and in every outer instance, with its own overrides", async () => {
  const stub = install();
  const section = (id: string, y: number, inner: Node, name?: string): Node => ({
    type: "FRAME", id, name: "Section", x: 0, y, width: 216, height: 56, fills: [], componentId: "C:2", ...(name === undefined ? {} : { componentName: name }),
    layoutMode: "VERTICAL", paddingLeft: 8, paddingRight: 8, paddingTop: 8, paddingBottom: 8, itemSpacing: 0, layoutSizingHorizontal: "FIXED", layoutSizingVertical: "FIXED",
    children: [inner],
  });
  const input = cards(true, true);
  const page0 = input.root as Node;
  const products = page0.children?.[0];
  const [first, second] = products?.children ?? [];
  assert.ok(products !== undefined && first !== undefined && second !== undefined);
  page0.children = [section("1:20", 0, first, "Section"), section("1:21", 60, second), { ...products, children: [] }];
  const root = await materialize(input);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  assert.ok(holder instanceof StubFrame);
  // The card's set is made (and stacked) while the section's main is built, so it stands above it.
  const stacked = [...holder.children].sort((a, b) => a.y - b.y);
  assert.deepEqual(stacked.map((c) => [c.type, c.name]), [["COMPONENT_SET", "Card"], ["COMPONENT", "Section"]]);
  const [set, main] = stacked;
  assert.ok(set instanceof StubComponentSet && main instanceof StubComponent);
  const [inMain] = main.children;
  assert.ok(inMain instanceof StubInstance && inMain.mainComponent === set.defaultVariant, "the section's main holds an instance of the card's Default");
  const page = stub.currentPage.children.find((n) => n.id === root.id);
  assert.ok(page instanceof StubFrame);
  const titles = page.children.slice(0, 2).map((s) => {
    const c = s instanceof StubInstance && s.mainComponent === main ? s.children[0] : undefined;
    const t = c instanceof StubInstance && c.mainComponent === set.defaultVariant ? c.children[0] : undefined;
    return t instanceof StubText ? [c?.getPluginData(PluginDataKey), t.characters] : undefined;
  });
  assert.deepEqual(titles, [["1:3", "Alpha"], ["1:4", "Beta"]], "each section's card is the use's, its title overridden in the second");
});

test("a variant holding a use of its own set's Default (refused by the backend) fails the result, removing everything created", async () => {
  const text = { fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fills: [], textAutoResize: "NONE" } as const;
  const item = (id: number, x: number, component: Record<string, unknown>): Record<string, unknown> => ({
    type: "FRAME", id: `1:${id}`, name: "Item", x, y: 0, width: 80, height: 40, fills: [], ...component,
    children: [{ type: "TEXT", id: `1:${id + 1}`, name: "x", x: 8, y: 8, width: 40, height: 24, characters: "x", ...text }],
  });
  const root = {
    type: "FRAME", id: "1:1", name: "Page", x: 0, y: 0, width: 400, height: 100, fills: [], children: [
      item(10, 0, { componentId: "C:1", componentName: "Item" }),
      { type: "FRAME", id: "1:20", name: "Item", x: 100, y: 0, width: 100, height: 60, fills: [],
        componentId: "C:2", componentName: "Parent", variantOf: "C:1", variantProperties: { Variant: "Parent" }, children: [item(30, 0, { componentId: "C:1" })] },
      item(40, 200, { componentId: "C:1" }),
    ],
  };
  const { error } = await failure({ root, styles: [], variables: null, images: [] } as unknown as ResultInput);
  assert.match(error.message, /its own component set/);
});

test("components with states: a variant Figma refuses to combine removes everything created", async () => {
  const { error } = await failure(cards(true, true), [{ method: "combineAsVariants", message: "in combineAsVariants: out of memory" }]);
  assert.equal(error.message, "node 1:3, componentVariants: Figma refused it: in combineAsVariants: out of memory");
});

test("components: a link's instance is as wide as its label: the plugin leaves a growing text's size to Figma, whose auto layout hugs it", async () => {
  const nav = goldenResults().find((f) => f.name === "golden/result.navlinks.json");
  assert.ok(nav, "the golden nav of four links");
  const widths = async (measured: boolean): Promise<number[]> => {
    const stub = install();
    // What Figma measures for each label: the width the page drew it at (Home 44.63 ... Blog 33.5).
    const labels = new Map([["Home", 44.63], ["Pricing", 51.75], ["Documentation", 115.23], ["Blog", 33.5]]);
    if (measured) stub.measureText = (t) => ({ width: labels.get(t.characters) ?? t.width, height: 24 });
    const root = await materialize(nav.result);
    const page = stub.currentPage.children.find((n) => n.id === root.id);
    const links = page instanceof StubFrame && page.children[0] instanceof StubFrame ? page.children[0].children : [];
    assert.equal(links.length, 4);
    return links.map((l) => {
      assert.ok(l instanceof StubInstance);
      const [label] = l.children;
      assert.ok(label instanceof StubText && label.x === 16 && label.textAutoResize === "WIDTH_AND_HEIGHT");
      return l.width;
    });
  };
  assert.deepEqual(await widths(true), [76.63, 83.75, 147.23, 65.5]);
  // A Figma that did not measure would leave every instance as wide as the main: the plugin
  // forces no size of its own.
  assert.deepEqual(await widths(false), [76.63, 76.63, 76.63, 76.63]);
});

test("components: an SVG among a component's layers is an instance of an icon component, bound to an INSTANCE_SWAP property that an instance whose use draws another icon sets", async () => {
  const nav = goldenResults().find((f) => f.name === "golden/result.navicons.json");
  assert.ok(nav, "the golden nav of three links with their own icons");
  const stub = install();
  const root = await materialize(nav.result);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  assert.ok(holder instanceof StubFrame);
  // The first use's icon is made while its main is built (and stacked first); the other two
  // when their uses swap.
  assert.deepEqual(holder.children.map((c) => [c.type, c.getPluginData(IconDataKey), c.getPluginData(ComponentDataKey), c.y]),
    [["COMPONENT", "", "C:1", 56], ["COMPONENT", "img-1", "", 0], ["COMPONENT", "img-2", "", 136], ["COMPONENT", "img-3", "", 192]]);
  assert.deepEqual(stub.calls.filter((c) => c.startsWith("swapComponent")), ["swapComponent Icon", "swapComponent Icon"]);
  const page = stub.currentPage.children.find((n) => n.id === root.id);
  const links = page instanceof StubFrame && page.children[0] instanceof StubFrame ? page.children[0].children : [];
  assert.deepEqual(links.map((l) => {
    assert.ok(l instanceof StubInstance);
    const [icon] = l.children;
    assert.ok(icon instanceof StubInstance && icon.x === 12 && icon.y === 12 && icon.width === 16 && icon.height === 16);
    return icon.mainComponent.getPluginData(IconDataKey);
  }), ["img-1", "img-2", "img-3"]);
  const main = holder.children[0];
  assert.ok(main instanceof StubComponent);
  const swaps = Object.entries(main.componentPropertyDefinitions).filter(([, d]) => d.type === "INSTANCE_SWAP");
  const [name, def] = swaps[0] ?? [];
  assert.ok(swaps.length === 1 && name !== undefined && name.startsWith(`${IconPropertyName}#`));
  assert.equal(def?.defaultValue, holder.children[1]?.id, "the default is the first use's icon");
  const mainIcon = main.children[0];
  assert.ok(mainIcon instanceof StubInstance);
  assert.deepEqual(mainIcon.componentPropertyReferences, { mainComponent: name });
  assert.deepEqual(links.map((l) => (l instanceof StubInstance ? l.componentProperties[name]?.value : null)), holder.children.slice(1).map((c) => c.id));
});

test("components: a TEXT whose characters differ between the uses is bound to a TEXT component property, which each instance sets", async () => {
  const nav = goldenResults().find((f) => f.name === "golden/result.navlinks.json");
  assert.ok(nav, "the golden nav of four links");
  const stub = install();
  const root = await materialize(nav.result);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  const main = holder instanceof StubFrame ? holder.children[0] : undefined;
  assert.ok(main instanceof StubComponent);
  const defs = Object.entries(main.componentPropertyDefinitions);
  assert.equal(defs.length, 1);
  const [name, def] = defs[0] ?? [];
  assert.ok(name !== undefined && name.startsWith(`${TextPropertyName}#`));
  assert.deepEqual(def, { type: "TEXT", defaultValue: "Home" });
  const [label] = main.children;
  assert.ok(label instanceof StubText);
  assert.deepEqual(label.componentPropertyReferences, { characters: name });
  const page = stub.currentPage.children.find((n) => n.id === root.id);
  const links = page instanceof StubFrame && page.children[0] instanceof StubFrame ? page.children[0].children : [];
  assert.deepEqual(links.map((l) => (l instanceof StubInstance ? l.componentProperties[name]?.value : null)), ["Home", "Pricing", "Documentation", "Blog"]);
});

test("components: a label bound to a TEXT property keeps its ranges in every instance (Figma restyles the characters setProperties sets)", async () => {
  const nav = goldenResults().find((f) => f.name === "golden/result.navlinks.json");
  assert.ok(nav, "the golden nav of four links");
  const result = structuredClone(nav.result);
  // Every link's label: its first letter at 16 px, the rest at 12 px (no text style: ranges).
  const labels: Node[] = [];
  const find = (n: Node): void => {
    if (n.type === "TEXT" && n.characters !== undefined && n.componentId === undefined) labels.push(n);
    n.children?.forEach(find);
  };
  find(result.root as Node);
  for (const t of labels) {
    const chars = t.characters ?? "";
    delete t.textStyleId;
    t.styledTextSegments = [
      { start: 0, end: 1, characters: chars.slice(0, 1), fontSize: 16 },
      { start: 1, end: chars.length, characters: chars.slice(1), fontSize: 12 },
    ];
  }
  assert.equal(labels.length, 4);
  const stub = install();
  const root = await materialize(result);
  const page = stub.currentPage.children.find((n) => n.id === root.id);
  const links = page instanceof StubFrame && page.children[0] instanceof StubFrame ? page.children[0].children : [];
  assert.deepEqual(links.map((l) => {
    assert.ok(l instanceof StubInstance);
    const [label] = l.children;
    assert.ok(label instanceof StubText && label.componentPropertyReferences?.characters !== undefined);
    return label.getStyledTextSegments(["fontSize"]).map((g) => `${g.characters} ${String(g.fontSize)}`);
  }), [["H 16", "ome 12"], ["P 16", "ricing 12"], ["D 16", "ocumentation 12"], ["B 16", "log 12"]]);
});

test("components with states: the TEXT properties are the component set's, and every variant's label is bound to them", async () => {
  const states = goldenResults().find((f) => f.name === "golden/result.states.json");
  assert.ok(states, "the golden states page");
  const stub = install();
  const root = await materialize(states.result);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  const sets = holder instanceof StubFrame ? holder.children.filter((c): c is StubComponentSet => c instanceof StubComponentSet) : [];
  const card = sets.find((c) => c.name === "Card");
  assert.ok(card, "the Card component set");
  const defs = Object.entries(card.componentPropertyDefinitions);
  assert.deepEqual(defs.map(([k, d]) => [k.split("#")[0], d.type, d.defaultValue]), [["Label", "TEXT", "Lamp"], ["Label 2", "TEXT", "$24"]]);
  for (const v of card.children) {
    assert.ok(v instanceof StubComponent);
    const texts = v.children.filter((c): c is StubText => c instanceof StubText);
    assert.deepEqual(texts.map((t) => t.componentPropertyReferences?.characters), defs.map(([k]) => k), `${v.name} binds both labels`);
  }
  const page = stub.currentPage.children.find((n) => n.id === root.id);
  const cards: StubInstance[] = [];
  const walk = (n: unknown): void => {
    if (n instanceof StubInstance && n.mainComponent.parent === card) cards.push(n);
    else if (n instanceof StubFrame) n.children.forEach(walk);
  };
  walk(page);
  assert.deepEqual(cards.map((c) => defs.map(([k]) => c.componentProperties[k]?.value)), [["Lamp", "$24"], ["Vase", "$18"], ["Bowl", "$12"]]);
});

test("components: texts that are the same in every use are no component property", async () => {
  const stub = install();
  const same: ResultInput = JSON.parse(JSON.stringify(cards()).replace(/"characters":"(Alpha|Beta|Gamma)"/g, '"characters":"Same"'));
  assert.equal(JSON.stringify(same).match(/"characters":"Same"/g)?.length, 3);
  await materialize(same);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  const main = holder instanceof StubFrame ? holder.children[0] : undefined;
  assert.ok(main instanceof StubComponent);
  assert.deepEqual(main.componentPropertyDefinitions, {});
  assert.equal(stub.calls.filter((c) => c.startsWith("setProperties")).length, 0);
});

test("components: an instance Figma refuses removes everything created, the Components frame and the main component included", async () => {
  const { error } = await failure(cards(), [{ method: "createInstance", call: 2, message: "in createInstance: out of memory" }]);
  assert.equal(error.message, "node 1:4, componentId: Figma refused it: in createInstance: out of memory");
});

test("components: a first use without componentName fails, naming it", async () => {
  const { error } = await failure(cards(false));
  assert.equal(error.message, 'node 1:3, componentName: the first use of component "C:1" has no componentName');
});

test("components: a use holding a list pairs its layers with the main's, less the markers the list draws", async () => {
  const stub = install(DefaultFonts);
  const text = { fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }] } as const;
  const use = (id: number, y: number, words: string, name?: string): Record<string, unknown> => ({
    type: "FRAME", id: `1:${id}`, name: "Item", x: 0, y, width: 200, height: 24, fills: [], componentId: "C:1", ...(name === undefined ? {} : { componentName: name }),
    children: [
      { type: "TEXT", id: `1:${id + 1}`, name: "•", x: 2, y: 0, width: 6, height: 24, characters: "•", ...text, textAutoResize: "WIDTH_AND_HEIGHT", listMarker: true },
      {
        type: "TEXT", id: `1:${id + 2}`, name: words, x: 20, y: 0, width: 100, height: 24, characters: words, ...text, textAutoResize: "NONE", hangingList: true,
        styledTextSegments: [{ start: 0, end: words.length, ...text, listOptions: { type: "UNORDERED" } }],
      },
    ],
  });
  const root = { type: "FRAME", id: "1:1", name: "Page", x: 0, y: 0, width: 400, height: 100, fills: [], children: [use(10, 0, "One", "Item"), use(20, 40, "Two")] };
  const made = await materialize({ root, styles: [], variables: null, images: [] } as unknown as ResultInput);
  const page = stub.currentPage.children.find((n) => n.id === made.id);
  assert.ok(page instanceof StubFrame);
  const uses = page.children;
  for (const [i, words] of ["One", "Two"].entries()) {
    const u = uses[i];
    assert.ok(u instanceof StubInstance, `use ${i} is an instance`);
    assert.deepEqual(u.children.map((n) => n.getPluginData(PluginDataKey)), [`1:${i * 10 + 12}`], "the marker is left out, the list TEXT is the use's");
    const [list] = u.children;
    assert.ok(list instanceof StubText);
    assert.equal(list.characters, words);
    assert.deepEqual(list.getRangeListOptions(0, words.length), { type: "UNORDERED" });
  }
});

test("components of one kind: a nav's links and its current one are variants of one component set, each instance of its own variant", async () => {
  const golden = goldenResults().find((f) => f.name === "golden/result.variants.json");
  assert.ok(golden, "the golden variants page");
  const stub = install();
  const root = await materialize(golden.result);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  const sets = holder instanceof StubFrame ? holder.children.filter((c): c is StubComponentSet => c instanceof StubComponentSet) : [];
  assert.deepEqual(sets.map((s) => s.name), ["Link", "Feature"], "one set for the links, one for the feature cards");
  const [links, features] = sets;
  assert.ok(links !== undefined && features !== undefined);
  // The links' Default has a Hover state: the names carry both properties.
  assert.deepEqual(links.children.map((c) => c.name), ["Variant=Default, State=Default", "Variant=Default, State=Hover", "Variant=Active, State=Default"]);
  assert.deepEqual(features.children.map((c) => c.name), ["Variant=Default", "Variant=Two", "Variant=Three"]);
  const [main, , active] = links.children;
  assert.ok(main instanceof StubComponent && active instanceof StubComponent);
  assert.equal(links.defaultVariant, main);
  assert.deepEqual([main.height, active.height], [40, 43], "each variant is built from its own first use");
  // The label differs between all four links: one TEXT property on the set, bound in every variant.
  const defs = Object.entries(links.componentPropertyDefinitions);
  assert.deepEqual(defs.map(([k, d]) => [k.split("#")[0], d.type]), [["Label", "TEXT"]]);
  for (const v of links.children) {
    assert.ok(v instanceof StubComponent);
    const [label] = v.children;
    assert.ok(label instanceof StubText);
    assert.equal(label.componentPropertyReferences?.characters, defs[0]?.[0], `${v.name} binds the label`);
  }
  const page = stub.currentPage.children.find((n) => n.id === root.id);
  const instances: StubInstance[] = [];
  const walk = (n: unknown): void => {
    if (n instanceof StubInstance && n.mainComponent.parent === links) instances.push(n);
    else if (n instanceof StubFrame) n.children.forEach(walk);
  };
  walk(page);
  assert.deepEqual(instances.map((i) => [i.mainComponent.name, i.componentProperties[defs[0]?.[0] ?? ""]?.value, i.height]), [
    ["Variant=Default, State=Default", "Home", 40], ["Variant=Active, State=Default", "Pricing", 43],
    ["Variant=Default, State=Default", "Documentation", 40], ["Variant=Default, State=Default", "Blog", 40],
  ]);
});

test("components of one kind: a variant met before its set's Default builds the whole set, Default first; a variant of another structure binds the layers it has", async () => {
  const stub = install(DefaultFonts);
  const text = { fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }] } as const;
  const mark = (id: number): Record<string, unknown> => ({ type: "RECTANGLE", id: `1:${id}`, name: "Mark", x: 8, y: 8, width: 16, height: 16, fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }] });
  const label = (id: number, words: string): Record<string, unknown> => ({ type: "TEXT", id: `1:${id}`, name: words, x: 30, y: 8, width: 40, height: 24, characters: words, ...text, textAutoResize: "NONE" });
  const box = (id: number, x: number, height: number, component: Record<string, unknown>, kids: Record<string, unknown>[]): Record<string, unknown> => ({
    type: "FRAME", id: `1:${id}`, name: "Tab", x, y: 0, width: 80, height, fills: [], ...component, children: kids,
  });
  const root = {
    type: "FRAME", id: "1:1", name: "Page", x: 0, y: 0, width: 400, height: 100, fills: [], children: [
      // The current tab draws its indicator first: its label is not where the Default's is.
      box(10, 0, 43, { componentId: "C:1", componentName: "Current", variantOf: "C:2", variantProperties: { Variant: "Active" } },
        [{ ...mark(11), name: "Indicator", y: 40, height: 3 }, mark(12), label(13, "One")]),
      box(20, 100, 40, { componentId: "C:2", componentName: "Tab" }, [mark(21), label(22, "Two")]),
      box(30, 200, 40, { componentId: "C:2" }, [mark(31), label(32, "Six")]),
    ],
  };
  const made = await materialize({ root, styles: [], variables: null, images: [] } as unknown as ResultInput);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  assert.ok(holder instanceof StubFrame);
  const [set] = holder.children;
  assert.ok(set instanceof StubComponentSet && holder.children.length === 1, "one component set on the Components frame");
  assert.equal(set.name, "Tab");
  assert.deepEqual(set.children.map((c) => [c.name, c.getPluginData(ComponentDataKey), c.height]), [["Variant=Default", "C:2", 40], ["Variant=Active", "C:1", 43]]);
  const [def, active] = set.children;
  assert.ok(def instanceof StubComponent && active instanceof StubComponent);
  const [name] = Object.keys(set.componentPropertyDefinitions);
  assert.equal(name?.split("#")[0], TextPropertyName);
  const refs = (c: StubComponent): (string | undefined)[] => c.children.map((k) => (k instanceof StubLayer ? k.componentPropertyReferences?.characters : undefined));
  assert.deepEqual(refs(def), [undefined, name], "the Default's label is bound");
  assert.deepEqual(refs(active), [undefined, undefined, undefined], "the Active variant has no TEXT where the Default's label is");
  const page = stub.currentPage.children.find((n) => n.id === made.id);
  assert.ok(page instanceof StubFrame);
  assert.deepEqual(page.children.map((c) => (c instanceof StubInstance ? [c.mainComponent.name, c.height, c.children.length] : c.type)),
    [["Variant=Active", 43, 3], ["Variant=Default", 40, 2], ["Variant=Default", 40, 2]]);
  const texts = page.children.map((c) => (c instanceof StubInstance ? c.children.find((k): k is StubText => k instanceof StubText)?.characters : undefined));
  assert.deepEqual(texts, ["One", "Two", "Six"]);
});

test("nested instances: each feature card's and the plan card's component holds instances of Button, and the page's cards hold them with their own labels", async () => {
  const golden = goldenResults().find((f) => f.name === "golden/result.nested.json");
  assert.ok(golden, "the golden nested page");
  const stub = install();
  // The stand-in's font engine: each label as wide as the page drew it.
  const widths = new Map([["Get started", 86.22], ["Try it", 38.63], ["Read the audit", 110.05], ["Source", 52.98], ["Buy Basic", 73.64], ["Buy Pro", 58.5]]);
  stub.measureText = (t) => ({ width: widths.get(t.characters) ?? t.width, height: 24 });
  const root = await materialize(golden.result);
  const holder = stub.currentPage.children.find((n) => n.name === ComponentsFrameName);
  assert.ok(holder instanceof StubFrame);
  assert.deepEqual(holder.children.map((c) => [c.type, c.name]), [["COMPONENT", "Button"], ["COMPONENT", "Heading 3"], ["COMPONENT_SET", "Feature"], ["COMPONENT", "Plan"]],
    "the components a main holds instances of are made before it");
  const [btn, heading, features, plan] = holder.children;
  assert.ok(btn instanceof StubComponent && heading instanceof StubComponent && features instanceof StubComponentSet && plan instanceof StubComponent);
  const label = (c: StubComponent): string => Object.keys(c.componentPropertyDefinitions)[0] ?? "";
  assert.equal(label(btn).split("#")[0], TextPropertyName, "the buttons' labels differ: a TEXT property");
  // Every variant of the set holds a heading and a button: instances of their components.
  for (const v of features.children) {
    assert.ok(v instanceof StubComponent);
    assert.deepEqual(v.children.map((c) => (c instanceof StubInstance ? c.mainComponent.name : c.type)), ["Heading 3", "Button"], v.name);
  }
  assert.deepEqual(Object.keys(features.componentPropertyDefinitions), [], "the set has no property of the layers of its nested instances");
  const page = stub.currentPage.children.find((n) => n.id === root.id);
  assert.ok(page instanceof StubFrame);
  const [start, row, plans] = page.children;
  assert.ok(start instanceof StubInstance && start.mainComponent === btn && row instanceof StubFrame && plans instanceof StubFrame);
  assert.equal(start.componentProperties[label(btn)]?.value, "Get started");
  const cards = row.children;
  assert.deepEqual(cards.map((c) => (c instanceof StubInstance ? c.mainComponent.name : c.type)), ["Variant=Default", "Variant=Two", "Variant=Three"]);
  const buttons = cards.map((c) => (c instanceof StubFrame ? c.children[1] : undefined));
  // Figma lays the card out again once its nested button took its label's width: centred in
  // the second card, at the end in the third.
  assert.deepEqual(buttons.map((b) => (b instanceof StubInstance ? [b.mainComponent.name, b.componentProperties[label(btn)]?.value, b.width, b.x] : b?.type)),
    [["Button", "Try it", 70.63, 16], ["Button", "Read the audit", 142.05, 28.97], ["Button", "Source", 84.98, 99.02]], "each card's button: its label, width and place");
  // The plan cards repeat: instances of Plan, whose main holds an instance of Button; the second
  // card's button takes its label by the nested instance's property, and its width from it.
  assert.deepEqual(plan.children.map((c) => (c instanceof StubInstance ? c.mainComponent.name : c.type)), ["FRAME", "Button"]);
  assert.deepEqual(plans.children.map((c) => {
    const b = c instanceof StubInstance && c.mainComponent === plan ? c.children[1] : undefined;
    return b instanceof StubInstance ? [b.mainComponent.name, b.componentProperties[label(btn)]?.value, b.width] : c.type;
  }), [["Button", "Buy Basic", 105.64], ["Button", "Buy Pro", 90.5]]);
});
