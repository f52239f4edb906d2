// Reads the nodes the materializer created in the stand-in back into the result format
// (docs/results.md), from what Figma holds: the node types and values, images by their bytes,
// SVG nodes by the document Figma imported, styles and variables by the result ids the plugin
// stored on them. A member is written when the input node has it or when Figma's value differs
// from what a new node of that type has (Figma's default, read from a fresh stand-in node), so
// a member the materializer dropped or changed shows up as a difference.
//
// The few places where the result format and Figma say one thing two ways (each is the inverse
// of a rule of the format or of materialize/paint.ts):
// - a TEXT whose ranges differ reads as figma.mixed; the format's node-level values are then the
//   first segment's (and a node with segments may leave them out: the segments state them);
// - strokeWeight with differing sides reads as mixed; the format's strokeWeight is then the
//   widest side (docs/conversion.md), and cornerRadius with differing corners is left out;
// - a blur effect's blurType NORMAL is the format's absent blurType, a range's listOptions NONE
//   its absent listOptions, its listSpacing 0 its absent listSpacing;
// - a paint bound through a paint style has the style's boundVariables: written only on styles
//   (a TEXT's ranges too, when the TEXT has a fill style), and so an effect's through an effect
//   style;
// - a GROUP's box is its children's bounds, a TEXT's fontWeight its font's: written only when
//   the input states them;
// - the root's x and y are where it was placed: the input's are kept (placement is tested apart);
// - an instance of an icon component (an SVG among a component's layers) reads as the SVG it
//   holds, at the instance's box;
// - an INSTANCE reads as a FRAME with componentId (its main component's result id) and, when it
//   is the use the main component was made from, componentName (the main component's name, or
//   its component set's when it is the Default variant of one) and componentVariants (the set's
//   other states, their layers' paint members that differ from the Default's); a variant of one
//   kind (Variant=<value>) reads with variantOf (the set's Default's result id), its
//   variantProperties and the input's componentName (Figma names it by its properties).
import type { ResultInput } from "@code2des/api/result";
import { ComponentDataKey, IconDataKey, PluginDataKey } from "../src/materialize.js";
import {
  StubComponent, StubComponentSet, StubEllipse, StubFigma, StubFrame, StubGroup, StubInstance, StubLine, StubNode, StubRectangle, StubText, StubVector,
  StubEffectStyle, StubLayer, StubPaintStyle, type SegmentField,
} from "./figma-stub.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

/** Input node n as the plugin creates it: a TEXT with a listText as its list (characters, ranges, height). */
export function asCreated(n: Obj): Obj {
  const list = n["listText"];
  if (!isObj(list)) return n;
  const { listText: _, ...rest } = n;
  return { ...rest, characters: list["characters"] ?? null, styledTextSegments: list["styledTextSegments"] ?? null, height: list["height"] ?? null };
}

/** Converts a value of the stand-in (typed with Figma's types) to JSON data. */
function json(v: unknown): Json {
  const s = JSON.stringify(v);
  return s === undefined ? null : JSON.parse(s);
}

export function equalJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(json(a))) === JSON.stringify(sorted(json(b)));
}

function sorted(v: Json): Json {
  if (Array.isArray(v)) return v.map(sorted);
  if (v !== null && typeof v === "object") {
    const o: Obj = {};
    for (const k of Object.keys(v).sort()) {
      const x = v[k];
      if (x !== undefined) o[k] = sorted(x);
    }
    return o;
  }
  return v;
}

export function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const segmentFields: SegmentField[] = ["fontName", "fontSize", "fontWeight", "fills", "textDecoration", "letterSpacing", "textCase", "hyperlink", "listOptions", "listSpacing"];
/** A decoration line's look: written in the result's terms (decorationMembers), read per range too. */
const lookFields = ["textDecorationStyle", "textDecorationOffset", "textDecorationThickness", "textDecorationColor"] as const;
const rangeFields: SegmentField[] = [...segmentFields, ...lookFields, "textStyleId"];
/** The members a variant override may set (docs/results.md "Components"). */
const overrideMembers = ["visible", "opacity", "fills", "strokes", "strokeWeight", "strokeTopWeight", "strokeRightWeight", "strokeBottomWeight", "strokeLeftWeight",
  "effects", "textDecoration", "styledTextSegments"] as const;

