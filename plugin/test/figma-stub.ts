// A recording stand-in of the `figma` global for headless tests of the main thread: the calls
// the materializer makes, with Figma's defaults for new nodes and the checks Figma makes that a
// materializer can get wrong (unknown members in paints and effects, text set in a font that is
// not loaded, FILL/HUG/ABSOLUTE without an auto-layout parent, a style reference cleared when
// the value it styles is set directly, images and SVGs Figma cannot read). Every node keeps what
// was set, so a test reads the created tree back (readback.ts).
//
// The node classes implement the official typings' members they have (Pick<...> of
// @figma/plugin-typings), so their values are typed as Figma's; install() puts the stand-in
// where the materializer looks for it, globalThis.figma.

/** A font the stand-in's user has: every family in `fonts` with the listed styles. */
export type FontList = ReadonlyMap<string, readonly string[]>;

/** Families and styles the default stand-in's user has (Figma ships Inter to every user). */
export const DefaultFonts: FontList = new Map([
  ["Inter", ["Thin", "Light", "Regular", "Medium", "Semi Bold", "SemiBold", "Bold", "Extra Bold", "Black", "Italic", "Bold Italic"]],
]);

/** A call the stand-in fails on purpose: the method name and, optionally, the nth call (1-based). */
export interface Fault {
  method: string;
  call?: number;
  message: string;
}

let ids = 0;
const nextId = (): string => `${++ids}:${ids}`;

/** The Figma weights of font style names (Figma reads the weight from the font; styles say it). */
export function weightOf(style: string): number {
  const s = style.toLowerCase().replace(/[\s_-]/g, "");
  const table: [string, number][] = [
    ["thin", 100], ["hairline", 100], ["extralight", 200], ["ultralight", 200], ["light", 300],
    ["medium", 500], ["semibold", 600], ["demibold", 600], ["extrabold", 800], ["ultrabold", 800],
    ["bold", 700], ["black", 900], ["heavy", 900],
  ];
  for (const [name, w] of table) if (s.includes(name)) return w;
  return 400;
}

function fail(message: string): never {
  throw new Error(message);
}

/** Figma refuses objects with members it does not know (zod-style validation of its API). */
function only(what: string, o: object, allowed: readonly string[]): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(`in ${what}: Unrecognized key(s) in object: '${k}'`);
}

function checkColor(what: string, c: unknown, alpha: boolean): void {
  if (typeof c !== "object" || c === null) fail(`in ${what}: Required value missing`);
  only(what, c, alpha ? ["r", "g", "b", "a"] : ["r", "g", "b"]);
  for (const k of alpha ? ["r", "g", "b", "a"] : ["r", "g", "b"]) {
    const v: unknown = Reflect.get(c, k);
    if (typeof v !== "number" || v < 0 || v > 1) fail(`in ${what}: Expected ${k} to be a number in 0..1`);
  }
}

const paintCommon = ["type", "visible", "opacity", "blendMode"];

function checkPaint(what: string, p: Paint, figma: { images: ReadonlyMap<string, Uint8Array>; variables: { all: ReadonlyMap<string, StubVariable> } }): void {
  const images = figma.images;
  switch (p.type) {
    case "SOLID":
      only(what, p, [...paintCommon, "color", "boundVariables"]);
      checkColor(what, p.color, false);
      return;
    case "GRADIENT_LINEAR":
    case "GRADIENT_RADIAL":
    case "GRADIENT_ANGULAR":
    case "GRADIENT_DIAMOND":
      only(what, p, [...paintCommon, "gradientTransform", "gradientStops"]);
      if (p.gradientTransform.length !== 2) fail(`in ${what}: Expected gradientTransform to be a 2x3 matrix`);
      p.gradientStops.forEach((s) => {
        only(what, s, ["position", "color", "boundVariables"]);
        checkColor(what, s.color, true);
        // A stop's colour is bound by an alias of a COLOR variable (Figma's ColorStop.boundVariables).
        if (s.boundVariables === undefined) return;
        only(what, s.boundVariables, ["color"]);
        const alias = s.boundVariables.color;
        if (alias === undefined) return;
        const v = figma.variables.all.get(alias.id);
        if (alias.type !== "VARIABLE_ALIAS" || v === undefined || v.resolvedType !== "COLOR") {
          fail(`in ${what}: a gradient stop's color is bound to ${JSON.stringify(alias)}, which names no COLOR variable`);
        }
      });
      return;
    case "IMAGE":
      only(what, p, [...paintCommon, "scaleMode", "imageHash", "imageTransform", "scalingFactor", "rotation", "filters"]);
      if (p.imageHash !== null && !images.has(p.imageHash)) fail(`in ${what}: Image with hash ${p.imageHash} not found`);
      return;
    default:
      fail(`in ${what}: the stand-in has no ${p.type} paints`);
  }
}

function checkEffect(what: string, e: Effect): void {
  switch (e.type) {
    case "DROP_SHADOW":
      only(what, e, ["type", "color", "offset", "radius", "spread", "visible", "blendMode", "showShadowBehindNode", "boundVariables"]);
      checkColor(what, e.color, true);
      return;
    case "INNER_SHADOW":
      only(what, e, ["type", "color", "offset", "radius", "spread", "visible", "blendMode", "boundVariables"]);
      checkColor(what, e.color, true);
      return;
    case "LAYER_BLUR":
    case "BACKGROUND_BLUR":
      only(what, e, ["type", "radius", "visible", "blurType", "boundVariables"]);
      if (e.blurType !== "NORMAL") fail(`in ${what}: Expected blurType NORMAL or PROGRESSIVE`);
      return;
    default:
      fail(`in ${what}: the stand-in has no ${e.type} effects`);
  }
}

const clone = <T>(v: T): T => structuredClone(v);

type StubParent = StubPage | StubFrame | StubGroup;

/** What every stand-in node has. */
export abstract class StubNode implements Pick<FrameNode, "name" | "visible" | "x" | "y" | "width" | "height"> {
  abstract readonly type: "FRAME" | "COMPONENT" | "COMPONENT_SET" | "INSTANCE" | "GROUP" | "RECTANGLE" | "ELLIPSE" | "LINE" | "VECTOR" | "TEXT";
  readonly id = nextId();
  name = "";
  visible = true;
  protected box = { x: 0, y: 0, width: 100, height: 100 };
  parent: StubParent | null = null;
  removed = false;
  readonly pluginData = new Map<string, string>();
  /** Set on frames made by createNodeFromSvg: the SVG text Figma imported. */
  svgSource: string | null = null;
  /** The instance this node is a layer of (not the instance itself), or null. */
  inInstance: StubInstance | null = null;

  constructor(protected readonly figma: StubFigma) {}

  setPluginData(key: string, value: string): void {
    this.pluginData.set(key, value);
  }
  getPluginData(key: string): string {
    return this.pluginData.get(key) ?? "";
  }
  remove(): void {
    if (this.inInstance !== null && !this.inInstance.removed) fail("in remove: Cannot remove a layer of an instance");
    this.parent?.detach(this);
    this.removed = true;
    this.figma.record("remove", this.id);
  }
  get x(): number {
    return this.box.x;
  }
  set x(v: number) {
    this.box.x = v;
  }
  get y(): number {
    return this.box.y;
  }
  set y(v: number) {
    this.box.y = v;
  }
  get width(): number {
    return this.box.width;
  }
  get height(): number {
    return this.box.height;
  }
  /** The linear part [[a, c], [b, d]] of relativeTransform (x and y are its translation). */
  protected linear: [[number, number], [number, number]] = [[1, 0], [0, 1]];
  get relativeTransform(): Transform {
    return [[this.linear[0][0], this.linear[0][1], this.box.x], [this.linear[1][0], this.linear[1][1], this.box.y]];
  }
  set relativeTransform(t: Transform) {
    if (t.length !== 2 || t.some((row) => row.length !== 3 || row.some((v) => !Number.isFinite(v)))) fail("in relativeTransform: Expected a 2x3 matrix of finite numbers");
    if (Math.abs(t[0][0] * t[1][1] - t[0][1] * t[1][0]) < 1e-12) fail("in relativeTransform: the transform is not invertible");
    this.linear = [[t[0][0], t[0][1]], [t[1][0], t[1][1]]];
    this.box.x = t[0][2];
    this.box.y = t[1][2];
  }
  /** Whether relativeTransform does more than move the node. */
  get transformed(): boolean {
    return this.linear[0][0] !== 1 || this.linear[0][1] !== 0 || this.linear[1][0] !== 0 || this.linear[1][1] !== 1;
  }
  resize(width: number, height: number): void {
    if (!(width >= 0.01) || !(height >= (this.type === "LINE" ? 0 : 0.01))) fail(`in resize: Expected width and height >= 0.01, got ${width} x ${height}`);
    this.box.width = width;
    this.box.height = height;
  }
  /** The product of the scales rescale was called with (1: never rescaled). */
  rescaled = 1;
  /**
   * Figma's rescale (the Scale Tool): the node and its layers scaled from its top-left corner, at
   * least 0.01. The stand-in scales the boxes (sizes, and the layers' positions), stroke weights,
   * corner radii and effects (which detaches an effect style, as setting effects does), and keeps
   * the product in rescaled; Figma also scales text sizes.
   */
  rescale(scale: number): void {
    this.figma.record("rescale", String(scale));
    if (!(scale >= 0.01)) fail(`in rescale: Expected scale >= 0.01, got ${scale}`);
    const walk = (n: StubNode, top: boolean): void => {
      if (!top) {
        n.box.x *= scale;
        n.box.y *= scale;
      }
      n.box.width *= scale;
      n.box.height *= scale;
      if (n instanceof StubBox) {
        n.strokeTopWeight *= scale;
        n.strokeRightWeight *= scale;
        n.strokeBottomWeight *= scale;
        n.strokeLeftWeight *= scale;
        n.topLeftRadius *= scale;
        n.topRightRadius *= scale;
        n.bottomRightRadius *= scale;
        n.bottomLeftRadius *= scale;
      } else if (n instanceof StubGeometry) {
        n.strokeWeight *= scale;
      }
      if (n instanceof StubLayer && n.effects.length > 0) n.effects = n.effects.map((e) => scaledEffect(e, scale));
      for (const c of "children" in n && Array.isArray(n.children) ? (n.children as unknown[]) : []) {
        if (c instanceof StubNode) walk(c, false);
      }
    };
    walk(this, true);
    this.rescaled *= scale;
  }
  get absoluteBoundingBox(): Rect {
    let x = this.x;
    let y = this.y;
    for (let p = this.parent; p !== null && p.type !== "PAGE"; p = p.parent) {
      if (p.type !== "GROUP") {
        x += p.x;
        y += p.y;
      }
    }
    return { x, y, width: this.width, height: this.height };
  }
}

