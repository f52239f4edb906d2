// The results the round-trip tests materialize, each as code2desResult returns it (images
// inlined): the valid golden results of testdata/workers (their images drawn here at the declared
// size, since the golden files carry only keys), the fidelity corpus as the real workers convert
// it (plugin/testdata/results, written by `make plugin-results`), and allNodeTypes, a result with
// every node type and member of the format.
import { readdirSync, readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import type { Node, ResultInput, Style, Variables } from "@code2des/api/result";

const repo = new URL("../../", import.meta.url);

/** A named result. */
export interface Fixture {
  name: string;
  result: ResultInput;
}

/** CRC-32 of PNG chunks (zlib.crc32 needs Node 20.15; Debian 12's Node is 18). */
function crc32(b: Buffer): number {
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A PNG of w x h pixels in one RGBA colour. */
export function png(w: number, h: number, rgba: [number, number, number, number] = [40, 120, 200, 255]): string {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + 4 * w);
  for (let x = 0; x < w; x++) row.set(rgba, 1 + 4 * x);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]).toString("base64");
}

/** An SVG document of w x h px: a rounded square in one colour. */
export function svg(w: number, h: number, fill = "#e11d48"): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="0" y="0" width="${w}" height="${h}" rx="${Math.min(w, h) / 4}" fill="${fill}"/></svg>`;
}

interface GoldenImage {
  ref: string;
  mime_type: string;
  width: number;
  height: number;
}

function isGoldenImage(v: unknown): v is GoldenImage {
  return typeof v === "object" && v !== null && "ref" in v && "mime_type" in v && "width" in v && "height" in v;
}

/**
 * A stored result document as the API returns it: rasters as PNG base64, SVGs as text (each a
 * square of its own colour).
 */
export function fromStoredResult(doc: Record<string, unknown>): ResultInput {
  const images = Array.isArray(doc["images"]) ? doc["images"].filter(isGoldenImage) : [];
  return {
    root: doc["root"],
    styles: doc["styles"] ?? [],
    variables: doc["variables"] ?? null,
    images: images.map((im) =>
      im.mime_type === "image/svg+xml"
        ? { ref: im.ref, mimeType: im.mime_type, width: im.width, height: im.height, base64: null, svg: svg(im.width, im.height, colourOf(im.ref)) }
        : { ref: im.ref, mimeType: "image/png", width: im.width, height: im.height, base64: png(im.width, im.height), svg: null },
    ),
  };
}

/** A colour of its own for each image ref, so the read-back tree tells two SVG images apart. */
function colourOf(ref: string): string {
  let h = 0;
  for (const ch of ref) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `#${(h & 0xffffff).toString(16).padStart(6, "0")}`;
}

function readJson(url: URL): Record<string, unknown> {
  const v: unknown = JSON.parse(readFileSync(url, "utf8"));
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error(`${url.pathname} is not a JSON object`);
  return Object.fromEntries(Object.entries(v));
}

/** The valid golden results of testdata/workers. */
export function goldenResults(): Fixture[] {
  const dir = new URL("testdata/workers/", repo);
  return readdirSync(dir)
    .filter((f) => /^result(\..*)?\.json$/.test(f))
    .sort()
    .map((f) => ({ name: `golden/${f}`, result: fromStoredResult(readJson(new URL(f, dir))) }));
}

/** The fidelity corpus converted by the real workers (plugin/testdata/results/*.json). */
export function corpusResults(): Fixture[] {
  const dir = new URL("plugin/testdata/results/", repo);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const doc = readJson(new URL(f, dir));
      const images = Array.isArray(doc["images"]) ? doc["images"] : [];
      return {
        name: `corpus/${f}`,
        result: { root: doc["root"], styles: doc["styles"], variables: doc["variables"], images: images.filter(isApiImage) },
      };
    });
}

function isApiImage(v: unknown): v is ResultInput["images"][number] {
  return typeof v === "object" && v !== null && "ref" in v && typeof v.ref === "string" && "mimeType" in v && "width" in v && "height" in v;
}