/** Reads the stand-in back. */
export class Reader {
  private readonly scratch = new StubFigma();
  private readonly defaults = new Map<string, Obj>();
  private inputNodes: Map<string, Obj> | null = null;

  constructor(
    private readonly stub: StubFigma,
    private readonly input: ResultInput,
  ) {}

  /** The read-back tree of root, pruned against the input tree inputRoot. */
  node(node: StubNode, inputNode: unknown, isRoot = true): Obj {
    const inp = isObj(inputNode) ? asCreated(inputNode) : {};
    const full = this.full(node, inp);
    const def = this.defaultsOf(node, full["type"] ?? null);
    const out: Obj = {};
    for (const [k, v] of Object.entries(full)) {
      if (k in inp || k === "type" || k === "id" || k === "name" || !equalJson(v, def[k])) out[k] = v;
    }
    if (node instanceof StubGroup) for (const k of ["x", "y", "width", "height"]) if (!(k in inp)) delete out[k];
    if (!("fontWeight" in inp)) delete out["fontWeight"];
    if (Array.isArray(inp["styledTextSegments"])) for (const k of rangeFields) if (!(k in inp)) delete out[k];
    if (isRoot) {
      for (const k of ["x", "y"]) {
        const v = inp[k];
        if (v !== undefined) out[k] = v;
        else delete out[k];
      }
    }
    const kids = (node instanceof StubFrame && svgOf(node) === null) || node instanceof StubGroup ? node.children : [];
    if (kids.length > 0 || "children" in inp) {
      const inKids = Array.isArray(inp["children"]) ? inp["children"] : [];
      const fixed = node instanceof StubFrame ? node.numberOfFixedChildren : 0;
      out["children"] = kids.map((c, i) => {
        const o = this.node(c, inKids.find((x) => isObj(x) && x["id"] === c.getPluginData(PluginDataKey)), false);
        if (i >= kids.length - fixed) o["scrollBehavior"] = "FIXED";
        return o;
      });
    }
    return out;
  }

  private defaultsOf(node: StubNode, type: Json): Obj {
    const key = String(type);
    const have = this.defaults.get(key);
    if (have) return have;
    const f = this.scratch;
    const fresh: StubNode =
      node instanceof StubFrame && svgOf(node) !== null ? f.createNodeFromSvg(svgOf(node) ?? "")
      : node instanceof StubFrame ? f.createFrame()
      : node instanceof StubRectangle ? f.createRectangle()
      : node instanceof StubEllipse ? f.createEllipse()
      : node instanceof StubLine ? f.createLine()
      : node instanceof StubVector ? f.createVector()
      : node instanceof StubText ? f.createText()
      : node instanceof StubGroup ? f.group([f.createRectangle()], f.currentPage)
      : node;
    const d = fresh === node ? {} : this.full(fresh, {});
    this.defaults.set(key, d);
    return d;
  }