/** Children of pages, frames and groups. */
class Children {
  readonly children: StubNode[] = [];
  constructor(private readonly owner: StubParent) {}
  append(n: StubNode): void {
    this.changeable("appendChild");
    if (n.removed) fail("in appendChild: The node has been removed");
    if (n === this.owner) fail("in appendChild: Cannot move a node into itself");
    n.parent?.detach(n);
    this.children.push(n);
    n.parent = this.owner;
  }
  insert(index: number, n: StubNode): void {
    this.changeable("insertChild");
    n.parent?.detach(n);
    this.children.splice(index, 0, n);
    n.parent = this.owner;
  }
  /** Figma refuses to add children to an instance or its layers. */
  private changeable(what: string): void {
    const o = this.owner;
    if (o instanceof StubInstance || (o.type !== "PAGE" && o.inInstance !== null)) fail(`in ${what}: Cannot move node. New parent is an instance or is inside of an instance`);
  }
  detach(n: StubNode): void {
    const i = this.children.indexOf(n);
    if (i >= 0) this.children.splice(i, 1);
    n.parent = null;
  }
}

/** A layer's opacity, blend mode and effects. */
export abstract class StubLayer extends StubNode implements Pick<FrameNode, "opacity" | "blendMode" | "constraints"> {
  private opacityValue = 1;
  blendMode: BlendMode = "PASS_THROUGH";
  private effectsValue: Effect[] = [];
  effectStyleIdValue = "";
  constraints: Constraints = { horizontal: "MIN", vertical: "MIN" };
  layoutPositioningValue: "AUTO" | "ABSOLUTE" = "AUTO";
  layoutSizingHorizontalValue: "FIXED" | "HUG" | "FILL" = "FIXED";
  layoutSizingVerticalValue: "FIXED" | "HUG" | "FILL" = "FIXED";
  private propertyReferences: { characters?: string; mainComponent?: string } | null = null;

  /**
   * Figma's componentPropertyReferences: set only on a layer of a component (characters only
   * on a TEXT, mainComponent only on an instance), naming one of the component's properties.
   */
  get componentPropertyReferences(): { characters?: string; mainComponent?: string } | null {
    return this.propertyReferences;
  }
  set componentPropertyReferences(v: { characters?: string; mainComponent?: string } | null) {
    let c: StubParent | null = this.parent;
    while (c !== null && !(c instanceof StubComponent)) c = c instanceof StubPage ? null : c.parent;
    if (!(c instanceof StubComponent)) fail("in set_componentPropertyReferences: the node is not a layer of a component");
    const name = v?.characters;
    if (name !== undefined && !(this instanceof StubText)) fail("in set_componentPropertyReferences: characters on a node that is not a TEXT");
    const defs = propertiesOf(c);
    if (name !== undefined && !(name in defs)) fail(`in set_componentPropertyReferences: no property ${name} on the component`);
    const swap = v?.mainComponent;
    if (swap !== undefined && !(this instanceof StubInstance)) fail("in set_componentPropertyReferences: mainComponent on a node that is not an instance");
    if (swap !== undefined && defs[swap]?.type !== "INSTANCE_SWAP") fail(`in set_componentPropertyReferences: no INSTANCE_SWAP property ${swap} on the component`);
    this.propertyReferences = v === null ? null : { ...v };
  }

  get opacity(): number {
    return this.opacityValue;
  }
  set opacity(v: number) {
    if (!(v >= 0 && v <= 1)) fail(`in set_opacity: Expected a number in 0..1, got ${v}`);
    this.opacityValue = v;
  }
  get effects(): ReadonlyArray<Effect> {
    return clone(this.effectsValue);
  }
  set effects(v: ReadonlyArray<Effect>) {
    v.forEach((e, i) => checkEffect(`set_effects[${i}]`, e));
    this.effectsValue = clone([...v]);
    this.effectStyleIdValue = "";
  }
  get effectStyleId(): string {
    return this.effectStyleIdValue;
  }
  /** Figma's setEffectStyleIdAsync: the node takes the style's effects and refers to it. */
  async setEffectStyleIdAsync(id: string): Promise<void> {
    const s = this.figma.styles.get(id);
    if (!(s instanceof StubEffectStyle)) fail(`in setEffectStyleIdAsync: no effect style ${id}`);
    this.effects = s.effects;
    this.effectStyleIdValue = id;
  }
  /** The cell a child of a GRID frame is anchored at (-1: none), and its spans. */
  gridRow = -1;
  gridColumn = -1;
  private rowSpanValue = 1;
  private columnSpanValue = 1;
  gridChildHorizontalAlign: "MIN" | "CENTER" | "MAX" | "AUTO" = "AUTO";
  gridChildVerticalAlign: "MIN" | "CENTER" | "MAX" | "AUTO" = "AUTO";

  private gridParent(what: string): StubFrame {
    const p = this.parent;
    if (!(p instanceof StubFrame) || p.layoutMode !== "GRID") fail(`in ${what}: This property can only be set on children of grid auto-layout frames`);
    return p;
  }
  get gridRowAnchorIndex(): number {
    return this.gridRow;
  }
  get gridColumnAnchorIndex(): number {
    return this.gridColumn;
  }
  setGridChildPosition(rowIndex: number, columnIndex: number): void {
    const p = this.gridParent("setGridChildPosition");
    p.checkArea("setGridChildPosition", this, rowIndex, columnIndex, this.rowSpanValue, this.columnSpanValue);
    this.gridRow = rowIndex;
    this.gridColumn = columnIndex;
  }
  get gridRowSpan(): number {
    return this.rowSpanValue;
  }
  set gridRowSpan(v: number) {
    this.gridParent("set_gridRowSpan").checkArea("set_gridRowSpan", this, this.gridRow, this.gridColumn, v, this.columnSpanValue);
    this.rowSpanValue = v;
  }
  get gridColumnSpan(): number {
    return this.columnSpanValue;
  }
  set gridColumnSpan(v: number) {
    this.gridParent("set_gridColumnSpan").checkArea("set_gridColumnSpan", this, this.gridRow, this.gridColumn, this.rowSpanValue, v);
    this.columnSpanValue = v;
  }
  private autoLayoutParent(what: string): void {
    const p = this.parent;
    if (p === null || !(p instanceof StubFrame) || p.layoutMode === "NONE") fail(`in ${what}: This property can only be set on children of auto-layout frames`);
  }
  private sizeLimits: Record<"minWidth" | "maxWidth" | "minHeight" | "maxHeight", number | null> = { minWidth: null, maxWidth: null, minHeight: null, maxHeight: null };
  /** Figma's size limits: on an auto-layout frame or a child of one, a number >= 0 or null. */
  private setLimit(k: "minWidth" | "maxWidth" | "minHeight" | "maxHeight", v: number | null): void {
    const p = this.parent;
    const own = this instanceof StubFrame && this.layoutMode !== "NONE";
    const inAuto = p !== null && p instanceof StubFrame && p.layoutMode !== "NONE";
    if (!own && !inAuto) fail(`in set_${k}: Size limits can only be set on auto-layout frames and their children`);
    if (v !== null && !(v >= 0)) fail(`in set_${k}: Expected a number >= 0, got ${v}`);
    this.sizeLimits[k] = v;
  }
  get minWidth(): number | null {
    return this.sizeLimits.minWidth;
  }
  set minWidth(v: number | null) {
    this.setLimit("minWidth", v);
  }
  get maxWidth(): number | null {
    return this.sizeLimits.maxWidth;
  }
  set maxWidth(v: number | null) {
    this.setLimit("maxWidth", v);
  }
  get minHeight(): number | null {
    return this.sizeLimits.minHeight;
  }
  set minHeight(v: number | null) {
    this.setLimit("minHeight", v);
  }
  get maxHeight(): number | null {
    return this.sizeLimits.maxHeight;
  }
  set maxHeight(v: number | null) {
    this.setLimit("maxHeight", v);
  }
  get layoutPositioning(): "AUTO" | "ABSOLUTE" {
    return this.layoutPositioningValue;
  }
  set layoutPositioning(v: "AUTO" | "ABSOLUTE") {
    if (v === "ABSOLUTE") this.autoLayoutParent("set_layoutPositioning");
    this.layoutPositioningValue = v;
  }
  private sizing(v: "FIXED" | "HUG" | "FILL", what: string): void {
    if (v === "FILL") this.autoLayoutParent(what);
    if (v === "HUG" && this.type !== "TEXT" && !(this instanceof StubFrame && this.layoutMode !== "NONE")) {
      fail(`in ${what}: HUG can only be set on auto-layout frames and text nodes`);
    }
    if (v === "HUG" && this instanceof StubFrame && this.layoutMode === "GRID") {
      const tracks = what === "set_layoutSizingHorizontal" ? this.gridColumnSizes : this.gridRowSizes;
      if (tracks.some((t) => t.type === "FLEX")) fail(`in ${what}: a grid with FLEX tracks cannot hug its content`);
    }
  }
  get layoutSizingHorizontal(): "FIXED" | "HUG" | "FILL" {
    return this.layoutSizingHorizontalValue;
  }
  set layoutSizingHorizontal(v: "FIXED" | "HUG" | "FILL") {
    this.sizing(v, "set_layoutSizingHorizontal");
    this.layoutSizingHorizontalValue = v;
  }
  get layoutSizingVertical(): "FIXED" | "HUG" | "FILL" {
    return this.layoutSizingVerticalValue;
  }
  set layoutSizingVertical(v: "FIXED" | "HUG" | "FILL") {
    this.sizing(v, "set_layoutSizingVertical");
    this.layoutSizingVerticalValue = v;
  }
}

/** Fills, strokes and their style references. */
abstract class StubGeometry extends StubLayer implements Pick<RectangleNode, "strokeWeight" | "strokeAlign" | "dashPattern"> {
  protected fillsValue: Paint[] = [];
  protected strokesValue: Paint[] = [];
  fillStyleIdValue = "";
  strokeStyleIdValue = "";
  private weight = 1;
  strokeAlign: "INSIDE" | "OUTSIDE" | "CENTER" = "INSIDE";
  dashPattern: ReadonlyArray<number> = [];

  get fills(): ReadonlyArray<Paint> {
    return clone(this.fillsValue);
  }
  set fills(v: ReadonlyArray<Paint>) {
    v.forEach((p, i) => checkPaint(`set_fills[${i}]`, p, this.figma));
    this.fillsValue = clone([...v]);
    this.fillStyleIdValue = "";
  }
  get strokes(): ReadonlyArray<Paint> {
    return clone(this.strokesValue);
  }
  set strokes(v: ReadonlyArray<Paint>) {
    v.forEach((p, i) => checkPaint(`set_strokes[${i}]`, p, this.figma));
    this.strokesValue = clone([...v]);
    this.strokeStyleIdValue = "";
  }
  get strokeWeight(): number {
    return this.weight;
  }
  set strokeWeight(v: number) {
    if (!(v >= 0)) fail(`in set_strokeWeight: Expected a number >= 0, got ${v}`);
    this.weight = v;
  }
  get fillStyleId(): string {
    return this.fillStyleIdValue;
  }
  get strokeStyleId(): string {
    return this.strokeStyleIdValue;
  }
  async setFillStyleIdAsync(id: string): Promise<void> {
    const s = this.figma.paintStyle(id, "setFillStyleIdAsync");
    this.fills = s.paints;
    this.fillStyleIdValue = id;
  }
  async setStrokeStyleIdAsync(id: string): Promise<void> {
    const s = this.figma.paintStyle(id, "setStrokeStyleIdAsync");
    this.strokes = s.paints;
    this.strokeStyleIdValue = id;
  }
}