const black = { r: 0, g: 0, b: 0 };
const blue = { r: 0.15, g: 0.39, b: 0.92 };

/**
 * A use of component C:1 (the first one names it): a card FILLing its auto-layout parent with an
 * image, a title and a badge; the uses differ in the image, the title and the badge's visibility.
 */
export function card(id: string, y: number, title: string, image: string, badge: boolean | undefined, componentName?: string): Node {
  const badgeNode: Node = { type: "RECTANGLE", id: `${id}.b`, name: "Badge", x: 170, y: 10, width: 20, height: 20, fills: [{ type: "SOLID", color: blue }] };
  if (badge !== undefined) badgeNode.visible = badge;
  const n: Node = {
    type: "FRAME", id, name: `Card / ${title}`, x: 8, y, width: 200, height: 40, fills: [{ type: "IMAGE", imageRef: image, scaleMode: "FILL" }],
    layoutSizingHorizontal: "FILL", layoutSizingVertical: "FIXED", componentId: "C:1",
    children: [
      { type: "TEXT", id: `${id}.t`, name: title, x: 8, y: 8, width: 150, height: 24, characters: title, fontName: { family: "Inter", style: "Regular" }, fontSize: 16, textAutoResize: "HEIGHT", fills: [{ type: "SOLID", color: black }] },
      badgeNode,
    ],
  };
  if (componentName !== undefined) n.componentName = componentName;
  return n;
}

/**
 * The card n (a first use) with a Hover and a Focus variant: hovered, a blue 2 px stroke, a
 * white title and a half-transparent badge; focused, a shadow and an underlined title.
 */
export function withStates(n: Node): Node {
  n.componentVariants = [
    { variantProperties: { State: "Hover" }, overrides: [
      { id: n.id, strokes: [{ type: "SOLID", color: blue }], strokeWeight: 2 },
      { id: `${n.id}.t`, fills: [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }] },
      { id: `${n.id}.b`, opacity: 0.5 },
    ], rescale: 1.05 },
    { variantProperties: { State: "Focus" }, overrides: [
      { id: n.id, effects: [{ type: "DROP_SHADOW", color: { r: 0, g: 0, b: 0, a: 0.25 }, offset: { x: 0, y: 2 }, radius: 4, spread: 0, visible: true, blendMode: "NORMAL", showShadowBehindNode: false }] },
      { id: `${n.id}.t`, textDecoration: "UNDERLINE" },
    ] },
  ];
  return n;
}