  /** Every member of the result format the node has, from Figma's values. */
  private full(node: StubNode, inp: Obj): Obj {
    const o: Obj = {};
    const svg = node instanceof StubFrame ? svgOf(node) : null;
    o["type"] = svg !== null ? "SVG" : node.type === "INSTANCE" || node.type === "COMPONENT" ? "FRAME" : node.type;
    o["id"] = node.getPluginData(PluginDataKey);
    if (node instanceof StubInstance && svg === null) {
      const main = node.mainComponent;
      o["componentId"] = main.getPluginData(ComponentDataKey);
      if (main.getPluginData(PluginDataKey) === o["id"]) {
        const set = main.parent instanceof StubComponentSet ? main.parent : null;
        const kind = main.variantProperties?.["Variant"];
        if (set !== null && kind !== undefined && kind !== "Default") {
          // A variant of one kind: Figma names it by its properties; its name in the result is
          // the input's.
          const def = set.children.find((c): c is StubComponent => c instanceof StubComponent && c.variantProperties?.["Variant"] === "Default");
          o["componentName"] = inp["componentName"] ?? null;
          o["variantOf"] = def === undefined ? null : def.getPluginData(ComponentDataKey);
          o["variantProperties"] = { Variant: kind };
        } else {
          o["componentName"] = set === null ? main.name : set.name;
          const states = set === null ? [] : this.variants(set, main, inp);
          if (Array.isArray(states) && states.length > 0) o["componentVariants"] = states;
        }
      }
    }
    o["name"] = node.name;
    o["x"] = node.x;
    o["y"] = node.y;
    o["width"] = node.width;
    o["height"] = node.height;
    if (node.transformed) {
      // A transformed node: Figma's size is the untransformed one; the result's x, y, width and
      // height are its bounding box in the parent (resultjson.BoundTransformed, to 1/100 px).
      const t = node.relativeTransform;
      const w = node.width;
      const h = node.height;
      const corners: [number, number][] = [[0, 0], [w, 0], [0, h], [w, h]];
      const xs = corners.map(([x, y]) => t[0][0] * x + t[0][1] * y + t[0][2]);
      const ys = corners.map(([x, y]) => t[1][0] * x + t[1][1] * y + t[1][2]);
      const r2 = (v: number): number => Math.round(v * 100) / 100;
      o["relativeTransform"] = json(t);
      o["untransformedWidth"] = w;
      o["untransformedHeight"] = h;
      o["x"] = r2(Math.min(...xs));
      o["y"] = r2(Math.min(...ys));
      o["width"] = Math.max(0.01, r2(Math.max(...xs) - Math.min(...xs)));
      o["height"] = Math.max(0.01, r2(Math.max(...ys) - Math.min(...ys)));
    }
    o["visible"] = node.visible;
    if (svg !== null) o["imageRef"] = this.svgRef(svg);
    if (node instanceof StubLayer) {
      const layer = node;
      o["opacity"] = layer.opacity;
      o["blendMode"] = layer.blendMode;
      o["effects"] = effectsJson(layer.effects);
      if (layer.effectStyleId !== "") o["effectStyleId"] = this.styleRef(layer.effectStyleId);
      if (!(node instanceof StubGroup)) o["constraints"] = json(layer.constraints);
      o["layoutPositioning"] = layer.layoutPositioning;
      o["layoutSizingHorizontal"] = layer.layoutSizingHorizontal;
      o["layoutSizingVertical"] = layer.layoutSizingVertical;
      for (const k of ["minWidth", "maxWidth", "minHeight", "maxHeight"] as const) o[k] = layer[k];
      // A child of a GRID frame (not ABSOLUTE): its cell always, spans and alignment where they are not
      // Figma's defaults (1, AUTO) or the result states them.
      const parent = layer.parent;
      if (parent instanceof StubFrame && parent.layoutMode === "GRID" && layer.layoutPositioning !== "ABSOLUTE" && layer.gridRowAnchorIndex >= 0) {
        o["gridRowAnchorIndex"] = layer.gridRowAnchorIndex;
        o["gridColumnAnchorIndex"] = layer.gridColumnAnchorIndex;
        if (layer.gridRowSpan !== 1 || "gridRowSpan" in inp) o["gridRowSpan"] = layer.gridRowSpan;
        if (layer.gridColumnSpan !== 1 || "gridColumnSpan" in inp) o["gridColumnSpan"] = layer.gridColumnSpan;
        if (layer.gridChildHorizontalAlign !== "AUTO" || "gridChildHorizontalAlign" in inp) o["gridChildHorizontalAlign"] = layer.gridChildHorizontalAlign;
        if (layer.gridChildVerticalAlign !== "AUTO" || "gridChildVerticalAlign" in inp) o["gridChildVerticalAlign"] = layer.gridChildVerticalAlign;
      }
    }
    if (node instanceof StubRectangle || node instanceof StubFrame || node instanceof StubEllipse || node instanceof StubLine || node instanceof StubVector || node instanceof StubText) {
      const styled = node.fillStyleId !== "";
      if (svg === null) {
        o["fills"] = node instanceof StubText && node.fillsMixed ? null : this.paints(node.fills, styled);
        o["strokes"] = this.paints(node.strokes, node.strokeStyleId !== "");
        o["strokeAlign"] = node.strokeAlign;
        o["dashPattern"] = json(node.dashPattern);
        if (styled) o["fillStyleId"] = this.styleRef(node.fillStyleId);
        if (node.strokeStyleId !== "") o["strokeStyleId"] = this.styleRef(node.strokeStyleId);
      }
      if (node instanceof StubRectangle || node instanceof StubFrame) {
        const sides = [node.strokeTopWeight, node.strokeRightWeight, node.strokeBottomWeight, node.strokeLeftWeight];
        const corners = [node.topLeftRadius, node.topRightRadius, node.bottomRightRadius, node.bottomLeftRadius];
        if (svg === null) {
          o["strokeWeight"] = Math.max(...sides);
          if (!sides.every((w) => w === sides[0])) {
            ["strokeTopWeight", "strokeRightWeight", "strokeBottomWeight", "strokeLeftWeight"].forEach((k, i) => (o[k] = sides[i] ?? null));
          }
        }
        if (corners.every((r) => r === corners[0])) o["cornerRadius"] = corners[0] ?? 0;
        else ["topLeftRadius", "topRightRadius", "bottomRightRadius", "bottomLeftRadius"].forEach((k, i) => (o[k] = corners[i] ?? null));
      } else if (svg === null) {
        o["strokeWeight"] = node.strokeWeight;
      }
      if (node instanceof StubEllipse || node instanceof StubVector) o["cornerRadius"] = node.cornerRadius;
    }
    if (node instanceof StubFrame) {
      o["clipsContent"] = node.clipsContent;
      o["layoutMode"] = node.layoutMode;
      o["layoutWrap"] = node.layoutWrap;
      o["paddingLeft"] = node.paddingLeft;
      o["paddingRight"] = node.paddingRight;
      o["paddingTop"] = node.paddingTop;
      o["paddingBottom"] = node.paddingBottom;
      o["itemSpacing"] = node.itemSpacing;
      o["counterAxisSpacing"] = node.counterAxisSpacing;
      o["itemReverseZIndex"] = node.itemReverseZIndex;
      o["primaryAxisAlignItems"] = node.primaryAxisAlignItems;
      o["counterAxisAlignItems"] = node.counterAxisAlignItems;
      if (node.layoutMode === "GRID") {
        o["gridRowCount"] = node.gridRowCount;
        o["gridColumnCount"] = node.gridColumnCount;
        o["gridRowGap"] = node.gridRowGap;
        o["gridColumnGap"] = node.gridColumnGap;
        const track = (t: GridTrackSize): Obj => (t.value === undefined ? { type: t.type } : { type: t.type, value: t.value });
        o["gridRowSizes"] = node.gridRowSizes.map(track);
        o["gridColumnSizes"] = node.gridColumnSizes.map(track);
      }
    }
    if (node instanceof StubVector) o["vectorPaths"] = json(node.vectorPaths);
    if (node instanceof StubText) this.text(node, inp, o);
    return o;
  }