/** Effect e scaled by scale, as Figma's rescale scales a layer's effects: radius, spread and offset. */
function scaledEffect(e: Effect, scale: number): Effect {
  if (e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW") {
    return { ...e, radius: e.radius * scale, spread: (e.spread ?? 0) * scale, offset: { x: e.offset.x * scale, y: e.offset.y * scale } };
  }
  if (e.type === "LAYER_BLUR" || e.type === "BACKGROUND_BLUR") return { ...e, radius: e.radius * scale };
  return e;
}

/** Per-corner radii and per-side stroke weights (frames and rectangles). */
abstract class StubBox extends StubGeometry
  implements Pick<RectangleNode, "topLeftRadius" | "topRightRadius" | "bottomRightRadius" | "bottomLeftRadius" | "strokeTopWeight" | "strokeRightWeight" | "strokeBottomWeight" | "strokeLeftWeight"> {
  topLeftRadius = 0;
  topRightRadius = 0;
  bottomRightRadius = 0;
  bottomLeftRadius = 0;
  strokeTopWeight = 1;
  strokeRightWeight = 1;
  strokeBottomWeight = 1;
  strokeLeftWeight = 1;
  get cornerRadius(): number {
    const r = [this.topLeftRadius, this.topRightRadius, this.bottomRightRadius, this.bottomLeftRadius];
    return r.every((v) => v === r[0]) ? (r[0] ?? 0) : NaN;
  }
  set cornerRadius(v: number) {
    this.topLeftRadius = this.topRightRadius = this.bottomRightRadius = this.bottomLeftRadius = v;
  }
  override get strokeWeight(): number {
    const w = [this.strokeTopWeight, this.strokeRightWeight, this.strokeBottomWeight, this.strokeLeftWeight];
    return w.every((v) => v === w[0]) ? (w[0] ?? 1) : NaN;
  }
  override set strokeWeight(v: number) {
    this.strokeTopWeight = this.strokeRightWeight = this.strokeBottomWeight = this.strokeLeftWeight = v;
  }
}

/** One row or column of a stand-in GRID frame (Figma's GridTrackSize, changed in place). */
export class StubTrack implements GridTrackSize {
  private typeValue: "FLEX" | "FIXED" | "HUG" = "FLEX";
  private sizeValue: number | undefined = undefined;
  constructor(
    private readonly frame: StubFrame,
    private readonly columns: boolean,
  ) {}
  get type(): "FLEX" | "FIXED" | "HUG" {
    return this.typeValue;
  }
  set type(v: "FLEX" | "FIXED" | "HUG") {
    const sizing = this.columns ? this.frame.layoutSizingHorizontal : this.frame.layoutSizingVertical;
    if (v === "FLEX" && sizing === "HUG") fail("in set_type: FLEX tracks are not valid in a grid that hugs its content");
    this.typeValue = v;
    if (v === "HUG") this.sizeValue = undefined;
  }
  get value(): number | undefined {
    return this.sizeValue;
  }
  set value(v: number | undefined) {
    if (this.typeValue === "HUG") fail("in set_value: a HUG track has no value");
    if (v !== undefined && !(v >= 0 && Number.isFinite(v))) fail(`in set_value: Expected a number >= 0, got ${v}`);
    this.sizeValue = v;
  }
}

export class StubFrame extends StubBox
  implements Pick<FrameNode, "clipsContent" | "layoutMode" | "layoutWrap" | "paddingLeft" | "paddingRight" | "paddingTop" | "paddingBottom" | "itemSpacing" | "itemReverseZIndex" | "primaryAxisAlignItems" | "counterAxisAlignItems" | "numberOfFixedChildren"> {
  readonly type: "FRAME" | "COMPONENT" | "COMPONENT_SET" | "INSTANCE" = "FRAME";
  private readonly kids = new Children(this);
  clipsContent = true;
  layoutMode: "NONE" | "HORIZONTAL" | "VERTICAL" | "GRID" = "NONE";
  private layoutWrapValue: "NO_WRAP" | "WRAP" = "NO_WRAP";
  paddingLeft = 0;
  paddingRight = 0;
  paddingTop = 0;
  paddingBottom = 0;
  itemSpacing = 0;
  itemReverseZIndex = false;
  private counterAxisSpacingValue = 0;
  primaryAxisAlignItems: "MIN" | "MAX" | "CENTER" | "SPACE_BETWEEN" = "MIN";
  private counterAxisAlignValue: "MIN" | "MAX" | "CENTER" | "BASELINE" = "MIN";
  private fixedChildren = 0;
  /** Figma's explicitVariableModes: the mode id the frame shows, by collection id. */
  readonly explicitVariableModes: Record<string, string> = {};
  private readonly rowTracks: StubTrack[] = [new StubTrack(this, false)];
  private readonly columnTracks: StubTrack[] = [new StubTrack(this, true)];
  private rowGap = 0;
  private columnGap = 0;

  constructor(figma: StubFigma) {
    super(figma);
    this.name = "Frame";
    this.fillsValue = [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }];
  }
  setExplicitVariableModeForCollection(collection: StubVariableCollection, modeId: string): void {
    if (!collection.modes.some((m) => m.modeId === modeId)) fail(`in setExplicitVariableModeForCollection: no mode ${modeId} in the collection`);
    this.explicitVariableModes[collection.id] = modeId;
  }
  get children(): ReadonlyArray<StubNode> {
    return this.kids.children;
  }
  appendChild(n: StubNode): void {
    this.kids.append(n);
    if (this.layoutMode === "GRID" && n instanceof StubLayer) this.autoPlace(n);
  }
  insertChild(i: number, n: StubNode): void {
    this.kids.insert(i, n);
    if (this.layoutMode === "GRID" && n instanceof StubLayer) this.autoPlace(n);
  }
  private grid(what: string): void {
    if (this.layoutMode !== "GRID") fail(`in ${what}: This property can only be set on grid auto-layout frames`);
  }
  /** The rows (columns) the children of this grid reach down to, ABSOLUTE ones apart. */
  private used(rows: boolean): number {
    let n = 0;
    for (const c of this.kids.children) {
      if (c instanceof StubLayer && c.layoutPositioning !== "ABSOLUTE" && c.gridRow >= 0) n = Math.max(n, rows ? c.gridRow + c.gridRowSpan : c.gridColumn + c.gridColumnSpan);
    }
    return n;
  }
  private resizeTracks(tracks: StubTrack[], count: number, columns: boolean, what: string): void {
    this.grid(what);
    if (!Number.isInteger(count) || count < 1) fail(`in ${what}: Expected an integer >= 1, got ${count}`);
    if (count < this.used(!columns)) fail(`in ${what}: Cannot remove ${columns ? "columns" : "rows"} that hold children`);
    while (tracks.length < count) tracks.push(new StubTrack(this, columns));
    tracks.length = count;
  }
  get gridRowCount(): number {
    return this.rowTracks.length;
  }
  set gridRowCount(v: number) {
    this.resizeTracks(this.rowTracks, v, false, "set_gridRowCount");
  }
  get gridColumnCount(): number {
    return this.columnTracks.length;
  }
  set gridColumnCount(v: number) {
    this.resizeTracks(this.columnTracks, v, true, "set_gridColumnCount");
  }
  get gridRowGap(): number {
    return this.rowGap;
  }
  set gridRowGap(v: number) {
    this.grid("set_gridRowGap");
    if (!(v >= 0)) fail(`in set_gridRowGap: Expected a number >= 0, got ${v}`);
    this.rowGap = v;
  }
  get gridColumnGap(): number {
    return this.columnGap;
  }
  set gridColumnGap(v: number) {
    this.grid("set_gridColumnGap");
    if (!(v >= 0)) fail(`in set_gridColumnGap: Expected a number >= 0, got ${v}`);
    this.columnGap = v;
  }
  get gridRowSizes(): StubTrack[] {
    return this.rowTracks;
  }
  get gridColumnSizes(): StubTrack[] {
    return this.columnTracks;
  }
  /** Fails unless rows row..row+rowSpan and columns column..column+columnSpan are in the grid and no other child covers them. */
  checkArea(what: string, child: StubLayer, row: number, column: number, rowSpan: number, columnSpan: number): void {
    if (![row, column].every((v) => Number.isInteger(v) && v >= 0) || ![rowSpan, columnSpan].every((v) => Number.isInteger(v) && v >= 1)) fail(`in ${what}: Expected indices >= 0 and spans >= 1`);
    if (row + rowSpan > this.gridRowCount || column + columnSpan > this.gridColumnCount) fail(`in ${what}: The position is outside the grid`);
    for (const c of this.kids.children) {
      if (c === child || !(c instanceof StubLayer) || c.gridRow < 0 || c.layoutPositioning === "ABSOLUTE") continue;
      const apart = c.gridRow >= row + rowSpan || row >= c.gridRow + c.gridRowSpan || c.gridColumn >= column + columnSpan || column >= c.gridColumn + c.gridColumnSpan;
      if (!apart) fail(`in ${what}: The cell is occupied by another node`);
    }
  }
  /** Figma's appendChild into a grid: the first free cell, row by row (a row added when none is free). */
  private autoPlace(n: StubLayer): void {
    n.gridRow = n.gridColumn = -1;
    for (let r = 0; ; r++) {
      if (r >= this.gridRowCount) this.rowTracks.push(new StubTrack(this, false));
      for (let c = 0; c < this.gridColumnCount; c++) {
        try {
          this.checkArea("appendChild", n, r, c, 1, 1);
        } catch {
          continue;
        }
        n.gridRow = r;
        n.gridColumn = c;
        return;
      }
    }
  }
  detach(n: StubNode): void {
    this.kids.detach(n);
  }
  get layoutWrap(): "NO_WRAP" | "WRAP" {
    return this.layoutWrapValue;
  }
  set layoutWrap(v: "NO_WRAP" | "WRAP") {
    if (v === "WRAP" && this.layoutMode !== "HORIZONTAL") fail("in set_layoutWrap: WRAP needs layoutMode HORIZONTAL");
    this.layoutWrapValue = v;
  }
  get counterAxisSpacing(): number {
    return this.counterAxisSpacingValue;
  }
  set counterAxisSpacing(v: number) {
    if (this.layoutWrapValue !== "WRAP") fail("in set_counterAxisSpacing: counterAxisSpacing needs layoutWrap WRAP");
    this.counterAxisSpacingValue = v;
  }
  get counterAxisAlignItems(): "MIN" | "MAX" | "CENTER" | "BASELINE" {
    return this.counterAxisAlignValue;
  }
  set counterAxisAlignItems(v: "MIN" | "MAX" | "CENTER" | "BASELINE") {
    if (v === "BASELINE" && this.layoutMode !== "HORIZONTAL") fail("in set_counterAxisAlignItems: BASELINE needs layoutMode HORIZONTAL");
    this.counterAxisAlignValue = v;
  }
  /** Figma's resize of a frame: the children its auto layout does not place follow by their constraints. */
  override resize(width: number, height: number): void {
    const [dw, dh] = [width - this.width, height - this.height];
    super.resize(width, height);
    followConstraints(this, dw, dh);
  }
  /** Sets the size as auto layout does, without the checks of resize; the children it does not place follow by their constraints. */
  resizeWithoutLayout(width: number, height: number): void {
    const [dw, dh] = [width - this.width, height - this.height];
    this.box.width = width;
    this.box.height = height;
    followConstraints(this, dw, dh);
  }
  get numberOfFixedChildren(): number {
    return this.fixedChildren;
  }
  set numberOfFixedChildren(v: number) {
    if (!Number.isInteger(v) || v < 0 || v > this.kids.children.length) fail(`in set_numberOfFixedChildren: Expected 0..${this.kids.children.length}, got ${v}`);
    this.fixedChildren = v;
  }
}