/** A result with every node type and member of the result format (version 2). */
export function allNodeTypes(): Fixture {
  const styles: Style[] = [
    { id: "S:1", type: "PAINT", name: "Color/brand", description: "var(--brand)", paints: [{ type: "SOLID", color: blue, boundVariables: { color: { type: "VARIABLE_ALIAS", id: "V:1" } } }] },
    { id: "S:2", type: "PAINT", name: "Border/#000000", paints: [{ type: "SOLID", color: black }] },
    { id: "S:3", type: "TEXT", name: "Text/Body 16 balanced", fontName: { family: "Inter", style: "Regular" }, fontSize: 16, lineHeight: { value: 24, unit: "PIXELS" }, letterSpacing: { value: 0, unit: "PIXELS" }, textCase: "ORIGINAL", textDecoration: "NONE", textWrapStyle: "BALANCE" },
  ];
  const variables: Variables = {
    collection: "CSS custom properties",
    modes: ["Light", "Dark"],
    variables: [
      { id: "V:1", name: "color/brand", resolvedType: "COLOR", value: { r: 0.15, g: 0.39, b: 0.92, a: 1 }, valuesByMode: { Dark: { r: 0.38, g: 0.65, b: 0.98, a: 1 } }, codeSyntax: { WEB: "var(--brand)" } },
      { id: "V:2", name: "size/space-4", resolvedType: "FLOAT", value: 16, valuesByMode: { Dark: 24 } },
    ],
  };
  const segment = { fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fontWeight: 400, fills: [{ type: "SOLID" as const, color: black }], textDecoration: "NONE" as const, letterSpacing: { value: 0, unit: "PIXELS" as const }, textCase: "ORIGINAL" as const, hyperlink: null };
  const root: Node = {
    type: "FRAME", id: "1:1", name: "All node types", x: 0, y: 0, width: 640, height: 480,
    fills: [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }], clipsContent: true,
    children: [
      {
        type: "FRAME", id: "1:2", name: "Card", x: 20, y: 20, width: 300, height: 200,
        fills: [
          { type: "GRADIENT_LINEAR", gradientTransform: [[1, 0, 0], [0, 1, 0]], gradientStops: [{ position: 0, color: { r: 1, g: 0, b: 0, a: 1 } }, { position: 1, color: { r: 0, g: 0, b: 1, a: 0.5 } }] },
          { type: "IMAGE", imageRef: "photo", scaleMode: "CROP", imageTransform: [[1, 0, 0], [0, 1, 0]], opacity: 0.8 },
        ],
        strokes: [{ type: "SOLID", color: black }], strokeStyleId: "S:2", strokeWeight: 4, strokeTopWeight: 1, strokeRightWeight: 2, strokeBottomWeight: 3, strokeLeftWeight: 4,
        strokeAlign: "INSIDE", dashPattern: [4, 2], topLeftRadius: 1, topRightRadius: 2, bottomRightRadius: 3, bottomLeftRadius: 4,
        effects: [
          { type: "DROP_SHADOW", color: { r: 0, g: 0, b: 0, a: 0.25 }, offset: { x: 0, y: 2 }, radius: 4, spread: 0, visible: true, blendMode: "NORMAL", showShadowBehindNode: false },
          { type: "INNER_SHADOW", color: { r: 0, g: 0, b: 0, a: 0.1 }, offset: { x: 1, y: 1 }, radius: 2, spread: 1, visible: true, blendMode: "NORMAL" },
        ],
        opacity: 0.9, blendMode: "MULTIPLY", clipsContent: false, constraints: { horizontal: "STRETCH", vertical: "MIN" },
        layoutMode: "HORIZONTAL", layoutWrap: "WRAP", paddingLeft: 10, paddingRight: 10, paddingTop: 8, paddingBottom: 8,
        itemSpacing: 12, counterAxisSpacing: 6, primaryAxisAlignItems: "MIN", counterAxisAlignItems: "CENTER", itemReverseZIndex: true,
        layoutSizingHorizontal: "FIXED", layoutSizingVertical: "FIXED",
        children: [
          {
            type: "TEXT", id: "1:3", name: "Body", x: 10, y: 8, width: 120, height: 24, characters: "Hello linked world",
            fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fontWeight: 400, lineHeight: { value: 24, unit: "PIXELS" },
            letterSpacing: { value: 0, unit: "PIXELS" }, textAlignHorizontal: "LEFT", textAlignVertical: "TOP", textAutoResize: "HEIGHT",
            textCase: "ORIGINAL", textDecoration: "NONE", paragraphIndent: 2, textTruncation: "ENDING", maxLines: 3, textWrapStyle: "BALANCE", fills: [{ type: "SOLID", color: black }],
            layoutSizingHorizontal: "FILL", layoutSizingVertical: "HUG",
            styledTextSegments: [
              { characters: "Hello ", start: 0, end: 6, ...segment, textStyleId: "S:3" },
              { characters: "linked", start: 6, end: 12, ...segment, fontName: { family: "Inter", style: "Bold" }, fontWeight: 700, textDecoration: "UNDERLINE", textDecorationStyle: "WAVY", textDecorationThickness: { value: 2, unit: "PIXELS" }, textDecorationOffset: { value: 3, unit: "PIXELS" }, textDecorationColor: { value: { type: "SOLID", color: black } }, fills: [{ type: "SOLID", color: blue }], hyperlink: { type: "URL", value: "https://example.com/" } },
              { characters: " world", start: 12, end: 18, ...segment, textCase: "UPPER", letterSpacing: { value: 1, unit: "PIXELS" } },
            ],
          },
          { type: "ELLIPSE", id: "1:4", name: "Dot", x: 150, y: 8, width: 24, height: 24, fills: [{ type: "SOLID", color: blue }], fillStyleId: "S:1", visible: true },
          { type: "RECTANGLE", id: "1:5", name: "Badge", x: 250, y: 150, width: 40, height: 20, fills: [{ type: "IMAGE", imageRef: "photo", scaleMode: "TILE", scalingFactor: 0.5 }], cornerRadius: 6, layoutPositioning: "ABSOLUTE" },
        ],
      },
      {
        type: "GROUP", id: "1:6", name: "Icons", opacity: 0.5, blendMode: "PASS_THROUGH",
        children: [
          { type: "SVG", id: "1:7", name: "Logo", x: 360, y: 20, width: 48, height: 48, imageRef: "logo", effects: [{ type: "LAYER_BLUR", radius: 1, visible: true }] },
          { type: "LINE", id: "1:8", name: "Rule", x: 360, y: 80, width: 200, height: 0, strokes: [{ type: "SOLID", color: black }], strokeWeight: 2, strokeAlign: "CENTER" },
          { type: "VECTOR", id: "1:9", name: "Tick", x: 420, y: 20, width: 24, height: 24, fills: [], strokes: [{ type: "SOLID", color: { r: 0, g: 0.5, b: 0 } }], strokeWeight: 2, strokeAlign: "CENTER", vectorPaths: [{ windingRule: "NONE", data: "M 2 12 L 9 19 L 22 4" }] },
        ],
      },
      { type: "TEXT", id: "1:10", name: "Caption", x: 20, y: 300, width: 200, height: 24, characters: "Caption", fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fontWeight: 400, lineHeight: { value: 24, unit: "PIXELS" }, letterSpacing: { value: 0, unit: "PIXELS" }, textCase: "ORIGINAL", textDecoration: "NONE", textAutoResize: "HEIGHT", textWrapStyle: "BALANCE", fills: [{ type: "SOLID", color: black }], textStyleId: "S:3", styledTextSegments: [{ characters: "Caption", start: 0, end: 7, ...segment }] },
      { type: "TEXT", id: "1:13", name: "Struck", x: 20, y: 340, width: 200, height: 24, characters: "Struck", fontName: { family: "Inter", style: "Regular" }, fontSize: 16, textDecoration: "STRIKETHROUGH", textDecorationStyle: "DOTTED", textDecorationColor: { value: { type: "SOLID", color: blue } }, textAutoResize: "WIDTH_AND_HEIGHT", fills: [{ type: "SOLID", color: black }] },
      { type: "RECTANGLE", id: "1:11", name: "Hidden", x: 400, y: 300, width: 20, height: 20, visible: false },
      // A Figma list (listOptions on its ranges, markers hanging left of the box) and the marker
      // TEXTs a reader that ignores lists draws, which the plugin leaves out.
      { type: "TEXT", id: "1:19", name: "1.", x: 2, y: 380, width: 14, height: 24, characters: "1.", fontName: { family: "Inter", style: "Regular" }, fontSize: 16, textAutoResize: "WIDTH_AND_HEIGHT", fills: [{ type: "SOLID", color: black }], listMarker: true },
      { type: "TEXT", id: "1:20", name: "2.", x: 2, y: 404, width: 14, height: 24, characters: "2.", fontName: { family: "Inter", style: "Regular" }, fontSize: 16, textAutoResize: "WIDTH_AND_HEIGHT", fills: [{ type: "SOLID", color: black }], listMarker: true },
      {
        type: "TEXT", id: "1:21", name: "First Second", x: 24, y: 380, width: 200, height: 48, characters: "First\nSecond",
        fontName: { family: "Inter", style: "Regular" }, fontSize: 16, fontWeight: 400, lineHeight: { value: 24, unit: "PIXELS" },
        letterSpacing: { value: 0, unit: "PIXELS" }, textAutoResize: "HEIGHT", textCase: "ORIGINAL", textDecoration: "NONE",
        fills: [{ type: "SOLID", color: black }], hangingList: true,
        styledTextSegments: [
          { characters: "First\n", start: 0, end: 6, ...segment, listOptions: { type: "ORDERED" } },
          { characters: "Second", start: 6, end: 12, ...segment, fills: [{ type: "SOLID", color: blue }], listOptions: { type: "ORDERED" } },
        ],
      },
      {
        type: "FRAME", id: "1:14", name: "Cards", x: 340, y: 120, width: 280, height: 160, fills: [],
        layoutMode: "GRID", paddingLeft: 8, paddingRight: 8, paddingTop: 8, paddingBottom: 8,
        gridRowCount: 2, gridColumnCount: 3, gridRowGap: 8, gridColumnGap: 10,
        gridRowSizes: [{ type: "HUG" }, { type: "FIXED", value: 60 }],
        gridColumnSizes: [{ type: "FIXED", value: 80 }, { type: "FLEX", value: 1 }, { type: "HUG" }],
        layoutSizingHorizontal: "FIXED", layoutSizingVertical: "FIXED",
        children: [
          { type: "RECTANGLE", id: "1:15", name: "A", x: 8, y: 8, width: 80, height: 40, fills: [{ type: "SOLID", color: blue }], gridRowAnchorIndex: 0, gridColumnAnchorIndex: 0, gridRowSpan: 1, gridColumnSpan: 1, layoutSizingHorizontal: "FILL", layoutSizingVertical: "FIXED" },
          { type: "RECTANGLE", id: "1:16", name: "B", x: 98, y: 8, width: 124, height: 40, fills: [{ type: "SOLID", color: black }], gridRowAnchorIndex: 0, gridColumnAnchorIndex: 1, gridRowSpan: 1, gridColumnSpan: 1, layoutSizingHorizontal: "FILL", layoutSizingVertical: "FIXED" },
          { type: "RECTANGLE", id: "1:17", name: "Wide", x: 8, y: 56, width: 214, height: 60, fills: [{ type: "SOLID", color: blue }], gridRowAnchorIndex: 1, gridColumnAnchorIndex: 0, gridRowSpan: 1, gridColumnSpan: 2, layoutSizingHorizontal: "FILL", layoutSizingVertical: "FILL" },
          { type: "ELLIPSE", id: "1:18", name: "Dot", x: 232, y: 18, width: 40, height: 30, fills: [{ type: "SOLID", color: black }], gridRowAnchorIndex: 0, gridColumnAnchorIndex: 2, gridRowSpan: 1, gridColumnSpan: 1, gridChildHorizontalAlign: "CENTER", gridChildVerticalAlign: "MAX", layoutSizingHorizontal: "FIXED", layoutSizingVertical: "FIXED" },
        ],
      },
      {
        type: "FRAME", id: "1:30", name: "Products", x: 20, y: 380, width: 216, height: 152, fills: [],
        layoutMode: "VERTICAL", paddingLeft: 8, paddingRight: 8, paddingTop: 8, paddingBottom: 8, itemSpacing: 8,
        layoutSizingHorizontal: "FIXED", layoutSizingVertical: "FIXED",
        children: [withStates(card("1:31", 8, "Alpha", "photo", undefined, "Card")), card("1:32", 56, "Beta", "photo2", false), card("1:33", 104, "Gamma", "photo", undefined)],
      },
      { type: "FRAME", id: "1:12", name: "header", x: 0, y: 0, width: 640, height: 40, fills: [{ type: "SOLID", color: blue }], fillStyleId: "S:1", scrollBehavior: "FIXED" },
    ],
  };
  return {
    name: "all-node-types",
    result: {
      root, styles, variables,
      images: [
        { ref: "photo", mimeType: "image/png", width: 8, height: 8, base64: png(8, 8), svg: null },
        { ref: "photo2", mimeType: "image/png", width: 8, height: 8, base64: png(8, 8, [200, 40, 40, 255]), svg: null },
        { ref: "logo", mimeType: "image/svg+xml", width: 48, height: 48, base64: null, svg: svg(48, 48) },
      ],
    },
  };
}