  /**
   * The variants of a component set besides main (its Default), in the set's order: each one's
   * variantProperties, its rescale (the scale the stand-in was rescaled by, when not 1) and,
   * layer by layer against main, the override members whose values
   * differ (read as the layer's own members are; the input's overrides say which optional
   * members to write, as the input node does for a node).
   */
  private variants(set: StubComponentSet, main: StubComponent, inp: Obj): Json {
    const inVariants = Array.isArray(inp["componentVariants"]) ? inp["componentVariants"] : [];
    // The Default's states: the variants of one kind (Variant other than Default) are components of their own.
    const others = set.children.filter((c): c is StubComponent => c instanceof StubComponent && c !== main && (c.variantProperties?.["Variant"] ?? "Default") === "Default");
    return others.map((v) => {
      const props = v.variantProperties ?? {};
      const want = inVariants.find((x) => isObj(x) && isObj(x["variantProperties"]) && x["variantProperties"]["State"] === props["State"]);
      const inOverrides = isObj(want) && Array.isArray(want["overrides"]) ? want["overrides"] : [];
      const overrides: Obj[] = [];
      const walk = (a: StubNode, b: StubNode): void => {
        const id = a.getPluginData(PluginDataKey);
        const base = this.inputNode(id);
        const ov = inOverrides.find((x) => isObj(x) && x["id"] === id);
        const fa = this.full(a, base);
        const fb = unscaled(this.full(b, isObj(ov) ? { ...base, ...ov } : base), v.rescaled);
        const o: Obj = { id };
        for (const k of overrideMembers) {
          if (!equalJson(fa[k], fb[k]) && fb[k] !== undefined) o[k] = fb[k] ?? null;
        }
        if (Object.keys(o).length > 1) overrides.push(o);
        const ka = a instanceof StubFrame && svgOf(a) === null ? a.children : [];
        const kb = b instanceof StubFrame && svgOf(b) === null ? b.children : [];
        ka.forEach((c, i) => {
          const d = kb[i];
          if (d !== undefined) walk(c, d);
        });
      };
      walk(main, v);
      // A state of a set with variants of one kind is also named Variant=Default: the result's state is its State.
      const variant: Obj = { variantProperties: json(props["Variant"] === undefined ? props : { State: props["State"] }), overrides };
      if (v.rescaled !== 1) variant["rescale"] = v.rescaled;
      return variant;
    });
  }