/**
 * Figma's constraints once frame f grew by dw and dh px: each child its auto layout does not
 * place (every child of a frame without auto layout, an ABSOLUTE one of a frame with it) moves
 * (MAX: with the right or bottom edge, CENTER: half as far), resizes (STRETCH), or both in
 * proportion (SCALE) on each axis; MIN keeps it where it is. A resized text lays its characters
 * out again.
 */
function followConstraints(f: StubFrame, dw: number, dh: number): void {
  if (dw === 0 && dh === 0) return;
  // The frame's size before it grew: SCALE keeps a child's place and size in proportion to it.
  const [oldW, oldH] = [f.width - dw, f.height - dh];
  for (const c of f.children) {
    if (!(c instanceof StubLayer) || (f.layoutMode !== "NONE" && c.layoutPositioning !== "ABSOLUTE")) continue;
    const follow = (constraint: ConstraintType, pos: number, size: number, d: number, old: number): [number, number] => {
      switch (constraint) {
        case "MAX":
          return [pos + d, size];
        case "CENTER":
          return [pos + d / 2, size];
        case "STRETCH":
          return [pos, size + d];
        case "SCALE":
          return old > 0 ? [(pos * (old + d)) / old, (size * (old + d)) / old] : [pos, size];
        default:
          return [pos, size];
      }
    };
    const [x, w] = follow(c.constraints.horizontal, c.x, c.width, dw, oldW);
    const [y, h] = follow(c.constraints.vertical, c.y, c.height, dh, oldH);
    c.x = px(x);
    c.y = px(y);
    if (px(w) === c.width && px(h) === c.height) continue;
    // A frame takes its new size as its parent's layout gives it (its own children follow), not
    // as a resize that would lay out the instance around it again.
    if (c instanceof StubFrame) {
      c.resizeWithoutLayout(px(w), px(h));
      layOutFrame(c);
    } else c.resize(px(w), px(h));
    if (c instanceof StubText) c.textAutoResize = c.textAutoResize;
  }
}

/** The stand-in's laid-out lengths keep the result's 1/100 px, so they read back as it writes them. */
const px = (v: number): number => Math.round(v * 100) / 100;

/**
 * Figma's auto layout once a layer of an instance changed size, from its parent p up to the
 * instance (through nested instances up to the outermost), each frame laid out by layOutFrame;
 * a frame it stops at stops it.
 */
function layOutAgain(p: StubParent | null): void {
  for (let f = p; f instanceof StubFrame && (f instanceof StubInstance || f.inInstance !== null); f = f.parent) {
    if (!layOutFrame(f)) return;
    // A nested instance is a layer of the instance around it, which lays out again too.
    if (f instanceof StubInstance && f.inInstance === null) return;
  }
}

/**
 * Lays out frame f once, as Figma's auto layout does: a HORIZONTAL or VERTICAL frame without
 * wrap takes its flowing children's size on an axis it hugs (HUG: padding, the children one
 * after another itemSpacing apart, across the largest); children that FILL it across take its
 * inner size across, and those that FILL it along share the room its other children leave; a
 * text so resized lays its characters out again, a frame its own children (down the tree). It
 * places them (aligned by primaryAxisAlignItems MIN, CENTER or MAX, or with SPACE_BETWEEN the
 * room left shared between them, and counterAxisAlignItems). False (nothing done) for a frame
 * of another mode, without flowing children, or whose children fill it across while it hugs
 * across.
 */
function layOutFrame(f: StubFrame): boolean {
  const row = f.layoutMode === "HORIZONTAL";
  if ((!row && f.layoutMode !== "VERTICAL") || f.layoutWrap === "WRAP") return false;
  const flow = f.children.filter((c): c is StubLayer => c instanceof StubLayer && c.layoutPositioning !== "ABSOLUTE");
  const fillsAlong = (c: StubLayer): boolean => (row ? c.layoutSizingHorizontal : c.layoutSizingVertical) === "FILL";
  const fillsAcross = (c: StubLayer): boolean => (row ? c.layoutSizingVertical : c.layoutSizingHorizontal) === "FILL";
  const hugMain = (row ? f.layoutSizingHorizontal : f.layoutSizingVertical) === "HUG" && !flow.some(fillsAlong);
  const hugCross = (row ? f.layoutSizingVertical : f.layoutSizingHorizontal) === "HUG";
  if (flow.length === 0 || (hugCross && flow.some(fillsAcross))) return false;
  const along = (n: StubNode): number => (row ? n.width : n.height);
  const across = (n: StubNode): number => (row ? n.height : n.width);
  const [start, end, crossStart, crossEnd] = row ? [f.paddingLeft, f.paddingRight, f.paddingTop, f.paddingBottom] : [f.paddingTop, f.paddingBottom, f.paddingLeft, f.paddingRight];
  const spacing = f.itemSpacing * (flow.length - 1);
  const length = (): number => flow.reduce((sum, c) => sum + along(c), 0) + spacing;
  const mainSize = hugMain ? px(start + length() + end) : along(f);
  const crossSize = hugCross ? px(crossStart + Math.max(...flow.map(across)) + crossEnd) : across(f);
  f.resizeWithoutLayout(row ? mainSize : crossSize, row ? crossSize : mainSize);
  // Children that fill it take the room it gives them.
  const fills = flow.filter(fillsAlong);
  const fixed = flow.filter((c) => !fillsAlong(c)).reduce((sum, c) => sum + along(c), 0);
  const share = fills.length > 0 ? px(Math.max(0.01, (mainSize - start - end - spacing - fixed) / fills.length)) : 0;
  for (const c of flow) {
    const a = fillsAlong(c) ? share : along(c);
    const x = fillsAcross(c) ? px(crossSize - crossStart - crossEnd) : across(c);
    if (a === along(c) && x === across(c)) continue;
    c.resize(row ? a : x, row ? x : a);
    // Setting textAutoResize measures a text again (autoSize): at its new width, its height.
    if (c instanceof StubText) c.textAutoResize = c.textAutoResize;
    else if (c instanceof StubFrame) layOutFrame(c);
  }
  const offset = (mode: string, free: number): number => (mode === "CENTER" ? free / 2 : mode === "MAX" ? free : 0);
  const between = f.primaryAxisAlignItems === "SPACE_BETWEEN";
  const sizes = flow.reduce((sum, c) => sum + along(c), 0);
  const gap = !between ? f.itemSpacing : flow.length > 1 ? Math.max(0, (mainSize - start - end - sizes) / (flow.length - 1)) : 0;
  let pos = start + (between ? 0 : offset(f.primaryAxisAlignItems, mainSize - start - end - length()));
  for (const c of flow) {
    const crossPos = px(crossStart + offset(f.counterAxisAlignItems, crossSize - crossStart - crossEnd - across(c)));
    c.x = row ? px(pos) : crossPos;
    c.y = row ? crossPos : px(pos);
    pos += along(c) + gap;
  }
  return true;
}

/** A main component: a frame whose instances copy its layers (figma.createComponent). */
export class StubComponent extends StubFrame {
  override readonly type = "COMPONENT";
  constructor(figma: StubFigma) {
    super(figma);
    this.name = "Component";
  }
  /** Figma's componentPropertyDefinitions: the properties added to the component. */
  readonly componentPropertyDefinitions: PropertyDefinitions = {};
  /**
   * Figma's addComponentProperty: returns the name with a unique suffix ("Label#4:5"); a variant
   * cannot have properties of its own (its component set has them).
   */
  addComponentProperty(name: string, type: ComponentPropertyType, defaultValue: string | boolean): string {
    if (this.parent instanceof StubComponentSet) fail("in addComponentProperty: a variant's properties are its component set's");
    return addProperty(this.figma, this.componentPropertyDefinitions, name, type, defaultValue);
  }
  /** Figma's createInstance: a copy of the component's layers, on the current page. */
  createInstance(): StubInstance {
    this.figma.record("createInstance", this.name);
    const inst = copyNode(this, new StubInstance(this.figma, this), null);
    this.figma.currentPage.appendChild(inst);
    return inst;
  }
  /**
   * Figma's clone of a component: a new component with no instances, its layers copies (plugin
   * data too), parented under the current page.
   */
  clone(): StubComponent {
    this.figma.record("clone", this.name);
    if (this.inInstance !== null) fail("in clone: Cannot clone a layer of an instance");
    const c = copyNode<StubComponent>(this, null, null);
    this.figma.currentPage.appendChild(c);
    return c;
  }
  /**
   * Figma's variantProperties: a variant's properties, read from its name ("State=Hover, Size=L")
   * when it is in a component set; null otherwise. Figma rejects a variant name that is not
   * "Property=Value" pairs (combineAsVariants checks it here).
   */
  get variantProperties(): { [property: string]: string } | null {
    if (!(this.parent instanceof StubComponentSet)) return null;
    return variantPropertiesOf(this.name);
  }
}

/** Component properties by their full names. */
type PropertyDefinitions = { [name: string]: { type: ComponentPropertyType; defaultValue: string | boolean } };

/** Adds a property to defs (addComponentProperty): its name with a unique suffix. */
function addProperty(figma: StubFigma, defs: PropertyDefinitions, name: string, type: ComponentPropertyType, defaultValue: string | boolean): string {
  figma.record("addComponentProperty", name);
  if (type !== "TEXT" && type !== "BOOLEAN" && type !== "INSTANCE_SWAP") fail(`in addComponentProperty: unsupported type ${type}`);
  const full = `${name}#${nextId()}`;
  defs[full] = { type, defaultValue };
  return full;
}

/** The properties a component's layers and instances use: its own, or its component set's for a variant. */
function propertiesOf(c: StubComponent): PropertyDefinitions {
  return c.parent instanceof StubComponentSet ? c.parent.componentPropertyDefinitions : c.componentPropertyDefinitions;
}

/** The properties of a variant named "P=V, Q=W"; null when the name is not such pairs. */
function variantPropertiesOf(name: string): { [property: string]: string } | null {
  const out: { [property: string]: string } = {};
  for (const part of name.split(",")) {
    const m = /^\s*([^=]+?)\s*=\s*(.+?)\s*$/.exec(part);
    if (m === null || m[1] === undefined || m[2] === undefined) return null;
    out[m[1]] = m[2];
  }
  return out;
}

/**
 * A component set (figma.combineAsVariants): a frame whose children are its variants, the
 * components it was made of; its default variant is the top-left-most one.
 */
export class StubComponentSet extends StubFrame {
  override readonly type = "COMPONENT_SET";
  /** Figma's componentPropertyDefinitions of the set (its variants' layers bind to them). */
  readonly componentPropertyDefinitions: PropertyDefinitions = {};
  /** Figma's addComponentProperty on a component set. */
  addComponentProperty(name: string, type: ComponentPropertyType, defaultValue: string | boolean): string {
    return addProperty(this.figma, this.componentPropertyDefinitions, name, type, defaultValue);
  }
  get defaultVariant(): StubComponent {
    const vs = this.children.filter((c): c is StubComponent => c instanceof StubComponent);
    vs.sort((a, b) => a.y - b.y || a.x - b.x);
    const first = vs[0];
    if (first === undefined) fail("in defaultVariant: the component set has no variants");
    return first;
  }
}

/** An instance of a component: its layers are copies of the component's, which can be overridden but not added to or removed. */
export class StubInstance extends StubFrame {
  override readonly type = "INSTANCE";
  constructor(
    figma: StubFigma,
    public mainComponent: StubComponent,
  ) {
    super(figma);
  }
  /** Figma's resize of an instance: its auto layout places its children again. */
  override resize(width: number, height: number): void {
    super.resize(width, height);
    layOutAgain(this);
  }
  /** The values of the component's properties this instance sets (setProperties). */
  private readonly propertyValues = new Map<string, string | boolean>();
  /** Figma's componentProperties: every property of the main component and its value here. */
  get componentProperties(): { [name: string]: { type: ComponentPropertyType; value: string | boolean } } {
    const out: { [name: string]: { type: ComponentPropertyType; value: string | boolean } } = {};
    for (const [k, d] of Object.entries(propertiesOf(this.mainComponent))) out[k] = { type: d.type, value: this.propertyValues.get(k) ?? d.defaultValue };
    return out;
  }
  /**
   * Figma's setProperties: sets each named property of the main component; a TEXT property
   * sets the characters of the layers bound to it (their fonts must be loaded).
   */
  setProperties(props: { [name: string]: string | boolean }): void {
    this.figma.record("setProperties", Object.keys(props).join(","));
    for (const [k, v] of Object.entries(props)) {
      const d = propertiesOf(this.mainComponent)[k];
      if (d === undefined) fail(`in setProperties: no property ${k} on the main component`);
      if (typeof v !== "string") fail(`in setProperties: ${k} needs a string`);
      // A TEXT property sets the characters of the layers bound to it, an INSTANCE_SWAP one
      // swaps the instances bound to it for the component of id v.
      const swap = d.type === "INSTANCE_SWAP" ? this.figma.nodeById(v) : null;
      if (d.type === "INSTANCE_SWAP" && !(swap instanceof StubComponent)) fail(`in setProperties: ${k} needs the id of a component, got ${v}`);
      const walk = (n: StubNode): void => {
        if (n instanceof StubText && n.componentPropertyReferences?.characters === k) n.characters = v;
        if (n !== this && n instanceof StubInstance && n.componentPropertyReferences?.mainComponent === k && swap instanceof StubComponent && n.mainComponent !== swap) n.swapComponent(swap);
        if (n instanceof StubFrame) for (const c of n.children) walk(c);
      };
      walk(this);
      this.propertyValues.set(k, v);
    }
  }
  /**
   * Figma's swapComponent: the instance becomes one of component, its layers copies of the
   * component's (overrides on the old layers are dropped); it keeps its place and size.
   */
  swapComponent(component: StubComponent): void {
    this.figma.record("swapComponent", component.name);
    if (!(component instanceof StubComponent)) fail("in swapComponent: not a component");
    this.mainComponent = component;
    const kids = Reflect.get(this, "kids");
    for (const c of [...kids.children]) c.parent = null;
    kids.children.length = 0;
    const layerOf = this.inInstance ?? this;
    for (const c of component.children) {
      const copy = copyNode(c, null, layerOf);
      kids.children.push(copy);
      copy.parent = this;
    }
  }
}

/**
 * Copies src's members into into (a new node of src's class unless given) and its layers below
 * it, each a layer of instance inst; ids are new, plugin data is copied (Figma's instance layers
 * read their main's).
 */
function copyNode<T extends StubNode>(src: StubNode, into: T | null, inst: StubInstance | null): T {
  const out = into ?? (Object.create(Object.getPrototypeOf(src)) as T);
  const keep = into === null ? new Set<string>() : new Set(["type", "mainComponent"]);
  const own = new Map(Object.entries(out));
  for (const [k, v] of Object.entries(src)) {
    if (keep.has(k)) continue;
    let value: unknown;
    if (k === "figma") value = v;
    else if (k === "id") value = nextId();
    else if (k === "parent") value = null;
    else if (k === "inInstance") value = inst;
    else if (k === "mainComponent") value = v;
    else if (k === "kids") value = own.get(k) ?? null;
    else if (k === "rowTracks" || k === "columnTracks") value = null;
    else if (v instanceof Map) value = new Map(v);
    else value = clone(v);
    Reflect.set(out, k, value);
  }
  const layerOf = inst ?? (out instanceof StubInstance ? out : null);
  if (src instanceof StubFrame && out instanceof StubFrame) {
    if (!own.has("kids")) Reflect.set(out, "kids", new ChildrenOf(out));
    for (const k of ["rowTracks", "columnTracks"] as const) {
      const tracks = (Reflect.get(src, k) as StubTrack[]).map((t) => Object.assign(Object.create(StubTrack.prototype) as StubTrack, { ...t, frame: out }));
      Reflect.set(out, k, tracks);
    }
    for (const c of src.children) {
      const copy = copyNode(c, null, layerOf);
      Reflect.get(out, "kids").children.push(copy);
      copy.parent = out;
    }
  } else if (src instanceof StubGroup && out instanceof StubGroup) {
    Reflect.set(out, "kids", new ChildrenOf(out));
    for (const c of src.children) {
      const copy = copyNode(c, null, layerOf);
      Reflect.get(out, "kids").children.push(copy);
      copy.parent = out;
    }
  }
  return out;
}

export class StubGroup extends StubLayer {
  readonly type = "GROUP";
  private readonly kids = new Children(this);
  constructor(figma: StubFigma) {
    super(figma);
    this.name = "Group";
  }
  get children(): ReadonlyArray<StubNode> {
    return this.kids.children;
  }
  appendChild(n: StubNode): void {
    this.kids.append(n);
  }
  insertChild(i: number, n: StubNode): void {
    this.kids.insert(i, n);
  }
  detach(n: StubNode): void {
    this.kids.detach(n);
    if (this.kids.children.length === 0 && !this.removed) this.remove();
  }
  /** A group's box is its children's bounds (in its parent's coordinates, as Figma's). */
  override get x(): number {
    return Math.min(...this.kids.children.map((c) => c.x));
  }
  override set x(_v: number) {
    fail("the stand-in does not move groups");
  }
  override get y(): number {
    return Math.min(...this.kids.children.map((c) => c.y));
  }
  override set y(_v: number) {
    fail("the stand-in does not move groups");
  }
  override get width(): number {
    return Math.max(...this.kids.children.map((c) => c.x + c.width)) - this.x;
  }
  override get height(): number {
    return Math.max(...this.kids.children.map((c) => c.y + c.height)) - this.y;
  }
}

export class StubRectangle extends StubBox {
  readonly type = "RECTANGLE";
  constructor(figma: StubFigma) {
    super(figma);
    this.name = "Rectangle";
    this.fillsValue = [{ type: "SOLID", color: { r: 217 / 255, g: 217 / 255, b: 217 / 255 } }];
  }
}

export class StubEllipse extends StubGeometry {
  readonly type = "ELLIPSE";
  cornerRadius = 0;
  constructor(figma: StubFigma) {
    super(figma);
    this.name = "Ellipse";
    this.fillsValue = [{ type: "SOLID", color: { r: 217 / 255, g: 217 / 255, b: 217 / 255 } }];
  }
}

export class StubLine extends StubGeometry {
  readonly type = "LINE";
  constructor(figma: StubFigma) {
    super(figma);
    this.name = "Line";
    this.box.height = 0;
    this.strokeAlign = "CENTER";
    this.strokesValue = [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }];
  }
}

export class StubVector extends StubGeometry implements Pick<VectorNode, "vectorPaths"> {
  readonly type = "VECTOR";
  cornerRadius = 0;
  private paths: VectorPaths = [];
  constructor(figma: StubFigma) {
    super(figma);
    this.name = "Vector";
    this.strokeAlign = "CENTER";
  }
  get vectorPaths(): VectorPaths {
    return clone(this.paths);
  }
  set vectorPaths(v: VectorPaths) {
    v.forEach((p, i) => only(`set_vectorPaths[${i}]`, p, ["windingRule", "data"]));
    this.paths = clone([...v]);
  }
}

/** The style of one character of a TEXT. */
interface CharStyle {
  fontName: FontName;
  fontSize: number;
  fills: Paint[];
  textDecoration: TextDecoration;
  textDecorationStyle: TextDecorationStyle | null;
  textDecorationOffset: TextDecorationOffset | null;
  textDecorationThickness: TextDecorationThickness | null;
  textDecorationColor: TextDecorationColor | null;
  letterSpacing: LetterSpacing;
  textCase: TextCase;
  hyperlink: HyperlinkTarget | null;
  /** Paragraph-level in Figma: every character of a paragraph has its paragraph's. */
  listOptions: TextListOptions;
  listSpacing: number;
  /** The TEXT style the character is set in ("" for none); setting its typography detaches it. */
  textStyleId: string;
}

/** The look of a decoration line, null where the text has none (Figma's rule). */
type DecorationKey = "textDecorationStyle" | "textDecorationOffset" | "textDecorationThickness" | "textDecorationColor";

/** What a decoration line looks like when it is set: Figma's defaults. */
const decorationDefaults: Pick<CharStyle, DecorationKey> = {
  textDecorationStyle: "SOLID",
  textDecorationOffset: { unit: "AUTO" },
  textDecorationThickness: { unit: "AUTO" },
  textDecorationColor: { value: "AUTO" },
};

/** Sets c's decoration line: its look becomes the defaults when there was no line, and null without one. */
function decorate(c: CharStyle, v: TextDecoration): void {
  const had = c.textDecoration !== "NONE";
  c.textDecoration = v;
  if (v === "NONE") {
    c.textDecorationStyle = c.textDecorationOffset = c.textDecorationThickness = c.textDecorationColor = null;
  } else if (!had) {
    Object.assign(c, clone(decorationDefaults));
  }
}

/** The members getStyledTextSegments reads here. */
export type SegmentField = "fontName" | "fontSize" | "fontWeight" | "fills" | "textDecoration" | DecorationKey | "letterSpacing" | "textCase" | "hyperlink" | "listOptions" | "listSpacing" | "textStyleId";

/** One styled range as the stand-in reports it. */
export interface StubSegment {
  characters: string;
  start: number;
  end: number;
  fontName: FontName;
  fontSize: number;
  fontWeight: number;
  fills: Paint[];
  textDecoration: TextDecoration;
  textDecorationStyle: TextDecorationStyle | null;
  textDecorationOffset: TextDecorationOffset | null;
  textDecorationThickness: TextDecorationThickness | null;
  textDecorationColor: TextDecorationColor | null;
  letterSpacing: LetterSpacing;
  textCase: TextCase;
  hyperlink: HyperlinkTarget | null;
  listOptions: TextListOptions;
  listSpacing: number;
  textStyleId: string;
}