  /**
   * The input tree's node of result id id ({} when there is none); a TEXT with a listText as the
   * list the plugin creates from it (its characters, ranges and height).
   */
  private inputNode(id: string): Obj {
    if (this.inputNodes === null) {
      const byId = new Map<string, Obj>();
      const walk = (n: unknown): void => {
        if (!isObj(n)) return;
        if (typeof n["id"] === "string") byId.set(n["id"], asCreated(n));
        if (Array.isArray(n["children"])) n["children"].forEach(walk);
      };
      walk(this.input.root);
      this.inputNodes = byId;
    }
    return this.inputNodes.get(id) ?? {};
  }

  private text(node: StubText, inp: Obj, o: Obj): void {
    const segs = node.getStyledTextSegments(rangeFields);
    const first = segs[0];
    const pick = <T>(v: T | symbol, fromFirst: T | undefined): Json => json(typeof v === "symbol" ? fromFirst : v);
    o["characters"] = node.characters;
    o["fontName"] = pick(node.fontName, first?.fontName);
    o["fontSize"] = pick(node.fontSize, first?.fontSize);
    o["fontWeight"] = pick(node.fontWeight, first?.fontWeight);
    o["lineHeight"] = json(node.lineHeight);
    o["letterSpacing"] = pick(node.letterSpacing, first?.letterSpacing);
    o["textAlignHorizontal"] = node.textAlignHorizontal;
    o["textAlignVertical"] = node.textAlignVertical;
    o["textAutoResize"] = node.textAutoResize;
    o["textCase"] = pick(node.textCase, first?.textCase);
    o["textDecoration"] = pick(node.textDecoration, first?.textDecoration);
    o["paragraphIndent"] = node.paragraphIndent;
    o["hangingList"] = node.hangingList;
    // listMarker is the format's, not Figma's: a marker TEXT the plugin created (one that flows in
    // an auto-layout frame) is an ordinary TEXT; the input's value is kept.
    if ("listMarker" in inp) o["listMarker"] = inp["listMarker"] ?? null;
    const look: { [K in (typeof lookFields)[number]]?: unknown } = {};
    for (const k of lookFields) {
      const v = node[k];
      look[k] = typeof v === "symbol" ? first?.[k] : v;
    }
    Object.assign(o, this.decorationMembers(look));
    o["textTruncation"] = node.textTruncation;
    o["maxLines"] = node.maxLines;
    o["textWrapStyle"] = node.textWrapStyle;
    if (o["fills"] === null) o["fills"] = this.paints(first?.fills ?? [], false);
    const textStyle = node.textStyleId;
    if (typeof textStyle === "string" && textStyle !== "") o["textStyleId"] = this.styleRef(textStyle);
    const inSegs = Array.isArray(inp["styledTextSegments"]) ? inp["styledTextSegments"] : null;
    if (inSegs === null && segs.length <= 1) return;
    const textDefaults = this.scratch.createText().getStyledTextSegments(segmentFields)[0];
    o["styledTextSegments"] = segs.map((s, i) => {
      const want = inSegs?.[i];
      const wantObj = isObj(want) ? want : {};
      const seg: Obj = { start: s.start, end: s.end };
      if ("characters" in wantObj) seg["characters"] = s.characters;
      for (const f of segmentFields) {
        const v = f === "fills" ? this.paints(s.fills, node.fillStyleId !== "") : json(s[f]);
        const d = textDefaults === undefined ? undefined : f === "fills" ? this.paints(textDefaults.fills, false) : json(textDefaults[f]);
        // Figma's listOptions NONE (no list) is the format's absent listOptions.
        const absent = f === "fontWeight" || (f === "listOptions" && s.listOptions.type === "NONE") || (f === "listSpacing" && s.listSpacing === 0);
        if (f in wantObj || (!absent && !equalJson(v, d))) seg[f] = v;
      }
      Object.assign(seg, this.decorationMembers(s));
      // A range set in a text style of its own (the node's, when all are in one, is node-level).
      if (s.textStyleId !== "" && typeof textStyle !== "string") seg["textStyleId"] = this.styleRef(s.textStyleId);
      return seg;
    });
  }