export class StubText extends StubGeometry
  implements Pick<TextNode, "textAlignHorizontal" | "textAlignVertical" | "textAutoResize" | "paragraphIndent" | "lineHeight" | "textTruncation" | "maxLines" | "hangingList" | "textWrapStyle"> {
  readonly type = "TEXT";
  private text = "";
  private chars: CharStyle[] = [];
  private base: CharStyle = {
    fontName: { family: "Inter", style: "Regular" },
    fontSize: 12,
    fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }],
    textDecoration: "NONE",
    textDecorationStyle: null,
    textDecorationOffset: null,
    textDecorationThickness: null,
    textDecorationColor: null,
    letterSpacing: { value: 0, unit: "PERCENT" },
    textCase: "ORIGINAL",
    hyperlink: null,
    listOptions: { type: "NONE" },
    listSpacing: 0,
    textStyleId: "",
  };
  textAlignHorizontal: "LEFT" | "CENTER" | "RIGHT" | "JUSTIFIED" = "LEFT";
  textAlignVertical: "TOP" | "CENTER" | "BOTTOM" = "TOP";
  private textAutoResizeValue: "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE" = "WIDTH_AND_HEIGHT";
  paragraphIndent = 0;
  hangingList = false;
  lineHeight: LineHeight = { unit: "AUTO" };
  textTruncation: "DISABLED" | "ENDING" = "DISABLED";
  private maxLinesValue: number | null = null;
  private textWrapStyleValue: TextWrapStyle = "AUTO";
  /** Figma's rule: setting it needs the text's fonts loaded. */
  get textWrapStyle(): TextWrapStyle {
    return this.textWrapStyleValue;
  }
  set textWrapStyle(v: TextWrapStyle) {
    this.fontsLoaded("set_textWrapStyle", this.allFonts());
    if (v !== "AUTO" && v !== "BALANCE" && v !== "PRETTY") fail(`in set_textWrapStyle: Invalid enum value ${String(v)}`);
    this.textWrapStyleValue = v;
  }
  /** Figma's rule: at least 1, or null for no limit. */
  get maxLines(): number | null {
    return this.maxLinesValue;
  }
  set maxLines(v: number | null) {
    if (v !== null && !(Number.isInteger(v) && v >= 1)) fail(`in set_maxLines: Expected a number >= 1 or null, got ${v}`);
    this.maxLinesValue = v;
  }

  constructor(figma: StubFigma) {
    super(figma);
    this.name = "Text";
    this.strokeAlign = "OUTSIDE";
    this.fillsValue = clone(this.base.fills);
  }
  private fontsLoaded(what: string, fonts: FontName[]): void {
    for (const f of fonts) if (!this.figma.isLoaded(f)) fail(`in ${what}: Cannot write to node with unloaded font "${f.family} ${f.style}". Please call figma.loadFontAsync({ family: "${f.family}", style: "${f.style}" }) and await the returned promise first.`);
  }
  private allFonts(): FontName[] {
    return this.chars.length === 0 ? [this.base.fontName] : this.chars.map((c) => c.fontName);
  }
  private uniform<K extends keyof CharStyle>(k: K): CharStyle[K] | symbol {
    if (this.chars.length === 0) return clone(this.base[k]);
    const first = JSON.stringify(this.chars[0]?.[k]);
    return this.chars.every((c) => JSON.stringify(c[k]) === first) ? clone(this.base[k] = this.chars[0]?.[k] ?? this.base[k]) : this.figma.mixed;
  }
  private setAll<K extends keyof CharStyle>(k: K, v: CharStyle[K]): void {
    this.base[k] = clone(v);
    for (const c of this.chars) c[k] = clone(v);
  }
  get characters(): string {
    return this.text;
  }
  set characters(v: string) {
    this.fontsLoaded("set_characters", this.allFonts());
    this.text = v;
    const first = this.chars[0] ?? this.base;
    this.chars = Array.from({ length: v.length }, () => clone(first));
    this.autoSize();
  }
  get textAutoResize(): "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE" {
    return this.textAutoResizeValue;
  }
  set textAutoResize(v: "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE") {
    this.textAutoResizeValue = v;
    this.autoSize();
  }
  /**
   * Figma sizes a text that grows with its characters (textAutoResize WIDTH_AND_HEIGHT: width
   * and height; HEIGHT: height) and lays out again the auto-layout frames above it. The stand-in
   * has no font engine: it takes the size from StubFigma.measureText, and only for a layer of an
   * instance (the plugin sizes every other text itself).
   */
  private autoSize(): void {
    const grows = this.textAutoResizeValue;
    if (this.inInstance === null || (grows !== "WIDTH_AND_HEIGHT" && grows !== "HEIGHT")) return;
    const size = this.figma.measureText?.(this);
    if (size === undefined) return;
    const width = grows === "WIDTH_AND_HEIGHT" ? size.width : this.width;
    if (width === this.width && size.height === this.height) return;
    this.box.width = width;
    this.box.height = size.height;
    layOutAgain(this.parent);
  }
  get fontName(): FontName | symbol {
    return this.uniform("fontName");
  }
  set fontName(v: FontName) {
    only("set_fontName", v, ["family", "style"]);
    this.fontsLoaded("set_fontName", [v]);
    this.setAll("fontName", v);
    this.detach();
  }
  get fontWeight(): number | symbol {
    const f = this.fontName;
    return typeof f === "symbol" ? f : weightOf(f.style);
  }
  get fontSize(): number | symbol {
    return this.uniform("fontSize");
  }
  set fontSize(v: number) {
    if (!(v >= 1)) fail(`in set_fontSize: Expected a number >= 1, got ${v}`);
    this.fontsLoaded("set_fontSize", this.allFonts());
    this.setAll("fontSize", v);
    this.detach();
  }
  get letterSpacing(): LetterSpacing | symbol {
    return this.uniform("letterSpacing");
  }
  set letterSpacing(v: LetterSpacing) {
    only("set_letterSpacing", v, ["value", "unit"]);
    this.setAll("letterSpacing", v);
    this.detach();
  }
  get textCase(): TextCase | symbol {
    return this.uniform("textCase");
  }
  set textCase(v: TextCase) {
    this.setAll("textCase", v);
    this.detach();
  }
  get textDecoration(): TextDecoration | symbol {
    return this.uniform("textDecoration");
  }
  set textDecoration(v: TextDecoration) {
    decorate(this.base, v);
    for (const c of this.chars) decorate(c, v);
    this.detach();
  }
  get textDecorationStyle(): TextDecorationStyle | null | symbol {
    return this.uniform("textDecorationStyle");
  }
  set textDecorationStyle(v: TextDecorationStyle) {
    this.setLook("set_textDecorationStyle", "textDecorationStyle", v);
  }
  get textDecorationOffset(): TextDecorationOffset | null | symbol {
    return this.uniform("textDecorationOffset");
  }
  set textDecorationOffset(v: TextDecorationOffset) {
    this.setLook("set_textDecorationOffset", "textDecorationOffset", v);
  }
  get textDecorationThickness(): TextDecorationThickness | null | symbol {
    return this.uniform("textDecorationThickness");
  }
  set textDecorationThickness(v: TextDecorationThickness) {
    this.setLook("set_textDecorationThickness", "textDecorationThickness", v);
  }
  get textDecorationColor(): TextDecorationColor | null | symbol {
    return this.uniform("textDecorationColor");
  }
  set textDecorationColor(v: TextDecorationColor) {
    this.setLook("set_textDecorationColor", "textDecorationColor", v);
  }
  /** Sets a decoration line's look on chars (all by default); the stand-in refuses it where there is no line. */
  private setLook<K extends DecorationKey>(what: string, k: K, v: CharStyle[K], chars: CharStyle[] = [this.base, ...this.chars]): void {
    for (const c of chars) if (c.textDecoration === "NONE") fail(`in ${what}: the text has no decoration line (set textDecoration first)`);
    for (const c of chars) c[k] = clone(v);
    this.detach(chars);
  }
  override get fills(): ReadonlyArray<Paint> {
    const f = this.uniform("fills");
    return typeof f === "symbol" ? [] : f;
  }
  override set fills(v: ReadonlyArray<Paint>) {
    v.forEach((p, i) => checkPaint(`set_fills[${i}]`, p, this.figma));
    this.setAll("fills", clone([...v]));
    this.fillStyleIdValue = "";
  }
  /** Whether the characters have more than one fill list (fills then read as mixed in Figma). */
  get fillsMixed(): boolean {
    return typeof this.uniform("fills") === "symbol";
  }
  override async setFillStyleIdAsync(id: string): Promise<void> {
    const s = this.figma.paintStyle(id, "setFillStyleIdAsync");
    this.fills = s.paints;
    this.fillStyleIdValue = id;
  }
  /** Figma's rule: mixed when the characters are set in different text styles (or some in none). */
  get textStyleId(): string | symbol {
    return this.uniform("textStyleId");
  }
  /** Detaches chars (all by default) from their text style, as setting typography does in Figma. */
  private detach(chars: CharStyle[] = [this.base, ...this.chars]): void {
    for (const c of chars) c.textStyleId = "";
  }
  async setTextStyleIdAsync(id: string): Promise<void> {
    const s = this.figma.styles.get(id);
    if (!(s instanceof StubTextStyle)) fail(`in setTextStyleIdAsync: no text style ${id}`);
    this.fontName = s.fontName;
    this.fontSize = s.fontSize;
    this.letterSpacing = s.letterSpacing;
    this.lineHeight = s.lineHeight;
    this.textCase = s.textCase;
    this.textDecoration = s.textDecoration;
    // Figma's TextStyle holds the line breaking too (textWrapStyle), which binding sets.
    this.textWrapStyle = s.textWrapStyle;
    this.setAll("textStyleId", id);
  }
  /** Figma's setRangeTextStyleIdAsync: the range takes the style's typography (its fonts loaded) and is set in it. */
  async setRangeTextStyleIdAsync(start: number, end: number, id: string): Promise<void> {
    const s = this.figma.styles.get(id);
    if (!(s instanceof StubTextStyle)) fail(`in setRangeTextStyleIdAsync: no text style ${id}`);
    const chars = this.range("setRangeTextStyleIdAsync", start, end);
    this.fontsLoaded("setRangeTextStyleIdAsync", [s.fontName, ...chars.map((c) => c.fontName)]);
    for (const c of chars) {
      c.fontName = clone(s.fontName);
      c.fontSize = s.fontSize;
      c.letterSpacing = clone(s.letterSpacing);
      c.textCase = s.textCase;
      decorate(c, s.textDecoration);
      c.textStyleId = id;
    }
  }
  private range(what: string, start: number, end: number): CharStyle[] {
    if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end <= this.text.length)) {
      fail(`in ${what}: Expected 0 <= start < end <= ${this.text.length}, got ${start}, ${end}`);
    }
    return this.chars.slice(start, end);
  }
  setRangeFontName(start: number, end: number, v: FontName): void {
    only("setRangeFontName", v, ["family", "style"]);
    this.fontsLoaded("setRangeFontName", [v, ...this.range("setRangeFontName", start, end).map((c) => c.fontName)]);
    for (const c of this.range("setRangeFontName", start, end)) c.fontName = clone(v);
    this.detach(this.range("setRangeFontName", start, end));
  }
  setRangeFontSize(start: number, end: number, v: number): void {
    this.fontsLoaded("setRangeFontSize", this.range("setRangeFontSize", start, end).map((c) => c.fontName));
    for (const c of this.range("setRangeFontSize", start, end)) c.fontSize = v;
    this.detach(this.range("setRangeFontSize", start, end));
  }
  setRangeFills(start: number, end: number, v: Paint[]): void {
    v.forEach((p, i) => checkPaint(`setRangeFills[${i}]`, p, this.figma));
    for (const c of this.range("setRangeFills", start, end)) c.fills = clone(v);
    this.fillStyleIdValue = "";
  }
  setRangeTextDecoration(start: number, end: number, v: TextDecoration): void {
    for (const c of this.range("setRangeTextDecoration", start, end)) decorate(c, v);
    this.detach(this.range("setRangeTextDecoration", start, end));
  }
  setRangeTextDecorationStyle(start: number, end: number, v: TextDecorationStyle): void {
    this.setLook("setRangeTextDecorationStyle", "textDecorationStyle", v, this.range("setRangeTextDecorationStyle", start, end));
  }
  setRangeTextDecorationOffset(start: number, end: number, v: TextDecorationOffset): void {
    this.setLook("setRangeTextDecorationOffset", "textDecorationOffset", v, this.range("setRangeTextDecorationOffset", start, end));
  }
  setRangeTextDecorationThickness(start: number, end: number, v: TextDecorationThickness): void {
    this.setLook("setRangeTextDecorationThickness", "textDecorationThickness", v, this.range("setRangeTextDecorationThickness", start, end));
  }
  setRangeTextDecorationColor(start: number, end: number, v: TextDecorationColor): void {
    this.setLook("setRangeTextDecorationColor", "textDecorationColor", v, this.range("setRangeTextDecorationColor", start, end));
  }
  setRangeLetterSpacing(start: number, end: number, v: LetterSpacing): void {
    only("setRangeLetterSpacing", v, ["value", "unit"]);
    for (const c of this.range("setRangeLetterSpacing", start, end)) c.letterSpacing = clone(v);
    this.detach(this.range("setRangeLetterSpacing", start, end));
  }
  setRangeTextCase(start: number, end: number, v: TextCase): void {
    for (const c of this.range("setRangeTextCase", start, end)) c.textCase = v;
    this.detach(this.range("setRangeTextCase", start, end));
  }
  setRangeHyperlink(start: number, end: number, v: HyperlinkTarget | null): void {
    if (v !== null) only("setRangeHyperlink", v, ["type", "value"]);
    for (const c of this.range("setRangeHyperlink", start, end)) c.hyperlink = clone(v);
  }
  /**
   * Figma's setRangeListOptions: a paragraph-level member, set on every paragraph (the lines
   * between "\n", each "\n" belonging to the paragraph it ends) the range touches.
   */
  setRangeListOptions(start: number, end: number, v: TextListOptions): void {
    only("setRangeListOptions", v, ["type"]);
    if (!["ORDERED", "UNORDERED", "NONE"].includes(v.type)) fail(`in setRangeListOptions: Expected type ORDERED, UNORDERED or NONE, got ${String(v.type)}`);
    for (const c of this.paragraphs("setRangeListOptions", start, end)) c.listOptions = clone(v);
  }
  /** Figma's setRangeListSpacing: paragraph-level, as setRangeListOptions; px, not negative. */
  setRangeListSpacing(start: number, end: number, v: number): void {
    if (typeof v !== "number" || !(v >= 0)) fail(`in setRangeListSpacing: Expected a number >= 0, got ${String(v)}`);
    for (const c of this.paragraphs("setRangeListSpacing", start, end)) c.listSpacing = v;
  }
  getRangeListSpacing(start: number, end: number): number | symbol {
    const cs = this.range("getRangeListSpacing", start, end);
    return cs.every((c) => c.listSpacing === cs[0]?.listSpacing) ? (cs[0]?.listSpacing ?? this.base.listSpacing) : this.figma.mixed;
  }
  /** The characters of every paragraph (the lines between "\n", each "\n" its paragraph's) the range touches. */
  private paragraphs(what: string, start: number, end: number): CharStyle[] {
    this.range(what, start, end);
    const from = this.text.lastIndexOf("\n", start - 1) + 1;
    const nl = this.text.indexOf("\n", end - 1);
    const to = nl < 0 ? this.text.length : nl + 1;
    return this.chars.slice(from, to);
  }
  getRangeListOptions(start: number, end: number): TextListOptions | symbol {
    const cs = this.range("getRangeListOptions", start, end);
    const first = JSON.stringify(cs[0]?.listOptions);
    return cs.every((c) => JSON.stringify(c.listOptions) === first) ? clone(cs[0]?.listOptions ?? this.base.listOptions) : this.figma.mixed;
  }
  /** Figma's getStyledTextSegments for the fields the materializer sets: maximal equal ranges. */
  getStyledTextSegments(fields: readonly SegmentField[]): StubSegment[] {
    const out: StubSegment[] = [];
    const keyOf = (c: CharStyle): string => JSON.stringify(fields.map((f) => (f === "fontWeight" ? weightOf(c.fontName.style) : c[f])));
    let start = 0;
    for (let i = 1; i <= this.chars.length; i++) {
      const a = this.chars[start];
      const b = this.chars[i];
      if (a !== undefined && (b === undefined || keyOf(a) !== keyOf(b))) {
        out.push({ characters: this.text.slice(start, i), start, end: i, ...clone(a), fontWeight: weightOf(a.fontName.style) });
        start = i;
      }
    }
    return out;
  }
}

class StubPage {
  readonly type = "PAGE";
  readonly id = nextId();
  readonly parent = null;
  private readonly kids = new Children(this);
  selection: StubNode[] = [];
  constructor(public name: string) {}
  get children(): ReadonlyArray<StubNode> {
    return this.kids.children;
  }
  appendChild(n: StubNode): void {
    this.kids.append(n);
  }
  insertChild(i: number, n: StubNode): void {
    this.kids.insert(i, n);
  }
  detach(n: StubNode): void {
    this.kids.detach(n);
  }
}
export type { StubPage };

/** What every style of the stand-in has: an id, a name, a description, plugin data, remove(). */
abstract class StubStyle implements Pick<BaseStyle, "name" | "description"> {
  readonly id = `S:${nextId()},`;
  name = "";
  description = "";
  removed = false;
  readonly pluginData = new Map<string, string>();
  constructor(protected readonly figma: StubFigma) {}
  setPluginData(k: string, v: string): void {
    this.pluginData.set(k, v);
  }
  getPluginData(k: string): string {
    return this.pluginData.get(k) ?? "";
  }
  remove(): void {
    this.removed = true;
    this.figma.styles.delete(this.id);
  }
}

export class StubPaintStyle extends StubStyle {
  readonly type = "PAINT";
  private paintsValue: Paint[] = [];
  get paints(): ReadonlyArray<Paint> {
    return clone(this.paintsValue);
  }
  set paints(v: ReadonlyArray<Paint>) {
    v.forEach((p, i) => checkPaint(`set_paints[${i}]`, p, this.figma));
    this.paintsValue = clone([...v]);
  }
}

export class StubTextStyle extends StubStyle implements Pick<TextStyle, "fontSize" | "letterSpacing" | "lineHeight" | "textCase" | "textDecoration" | "textWrapStyle"> {
  readonly type = "TEXT";
  private font: FontName = { family: "Inter", style: "Regular" };
  fontSize = 12;
  letterSpacing: LetterSpacing = { value: 0, unit: "PERCENT" };
  lineHeight: LineHeight = { unit: "AUTO" };
  textCase: TextCase = "ORIGINAL";
  textDecoration: TextDecoration = "NONE";
  private wrapStyle: TextWrapStyle = "AUTO";
  get fontName(): FontName {
    return clone(this.font);
  }
  get textWrapStyle(): TextWrapStyle {
    return this.wrapStyle;
  }
  set textWrapStyle(v: TextWrapStyle) {
    if (v !== "AUTO" && v !== "BALANCE" && v !== "PRETTY") fail(`in set_textWrapStyle: Invalid enum value ${String(v)}`);
    this.wrapStyle = v;
  }
  set fontName(v: FontName) {
    if (!this.figma.isLoaded(v)) fail(`in set_fontName: Cannot use unloaded font "${v.family} ${v.style}"`);
    this.font = clone(v);
  }
}

export class StubEffectStyle extends StubStyle {
  readonly type = "EFFECT";
  private effectsValue: Effect[] = [];
  get effects(): ReadonlyArray<Effect> {
    return clone(this.effectsValue);
  }
  set effects(v: ReadonlyArray<Effect>) {
    v.forEach((e, i) => checkEffect(`set_effects[${i}]`, e));
    this.effectsValue = clone([...v]);
  }
}

export class StubVariableCollection {
  readonly id = `VariableCollectionId:${nextId()}`;
  readonly modes = [{ modeId: `${nextId()}`, name: "Mode 1" }];
  removed = false;
  constructor(
    readonly name: string,
    private readonly figma: StubFigma,
  ) {}
  /** Figma's addMode; a Fault on "addMode" stands for the plan's limit ("in addMode: Limited to 1 modes only"). */
  addMode(name: string): string {
    this.figma.record("addMode", name);
    const mode = { modeId: `${nextId()}`, name };
    this.modes.push(mode);
    // Figma gives the variables of the collection the first mode's values in the new one.
    for (const v of this.figma.variables.all.values()) {
      const first = v.valuesByMode.get(this.modes[0]?.modeId ?? "");
      if (v.collection === this && first !== undefined) v.valuesByMode.set(mode.modeId, clone(first));
    }
    return mode.modeId;
  }
  renameMode(modeId: string, name: string): void {
    const mode = this.modes.find((m) => m.modeId === modeId);
    if (mode === undefined) fail(`in renameMode: no mode ${modeId}`);
    mode.name = name;
  }
  remove(): void {
    this.removed = true;
    this.figma.collections.delete(this.id);
  }
}

export class StubVariable {
  readonly id = `VariableID:${nextId()}`;
  readonly valuesByMode = new Map<string, VariableValue>();
  readonly codeSyntax: { WEB?: string } = {};
  readonly pluginData = new Map<string, string>();
  removed = false;
  constructor(
    readonly name: string,
    readonly collection: StubVariableCollection,
    readonly resolvedType: VariableResolvedDataType,
    private readonly figma: StubFigma,
  ) {}
  setValueForMode(modeId: string, value: VariableValue): void {
    if (!this.collection.modes.some((m) => m.modeId === modeId)) fail(`in setValueForMode: no mode ${modeId}`);
    if (this.resolvedType === "FLOAT" && typeof value !== "number") fail("in setValueForMode: Expected a number for a FLOAT variable");
    if (this.resolvedType === "COLOR") checkColor("setValueForMode", value, true);
    this.valuesByMode.set(modeId, clone(value));
  }
  setVariableCodeSyntax(platform: "WEB", value: string): void {
    this.codeSyntax[platform] = value;
  }
  setPluginData(k: string, v: string): void {
    this.pluginData.set(k, v);
  }
  getPluginData(k: string): string {
    return this.pluginData.get(k) ?? "";
  }
  remove(): void {
    this.removed = true;
    this.figma.variables.all.delete(this.id);
  }
}