  /**
   * A decoration line's look in the result format: Figma's SOLID style and AUTO offset,
   * thickness and colour (and null, no line) are the format's absent members.
   */
  private decorationMembers(look: { [K in (typeof lookFields)[number]]?: unknown }): Obj {
    const out: Obj = {};
    const { textDecorationStyle: style, textDecorationOffset: offset, textDecorationThickness: thickness, textDecorationColor: color } = look;
    if (typeof style === "string" && style !== "SOLID") out["textDecorationStyle"] = style;
    for (const [k, v] of [["textDecorationOffset", offset], ["textDecorationThickness", thickness]] as const) {
      if (isObj(v) && v["unit"] !== "AUTO") out[k] = json(v);
    }
    if (isObj(color) && isObj(color["value"])) {
      const paints = this.paints([color["value"] as unknown as Paint], false);
      out["textDecorationColor"] = { value: Array.isArray(paints) ? (paints[0] ?? null) : null };
    }
    return out;
  }

  /** Figma paints back in the result format (image hash -> imageRef, variables -> result ids). */
  private paints(paints: ReadonlyArray<Paint>, viaStyle: boolean): Json {
    return paints.map((p): Json => {
      if (p.type === "IMAGE") {
        const { imageHash, ...rest } = p;
        return json({ ...rest, imageRef: this.imageRef(imageHash) });
      }
      if (p.type === "SOLID" && p.boundVariables !== undefined) {
        const { boundVariables, ...rest } = p;
        if (viaStyle) return json(rest);
        return json({ ...rest, boundVariables: { color: this.resultAlias(boundVariables.color?.id) } });
      }
      if ("gradientStops" in p && p.gradientStops.some((s) => s.boundVariables?.color !== undefined)) {
        const gradientStops = p.gradientStops.map((s) => {
          const { boundVariables, ...rest } = s;
          return boundVariables?.color === undefined ? rest : { ...rest, boundVariables: { color: this.resultAlias(boundVariables.color.id) } };
        });
        return json({ ...p, gradientStops });
      }
      return json(p);
    });
  }

  /** The result's alias of the Figma variable id (its V:n, kept as the variable's plugin data). */
  private resultAlias(id: string | undefined): VariableAlias {
    const v = id === undefined ? undefined : this.stub.variables.all.get(id);
    return { type: "VARIABLE_ALIAS", id: v?.getPluginData(PluginDataKey) ?? `unknown ${id}` };
  }

  private imageRef(hash: string | null): string {
    const bytes = hash === null ? undefined : this.stub.images.get(hash);
    const b64 = bytes === undefined ? "" : Buffer.from(bytes).toString("base64");
    return this.input.images.find((im) => im.base64 === b64)?.ref ?? `unknown image ${hash}`;
  }

  private svgRef(svg: string): string {
    return this.input.images.find((im) => im.svg === svg)?.ref ?? "unknown SVG";
  }

  private styleRef(id: string): string {
    const s = this.stub.styles.get(id);
    return s?.getPluginData(PluginDataKey) ?? `unknown style ${id}`;
  }