/** Signatures of the image formats figma.createImage takes (PNG, JPEG, GIF). */
const imageSignatures = [[0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38]];

/** The stand-in's `figma`. */
export class StubFigma {
  /** Figma's figma.mixed: what a TEXT member reads as when its ranges differ. */
  readonly mixed: symbol = Symbol("figma.mixed");
  readonly calls: string[] = [];
  readonly images = new Map<string, Uint8Array>();
  readonly styles = new Map<string, StubPaintStyle | StubTextStyle | StubEffectStyle>();
  readonly collections = new Map<string, StubVariableCollection>();
  readonly loaded = new Set<string>();
  readonly pages: StubPage[] = [new StubPage("Page 1")];
  currentPage: StubPage;
  readonly viewport = {
    center: { x: 500, y: 300 },
    zoomedInto: [] as StubNode[],
    scrollAndZoomIntoView: (nodes: StubNode[]): void => {
      this.viewport.zoomedInto = [...nodes];
    },
  };
  readonly variables;
  private counts = new Map<string, number>();
  /**
   * The size a text's characters lay out at, for a text that grows with them (StubText's
   * autoSize): Figma measures them with its fonts, the stand-in asks this (undefined: the text
   * keeps its size). The round trip gives each text the size of the result node it draws.
   */
  measureText: ((text: StubText) => { width: number; height: number } | undefined) | null = null;

  constructor(
    private readonly fonts: FontList = DefaultFonts,
    private readonly faults: readonly Fault[] = [],
  ) {
    this.currentPage = this.pages[0] ?? new StubPage("Page 1");
    const self = this;
    this.variables = {
      all: new Map<string, StubVariable>(),
      createVariableCollection(name: string): StubVariableCollection {
        self.record("createVariableCollection", name);
        const c = new StubVariableCollection(name, self);
        self.collections.set(c.id, c);
        return c;
      },
      createVariable(name: string, collection: StubVariableCollection, type: VariableResolvedDataType): StubVariable {
        self.record("createVariable", name);
        if (/[.{}]/.test(name)) fail(`in createVariable: Variable names cannot contain ".", "{" or "}": ${name}`);
        const v = new StubVariable(name, collection, type, self);
        this.all.set(v.id, v);
        return v;
      },
      createVariableAlias(variable: StubVariable): VariableAlias {
        if (!this.all.has(variable.id)) fail("in createVariableAlias: the variable does not exist");
        return { type: "VARIABLE_ALIAS", id: variable.id };
      },
      setBoundVariableForPaint(paint: SolidPaint, field: "color", variable: StubVariable): SolidPaint {
        if (variable.resolvedType !== "COLOR") fail("in setBoundVariableForPaint: the variable is not a COLOR");
        // Figma draws a bound paint in its variable's colour (the first mode's here), whatever
        // colour the paint had: a binding to a variable of another colour changes the picture.
        const value = variable.valuesByMode.get(variable.collection.modes[0]?.modeId ?? "") as RGBA | undefined;
        const color = value === undefined ? paint.color : { r: value.r, g: value.g, b: value.b };
        return { ...paint, color, boundVariables: { ...paint.boundVariables, [field]: { type: "VARIABLE_ALIAS", id: variable.id } } };
      },
      setBoundVariableForEffect(effect: Effect, field: VariableBindableEffectField, variable: StubVariable): Effect {
        if (effect.type !== "DROP_SHADOW" && effect.type !== "INNER_SHADOW") fail("in setBoundVariableForEffect: only a shadow's fields can be bound");
        if (field === "color" && variable.resolvedType !== "COLOR") fail("in setBoundVariableForEffect: the variable is not a COLOR");
        return { ...effect, boundVariables: { ...effect.boundVariables, [field]: { type: "VARIABLE_ALIAS", id: variable.id } } };
      },
    };
  }

  /** Counts a call and throws the configured fault for it, if any. */
  record(method: string, detail = ""): void {
    this.calls.push(detail ? `${method} ${detail}` : method);
    const n = (this.counts.get(method) ?? 0) + 1;
    this.counts.set(method, n);
    const f = this.faults.find((x) => x.method === method && (x.call === undefined || x.call === n));
    if (f) fail(f.message);
  }
  isLoaded(f: FontName): boolean {
    return this.loaded.has(`${f.family}\u0000${f.style}`);
  }
  paintStyle(id: string, what: string): StubPaintStyle {
    const s = this.styles.get(id);
    if (!(s instanceof StubPaintStyle)) fail(`in ${what}: no paint style ${id}`);
    return s;
  }
  private add<T extends StubNode>(method: string, n: T): T {
    this.record(method);
    this.currentPage.appendChild(n);
    return n;
  }
  createFrame(): StubFrame {
    return this.add("createFrame", new StubFrame(this));
  }
  createComponent(): StubComponent {
    return this.add("createComponent", new StubComponent(this));
  }
  createRectangle(): StubRectangle {
    return this.add("createRectangle", new StubRectangle(this));
  }
  createEllipse(): StubEllipse {
    return this.add("createEllipse", new StubEllipse(this));
  }
  createLine(): StubLine {
    return this.add("createLine", new StubLine(this));
  }
  createVector(): StubVector {
    return this.add("createVector", new StubVector(this));
  }
  createText(): StubText {
    return this.add("createText", new StubText(this));
  }
  /** Imports an SVG document as a frame without fills; refuses what is not an SVG document. */
  createNodeFromSvg(svg: string): StubFrame {
    this.record("createNodeFromSvg");
    const m = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>][\s\S]*<\/svg>\s*$/.exec(svg);
    if (m === null) fail("Failed to import SVG");
    const f = new StubFrame(this);
    f.name = "svg";
    f.fills = [];
    f.svgSource = svg;
    const w = /\bwidth="([\d.]+)/.exec(svg);
    const h = /\bheight="([\d.]+)/.exec(svg);
    f.resize(Number(w?.[1] ?? 100) || 100, Number(h?.[1] ?? 100) || 100);
    this.currentPage.appendChild(f);
    return f;
  }
  /**
   * Figma's combineAsVariants: a new component set in parent (at index, else last) holding the
   * components, which keep their place on the canvas (the set is their bounding box, each placed
   * in it where it was; they must share a coordinate space, as the materializer's do). Refuses an
   * empty list, a node that is no component, a component that is a layer of an instance, and a
   * component whose name is not "Property=Value" pairs or repeats another's properties.
   */
  combineAsVariants(nodes: readonly StubNode[], parent: StubParent, index?: number): StubComponentSet {
    this.record("combineAsVariants");
    if (nodes.length === 0) fail("in combineAsVariants: First argument must be an array of at least one node");
    const seen = new Set<string>();
    for (const n of nodes) {
      if (!(n instanceof StubComponent)) fail("in combineAsVariants: Only components can be combined as variants");
      if (n.inInstance !== null) fail("in combineAsVariants: Cannot move a layer of an instance");
      const props = variantPropertiesOf(n.name);
      if (props === null) fail(`in combineAsVariants: the variant name ${JSON.stringify(n.name)} is not Property=Value`);
      const key = JSON.stringify(Object.entries(props).sort());
      if (seen.has(key)) fail(`in combineAsVariants: two variants have the properties ${n.name}`);
      seen.add(key);
    }
    const set = new StubComponentSet(this);
    const minX = Math.min(...nodes.map((n) => n.x));
    const minY = Math.min(...nodes.map((n) => n.y));
    const maxX = Math.max(...nodes.map((n) => n.x + n.width));
    const maxY = Math.max(...nodes.map((n) => n.y + n.height));
    if (index === undefined) parent.appendChild(set);
    else parent.insertChild(index, set);
    set.x = minX;
    set.y = minY;
    set.resize(Math.max(maxX - minX, 0.01), Math.max(maxY - minY, 0.01));
    for (const n of nodes) {
      const x = n.x - minX;
      const y = n.y - minY;
      set.appendChild(n);
      n.x = x;
      n.y = y;
    }
    return set;
  }
  group(nodes: readonly StubNode[], parent: StubParent): StubGroup {
    this.record("group");
    if (nodes.length === 0) fail("in group: First argument must be an array of at least one node");
    const g = new StubGroup(this);
    const at = Math.min(...nodes.map((n) => parent.children.indexOf(n)).filter((i) => i >= 0));
    parent.insertChild(Number.isFinite(at) ? at : parent.children.length, g);
    for (const n of nodes) g.appendChild(n);
    return g;
  }
  createImage(bytes: Uint8Array): { hash: string } {
    this.record("createImage");
    if (!imageSignatures.some((sig) => sig.every((b, i) => bytes[i] === b))) fail("Image type is unsupported");
    let h = 0x811c9dc5;
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
    const hash = `${h.toString(16).padStart(8, "0")}${bytes.length.toString(16)}`;
    this.images.set(hash, bytes);
    return { hash };
  }
  base64Decode(s: string): Uint8Array {
    return new Uint8Array(Buffer.from(s, "base64"));
  }
  async loadFontAsync(f: FontName): Promise<void> {
    this.record("loadFontAsync", `${f.family} ${f.style}`);
    if (!this.fonts.get(f.family)?.includes(f.style)) fail(`The font "${f.family} ${f.style}" could not be loaded`);
    this.loaded.add(`${f.family}\u0000${f.style}`);
  }
  private addStyle<T extends StubPaintStyle | StubTextStyle | StubEffectStyle>(method: string, s: T): T {
    this.record(method);
    this.styles.set(s.id, s);
    return s;
  }
  createPaintStyle(): StubPaintStyle {
    return this.addStyle("createPaintStyle", new StubPaintStyle(this));
  }
  createTextStyle(): StubTextStyle {
    return this.addStyle("createTextStyle", new StubTextStyle(this));
  }
  createEffectStyle(): StubEffectStyle {
    return this.addStyle("createEffectStyle", new StubEffectStyle(this));
  }
  async getNodeByIdAsync(id: string): Promise<StubNode | StubPage | null> {
    return this.nodeById(id);
  }
  /** The node or page of id on any page (getNodeByIdAsync without the wait; the stand-in's own). */
  nodeById(id: string): StubNode | StubPage | null {
    for (const p of this.pages) {
      if (p.id === id) return p;
      const found = find(p.children, id);
      if (found) return found;
    }
    return null;
  }
  async setCurrentPageAsync(page: StubPage): Promise<void> {
    this.currentPage = page;
  }
  /** Adds a page (for placementTarget tests). */
  addPage(name: string): StubPage {
    const p = new StubPage(name);
    this.pages.push(p);
    return p;
  }
}

/** Children for a copied frame or group (the class is private to the module). */
const ChildrenOf = Children;

function find(nodes: ReadonlyArray<StubNode>, id: string): StubNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    if (n instanceof StubFrame || n instanceof StubGroup) {
      const f = find(n.children, id);
      if (f) return f;
    }
  }
  return null;
}

/**
 * Installs a new stand-in as globalThis.figma and returns it. The one cast of the test suite:
 * the stand-in implements the part of PluginAPI the main thread calls (its members are typed
 * with the official typings' types), not all of it.
 */
export function install(fonts?: FontList, faults?: readonly Fault[]): StubFigma {
  const stub = new StubFigma(fonts, faults);
  globalThis.figma = stub as unknown as PluginAPI;
  return stub;
}