  /** The styles and variables as the result's styles and variables members. */
  library(): { styles: Json; variables: Json } {
    const styles: Json[] = [];
    const inputStyles = Array.isArray(this.input.styles) ? this.input.styles : [];
    const fresh = { PAINT: this.scratch.createPaintStyle(), TEXT: this.scratch.createTextStyle() };
    for (const s of this.stub.styles.values()) {
      const id = s.getPluginData(PluginDataKey);
      const want: unknown = inputStyles.find((x: unknown) => isObj(x) && x["id"] === id);
      const keep = (k: string, v: Json, d: Json): boolean => (isObj(want) && k in want) || !equalJson(v, d);
      const base: Obj = { id, type: s.type, name: s.name };
      if (s.description !== "") base["description"] = s.description;
      if (s instanceof StubPaintStyle) {
        styles.push({ ...base, paints: this.paints(s.paints, false) });
      } else if (s instanceof StubEffectStyle) {
        styles.push({ ...base, effects: effectsJson(s.effects, (id) => this.stub.variables.all.get(id)?.getPluginData(PluginDataKey) ?? `unknown ${id}`) });
      } else {
        const o: Obj = { ...base, fontName: json(s.fontName), fontSize: s.fontSize };
        const d = fresh.TEXT;
        if (keep("lineHeight", json(s.lineHeight), json(d.lineHeight))) o["lineHeight"] = json(s.lineHeight);
        if (keep("letterSpacing", json(s.letterSpacing), json(d.letterSpacing))) o["letterSpacing"] = json(s.letterSpacing);
        if (keep("textCase", s.textCase, d.textCase)) o["textCase"] = s.textCase;
        if (keep("textDecoration", s.textDecoration, d.textDecoration)) o["textDecoration"] = s.textDecoration;
        if (keep("textWrapStyle", s.textWrapStyle, d.textWrapStyle)) o["textWrapStyle"] = s.textWrapStyle;
        styles.push(o);
      }
    }
    const collections = [...this.stub.collections.values()];
    const c = collections[0];
    // Modes as the result writes them: none for Figma's one default mode; a later mode's value
    // where it differs from the first's.
    const [first, ...later] = c?.modes ?? [];
    const withModes = later.length > 0 || (first !== undefined && first.name !== "Mode 1");
    const variables: Json = c === undefined ? null : {
      collection: c.name,
      ...(withModes ? { modes: c.modes.map((m) => m.name) } : {}),
      variables: [...this.stub.variables.all.values()].map((v): Json => {
        const value = json(v.valuesByMode.get(first?.modeId ?? ""));
        const o: Obj = { id: v.getPluginData(PluginDataKey), name: v.name, resolvedType: v.resolvedType, value };
        const byMode: Obj = {};
        for (const m of later) {
          const mv = json(v.valuesByMode.get(m.modeId));
          if (!equalJson(mv, value)) byMode[m.name] = mv;
        }
        if (Object.keys(byMode).length > 0) o["valuesByMode"] = byMode;
        if (v.codeSyntax.WEB !== undefined) o["codeSyntax"] = { WEB: v.codeSyntax.WEB };
        return o;
      }),
    };
    return { styles, variables };
  }
}

/**
 * Effects as the result writes them: a normal blur without its blurType; a shadow's bound colour
 * by the result's variable id (variableId given: an effect style's), else without it (a node's
 * effects are bound through its effect style).
 */
function effectsJson(effects: ReadonlyArray<Effect>, variableId?: (figmaId: string) => string): Json {
  return json(effects.map((e) => {
    if ((e.type === "LAYER_BLUR" || e.type === "BACKGROUND_BLUR") && e.blurType === "NORMAL") return { type: e.type, radius: e.radius, visible: e.visible };
    if ((e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW") && e.boundVariables !== undefined) {
      const { boundVariables, ...rest } = e;
      const id = boundVariables.color?.id;
      return variableId === undefined || id === undefined ? rest : { ...rest, boundVariables: { color: { type: "VARIABLE_ALIAS", id: variableId(id) } } };
    }
    return e;
  }));
}

/**
 * The SVG document a frame holds: its own (createNodeFromSvg), or for an instance of an icon
 * component the one its layer holds; null for any other frame.
 */
function svgOf(node: StubFrame): string | null {
  if (node.svgSource !== null) return node.svgSource;
  if (!(node instanceof StubInstance) || node.mainComponent.getPluginData(IconDataKey) === "") return null;
  const layer = node.children[0];
  return layer instanceof StubFrame ? layer.svgSource : null;
}

/**
 * The members of a rescaled variant's layer as before its rescale (the stand-in's rescale
 * scales stroke weights and effects: StubNode.rescale, scaledEffect), rounded to 1e-6, so they compare with
 * the main component's and the overrides' values.
 */
function unscaled(o: Obj, scale: number): Obj {
  if (scale === 1) return o;
  const back = (v: unknown): unknown => (typeof v === "number" ? Math.round((v / scale) * 1e6) / 1e6 : v);
  const out: Obj = { ...o };
  for (const k of ["strokeWeight", "strokeTopWeight", "strokeRightWeight", "strokeBottomWeight", "strokeLeftWeight"]) {
    if (k in out) out[k] = back(out[k]) as Json;
  }
  const effects = out["effects"];
  if (Array.isArray(effects)) {
    out["effects"] = effects.map((e) => {
      if (!isObj(e)) return e;
      const u: Obj = { ...e, radius: back(e["radius"]) as Json };
      if ("spread" in e) u["spread"] = back(e["spread"]) as Json;
      const off = e["offset"];
      if (isObj(off)) u["offset"] = { x: back(off["x"]) as Json, y: back(off["y"]) as Json };
      return u;
    });
  }
  return out;
}
