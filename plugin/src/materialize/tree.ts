// The node tree: one Figma node per result node, created depth first, each appended to its
// parent as soon as it exists, with its members applied in Figma's order (layout.ts). Which
// member a Figma node type can take is Figma's (`member in node`); a member the result gives a
// node whose Figma type lacks it is reported (MEMBER_NOT_APPLIED), never silently dropped.
import type { Node } from "@code2des/api/result";
import { ComponentDataKey, IconPropertyName, TextPropertyName, differingPaths, mainTree, nodeAt, type Components, type LayerProperty, type MadeComponent } from "./components.js";
import { MaterializeError, applying, applyingAsync, describe, type MaterializeWarning } from "./errors.js";
import type { Images } from "./images.js";
import { applyAutoLayout, applyPosition, applySizing, finishGrid } from "./layout.js";
import { figmaEffects, figmaPaints } from "./paint.js";
import { PluginDataKey, type Library } from "./styles.js";
import { applySegments, applyText, type Fonts } from "./text.js";
import { combineStates } from "./variants.js";

/** What building the tree needs and reports. */
export interface TreeContext {
  images: Images;
  fonts: Fonts;
  library: Library;
  svgs: ReadonlyMap<string, string>;
  warn(w: MaterializeWarning): void;
  /** Registers a created node (removed again if the result fails). */
  track(node: SceneNode): void;
  /** Called after each node; yields to Figma between batches and reports progress. */
  tick(): Promise<void>;
  /** The main components made so far (components.ts). */
  components: Components;
  /** The id of the result node being built as a main COMPONENT rather than a FRAME. */
  componentRoot?: string;
  /**
   * The layers with constraints of the tree being built (the page's, or a main component's),
   * set once that tree is built (applyConstraints).
   */
  constrained: [SceneNode, Node][];
}

type Parent = BaseNode & ChildrenMixin;

/** The Figma node types a result node becomes (GROUP apart: built by figma.group). */
type Created = FrameNode | ComponentNode | RectangleNode | EllipseNode | LineNode | VectorNode | TextNode;

/**
 * Which Figma nodes take each member of a result node (every member of the generated Node type
 * must be listed: a member added to the schema fails the type check until it is handled here).
 */
const takes: { [K in keyof Node]-?: (node: SceneNode) => boolean } = {
  type: () => true,
  id: () => true,
  name: () => true,
  children: (node) => "children" in node,
  characters: (node) => node.type === "TEXT",
  imageRef: () => true,
  x: () => true,
  y: () => true,
  width: () => true,
  height: () => true,
  relativeTransform: () => true,
  untransformedWidth: () => true,
  untransformedHeight: () => true,
  visible: () => true,
  opacity: (node) => "opacity" in node,
  blendMode: (node) => "blendMode" in node,
  constraints: (node) => "constraints" in node,
  fills: (node) => "fills" in node,
  strokes: (node) => "strokes" in node,
  strokeWeight: (node) => "strokeWeight" in node,
  strokeTopWeight: (node) => "strokeTopWeight" in node,
  strokeRightWeight: (node) => "strokeRightWeight" in node,
  strokeBottomWeight: (node) => "strokeBottomWeight" in node,
  strokeLeftWeight: (node) => "strokeLeftWeight" in node,
  strokeAlign: (node) => "strokeAlign" in node,
  dashPattern: (node) => "dashPattern" in node,
  cornerRadius: (node) => "cornerRadius" in node,
  topLeftRadius: (node) => "topLeftRadius" in node,
  topRightRadius: (node) => "topRightRadius" in node,
  bottomRightRadius: (node) => "bottomRightRadius" in node,
  bottomLeftRadius: (node) => "bottomLeftRadius" in node,
  effects: (node) => "effects" in node,
  clipsContent: (node) => "clipsContent" in node,
  fontName: (node) => node.type === "TEXT",
  fontSize: (node) => node.type === "TEXT",
  fontWeight: (node) => node.type === "TEXT",
  lineHeight: (node) => node.type === "TEXT",
  letterSpacing: (node) => node.type === "TEXT",
  textAlignHorizontal: (node) => node.type === "TEXT",
  textAlignVertical: (node) => node.type === "TEXT",
  textAutoResize: (node) => node.type === "TEXT",
  textCase: (node) => node.type === "TEXT",
  textDecoration: (node) => node.type === "TEXT",
  textDecorationStyle: (node) => node.type === "TEXT",
  textDecorationOffset: (node) => node.type === "TEXT",
  textDecorationThickness: (node) => node.type === "TEXT",
  textDecorationColor: (node) => node.type === "TEXT",
  paragraphIndent: (node) => node.type === "TEXT",
  textTruncation: (node) => node.type === "TEXT",
  maxLines: (node) => node.type === "TEXT",
  textWrapStyle: (node) => node.type === "TEXT",
  hangingList: (node) => node.type === "TEXT",
  // Read by the tree walk (drawnByList, built): a marker the list beside it draws is not created,
  // a TEXT with a listText is created as the list.
  listMarker: (node) => node.type === "TEXT",
  listText: (node) => node.type === "TEXT",
  styledTextSegments: (node) => node.type === "TEXT",
  vectorPaths: (node) => node.type === "VECTOR",
  layoutMode: (node) => "layoutMode" in node,
  layoutWrap: (node) => "layoutWrap" in node,
  paddingLeft: (node) => "paddingLeft" in node,
  paddingRight: (node) => "paddingRight" in node,
  paddingTop: (node) => "paddingTop" in node,
  paddingBottom: (node) => "paddingBottom" in node,
  itemSpacing: (node) => "itemSpacing" in node,
  counterAxisSpacing: (node) => "counterAxisSpacing" in node,
  primaryAxisAlignItems: (node) => "primaryAxisAlignItems" in node,
  counterAxisAlignItems: (node) => "counterAxisAlignItems" in node,
  itemReverseZIndex: (node) => "itemReverseZIndex" in node,
  layoutSizingHorizontal: (node) => "layoutSizingHorizontal" in node,
  layoutSizingVertical: (node) => "layoutSizingVertical" in node,
  layoutPositioning: (node) => "layoutPositioning" in node,
  minWidth: (node) => "minWidth" in node,
  maxWidth: (node) => "maxWidth" in node,
  minHeight: (node) => "minHeight" in node,
  maxHeight: (node) => "maxHeight" in node,
  gridRowCount: (node) => "gridRowCount" in node,
  gridColumnCount: (node) => "gridColumnCount" in node,
  gridRowGap: (node) => "gridRowGap" in node,
  gridColumnGap: (node) => "gridColumnGap" in node,
  gridRowSizes: (node) => "gridRowSizes" in node,
  gridColumnSizes: (node) => "gridColumnSizes" in node,
  gridRowAnchorIndex: (node) => "setGridChildPosition" in node,
  gridColumnAnchorIndex: (node) => "setGridChildPosition" in node,
  gridRowSpan: (node) => "gridRowSpan" in node,
  gridColumnSpan: (node) => "gridColumnSpan" in node,
  gridChildHorizontalAlign: (node) => "gridChildHorizontalAlign" in node,
  gridChildVerticalAlign: (node) => "gridChildVerticalAlign" in node,
  // The Plugin API has no per-node scroll behaviour: a frame's last numberOfFixedChildren
  // children are fixed (finishScroll); STICKY_SCROLLS has no Plugin API equivalent.
  scrollBehavior: () => true,
  fillStyleId: (node) => "setFillStyleIdAsync" in node,
  strokeStyleId: (node) => "setStrokeStyleIdAsync" in node,
  textStyleId: (node) => node.type === "TEXT",
  effectStyleId: (node) => "setEffectStyleIdAsync" in node,
  componentId: (node) => node.type === "INSTANCE" || node.type === "COMPONENT",
  componentName: (node) => node.type === "INSTANCE" || node.type === "COMPONENT",
  componentVariants: (node) => node.type === "INSTANCE" || node.type === "COMPONENT",
  variantOf: (node) => node.type === "INSTANCE" || node.type === "COMPONENT",
  variantProperties: (node) => node.type === "INSTANCE" || node.type === "COMPONENT",
};

function isMember(k: string): k is keyof Node {
  return k in takes;
}

/** Warns about each member n has that node's Figma type cannot take. */
function reportUntaken(node: SceneNode, n: Node, ctx: TreeContext): void {
  for (const k of Object.keys(n)) {
    if (!isMember(k)) {
      ctx.warn({ code: "MEMBER_NOT_APPLIED", message: `${n.type} member ${k} is not part of the result format; not applied`, nodeId: n.id });
    } else if (!takes[k](node)) {
      ctx.warn({ code: "MEMBER_NOT_APPLIED", message: `Figma's ${node.type} has no ${k}; not applied`, nodeId: n.id });
    }
  }
}

/**
 * Whether n, a child of parent, is a TEXT a list beside it draws with Figma's own list, and so
 * not created: a list marker's TEXT (listMarker) beside a TEXT with list ranges (listOptions), or
 * a TEXT a sibling's listText replaces (an item of a list with spaced items, or its marker). Both
 * are the fallback of readers that ignore lists. A listMarker TEXT that flows in an auto-layout
 * parent is created (leaving it out would move the children after it); the converter never
 * writes one there, and the backend refuses a listText there.
 */
export function drawnByList(n: Node, parent: Node): boolean {
  if (n.type !== "TEXT") return false;
  if (replacedIn(parent).has(n.id)) return true;
  const flows = parent.layoutMode !== undefined && parent.layoutMode !== "NONE" && n.layoutPositioning !== "ABSOLUTE";
  return n.listMarker === true && !flows;
}

const replacedSets = new WeakMap<Node, Set<string>>();

/** The ids of parent's children that a sibling's listText replaces. */
function replacedIn(parent: Node): Set<string> {
  let ids = replacedSets.get(parent);
  if (ids === undefined) {
    ids = new Set((parent.children ?? []).flatMap((c) => c.listText?.replaces ?? []));
    replacedSets.set(parent, ids);
  }
  return ids;
}

/**
 * n as the plugin creates it: a TEXT with a listText (the first item of a list with spaced
 * items) is the one TEXT Figma's list draws, with the listText's characters, ranges (listOptions,
 * listSpacing) and height; any other node is itself.
 */
function listDrawn(n: Node): Node {
  if (n.type !== "TEXT" || n.listText === undefined) return n;
  const { listText, ...rest } = n;
  return { ...rest, characters: listText.characters, styledTextSegments: listText.styledTextSegments, height: listText.height };
}

/** Builds n (and its subtree) into parent; returns the created node. */
export async function buildNode(n: Node, parent: Parent, ctx: TreeContext): Promise<SceneNode> {
  if (n.type === "GROUP") return buildGroup(n, parent, ctx);
  if (n.componentId !== undefined && n.type === "FRAME") return buildInstance(n, n.componentId, parent, ctx);
  if (n.type === "SVG" && ctx.componentRoot !== undefined) return buildIcon(n, parent, ctx);
  const node = applying(n.id, "type", () => create(n, ctx));
  ctx.track(node);
  constrainLater(node, n, ctx);
  node.setPluginData(PluginDataKey, n.id);
  applying(n.id, "(append to parent)", () => parent.appendChild(node));
  reportUntaken(node, n, ctx);
  await applyMembers(node, n, ctx);
  if ((node.type === "FRAME" || node.type === "COMPONENT") && n.type === "FRAME") {
    applyAutoLayout(node, n);
    for (const c of built(n)) await buildNode(c, node, ctx);
    if (n.layoutMode === "GRID") finishGrid(node, n);
    finishScroll(node, n, ctx);
  }
  applySizing(node, n);
  await ctx.tick();
  return node;
}

/** Keeps node, made from n, for applyConstraints when n has constraints. */
function constrainLater(node: SceneNode, n: Node, ctx: TreeContext): void {
  if (n.constraints !== undefined) ctx.constrained.push([node, n]);
}

/**
 * Sets the constraints of the layers constrained holds (a TreeContext's), once their tree is
 * built: the page's at the end, a main component's once it is built, before it is cloned into
 * variants or instantiated (the instances take them). Figma's resize moves and sizes a child
 * by its constraints, and a frame changes size while it and the frames around it are built (a
 * new auto-layout frame hugs its children as they are appended, then gets the result's size
 * back; a FILL frame takes its size from its parent's), which would move a child constrained
 * before. Setting constraints moves nothing.
 */
export function applyConstraints(constrained: [SceneNode, Node][]): void {
  for (const [node, n] of constrained) {
    const v = n.constraints;
    if (v !== undefined && "constraints" in node) applying(n.id, "constraints", () => (node.constraints = v));
  }
}

/** The icon component of SVG node n (components.ts), made from n's own layer on first use. */
function iconOf(n: Node, ctx: TreeContext): ComponentNode {
  const ref = n.imageRef ?? "";
  const w = n.untransformedWidth ?? n.width ?? 0;
  const h = n.untransformedHeight ?? n.height ?? 0;
  return ctx.components.icon(ref, w, h, n.name, (into) => {
    const svg = applying(n.id, "imageRef", () => createSvg(n, ctx));
    into.appendChild(svg);
    if ((n.fills ?? []).length > 0 && svg.type === "RECTANGLE") {
      const v = figmaPaints(n.fills ?? [], ctx.images, ctx.library.variables, n.id, "fills");
      applying(n.id, "fills", () => (svg.fills = v));
    }
    svg.name = n.name;
    svg.resize(Math.max(w, 0.01), Math.max(h, 0.01));
    svg.x = 0;
    svg.y = 0;
    // The instance reads as the SVG's frame: it clips as that frame does.
    into.clipsContent = svg.type === "FRAME" ? svg.clipsContent : false;
  });
}

/**
 * An SVG among a main component's layers: an instance of its icon component, placed and sized
 * as the SVG node, so an instance of the main can swap its icon.
 */
async function buildIcon(n: Node, parent: Parent, ctx: TreeContext): Promise<SceneNode> {
  const icon = iconOf(n, ctx);
  const inst = applying(n.id, "imageRef", () => icon.createInstance());
  ctx.track(inst);
  constrainLater(inst, n, ctx);
  inst.setPluginData(PluginDataKey, n.id);
  applying(n.id, "(append to parent)", () => parent.appendChild(inst));
  inst.name = n.name;
  if (n.visible !== undefined) inst.visible = n.visible;
  applyLayer(inst, n, ctx);
  applyPosition(inst, n);
  applySizing(inst, n);
  await ctx.tick();
  return inst;
}

/** A GROUP: its children are built into its parent, then grouped (Figma has no empty group). */
async function buildGroup(n: Node, parent: Parent, ctx: TreeContext): Promise<SceneNode> {
  const children: SceneNode[] = [];
  for (const c of built(n)) children.push(await buildNode(c, parent, ctx));
  if (children.length === 0) throw new MaterializeError(n.id, "children", "Figma cannot create a GROUP without children");
  const group = applying(n.id, "children", () => figma.group(children, parent));
  ctx.track(group);
  group.setPluginData(PluginDataKey, n.id);
  reportUntaken(group, n, ctx);
  group.name = n.name;
  if (n.visible !== undefined) group.visible = n.visible;
  applyLayer(group, n, ctx);
  await applyEffectStyleId(group, n, ctx);
  applySizing(group, n);
  constrainLater(group, n, ctx);
  await ctx.tick();
  return group;
}

function create(n: Node, ctx: TreeContext): Created {
  switch (n.type) {
    case "FRAME":
      return ctx.componentRoot === n.id ? figma.createComponent() : figma.createFrame();
    case "RECTANGLE":
      return figma.createRectangle();
    case "ELLIPSE":
      return figma.createEllipse();
    case "LINE":
      return figma.createLine();
    case "VECTOR":
      return figma.createVector();
    case "TEXT":
      return figma.createText();
    case "SVG":
      return createSvg(n, ctx);
    case "GROUP":
      throw new MaterializeError(n.id, "type", "GROUP is built by buildGroup");
  }
}

/**
 * An SVG node: figma.createNodeFromSvg of its document. When Figma refuses the document, the
 * node's raster form (an IMAGE paint in its fills, which Figma draws only then) becomes a
 * RECTANGLE with a SVG_RASTER_FALLBACK warning; without one the result fails.
 */
function createSvg(n: Node, ctx: TreeContext): FrameNode | RectangleNode {
  const svg = n.imageRef === undefined ? undefined : ctx.svgs.get(n.imageRef);
  if (svg === undefined) throw new MaterializeError(n.id, "imageRef", `no SVG image ${JSON.stringify(n.imageRef)} in the result`);
  try {
    return figma.createNodeFromSvg(svg);
  } catch (e) {
    if (!(n.fills ?? []).some((p) => p.type === "IMAGE")) {
      throw new MaterializeError(n.id, "imageRef", `Figma could not import the SVG and the node has no raster form: ${describe(e)}`);
    }
    ctx.warn({ code: "SVG_RASTER_FALLBACK", message: `Figma could not import the SVG (${describe(e)}); its raster form is used instead`, nodeId: n.id });
    return figma.createRectangle();
  }
}

/** Opacity, blend mode, effects, visibility: what every node type, GROUP included, has. */
function applyLayer(node: SceneNode, n: Node, ctx: TreeContext): void {
  if (n.opacity !== undefined && "opacity" in node) {
    const v = n.opacity;
    applying(n.id, "opacity", () => (node.opacity = v));
  }
  if (n.blendMode !== undefined && "blendMode" in node) {
    const v = n.blendMode;
    applying(n.id, "blendMode", () => (node.blendMode = v));
  }
  if (n.effects !== undefined && "effects" in node) {
    const v = figmaEffects(n.effects, ctx.library.variables);
    applying(n.id, "effects", () => (node.effects = v));
  }
}

async function applyMembers(node: Created, n: Node, ctx: TreeContext): Promise<void> {
  const id = n.id;
  node.name = n.name;
  if (n.visible !== undefined) node.visible = n.visible;
  applyLayer(node, n, ctx);
  const isSvg = n.type === "SVG";
  // An SVG node's fills are its raster form, drawn only when the SVG could not be imported.
  if (n.fills !== undefined && "fills" in node && !(isSvg && node.type === "FRAME")) {
    const v = figmaPaints(n.fills, ctx.images, ctx.library.variables, id, "fills");
    applying(id, "fills", () => (node.fills = v));
  }
  if (n.strokes !== undefined && "strokes" in node) {
    const v = figmaPaints(n.strokes, ctx.images, ctx.library.variables, id, "strokes");
    applying(id, "strokes", () => (node.strokes = v));
  }
  if (n.strokeWeight !== undefined && "strokeWeight" in node) {
    const v = n.strokeWeight;
    applying(id, "strokeWeight", () => (node.strokeWeight = v));
  }
  if ("strokeTopWeight" in node) {
    for (const k of ["strokeTopWeight", "strokeRightWeight", "strokeBottomWeight", "strokeLeftWeight"] as const) {
      const v = n[k];
      if (v !== undefined) applying(id, k, () => (node[k] = v));
    }
  }
  if (n.strokeAlign !== undefined && "strokeAlign" in node) {
    const v = n.strokeAlign;
    applying(id, "strokeAlign", () => (node.strokeAlign = v));
  }
  if (n.dashPattern !== undefined && "dashPattern" in node) {
    const v = n.dashPattern;
    applying(id, "dashPattern", () => (node.dashPattern = v));
  }
  if (n.cornerRadius !== undefined && "cornerRadius" in node) {
    const v = n.cornerRadius;
    applying(id, "cornerRadius", () => (node.cornerRadius = v));
  }
  if ("topLeftRadius" in node) {
    for (const k of ["topLeftRadius", "topRightRadius", "bottomRightRadius", "bottomLeftRadius"] as const) {
      const v = n[k];
      if (v !== undefined) applying(id, k, () => (node[k] = v));
    }
  }
  if (n.clipsContent !== undefined && "clipsContent" in node) {
    const v = n.clipsContent;
    applying(id, "clipsContent", () => (node.clipsContent = v));
  }
  if (n.vectorPaths !== undefined && node.type === "VECTOR") {
    const v = n.vectorPaths;
    applying(id, "vectorPaths", () => (node.vectorPaths = v));
  }
  const text = node.type === "TEXT" ? node : null;
  const textCtx = { fonts: ctx.fonts, images: ctx.images, variables: ctx.library.variables };
  if (text !== null) {
    applyText(text, n, textCtx);
    applySegments(text, n, textCtx);
  }
  // Style references last: setting a value a style holds detaches the node from the style.
  await applyStyleIds(node, n, ctx);
  applyGeometry(node, n);
  if (text !== null && n.textAutoResize !== undefined) {
    const v = n.textAutoResize;
    applying(id, "textAutoResize", () => (text.textAutoResize = v));
  }
}

/**
 * Size, then position (a LINE is its width; Figma keeps its height 0). A transformed node (a CSS
 * rotate, scale, skew or matrix) is sized to its untransformed size and placed by its
 * relativeTransform after sizing (its x, y, width and height are its bounding box, for readers
 * that ignore the transform).
 */
function applyGeometry(node: Created, n: Node): void {
  const id = n.id;
  if (n.untransformedWidth !== undefined && n.untransformedHeight !== undefined) {
    const w = n.untransformedWidth;
    const h = n.untransformedHeight;
    applying(id, "untransformedWidth", () => node.resize(Math.max(w, 0.01), node.type === "LINE" ? 0 : Math.max(h, 0.01)));
  } else if (n.width !== undefined || n.height !== undefined) {
    const w = n.width ?? node.width;
    const h = node.type === "LINE" ? 0 : (n.height ?? node.height);
    applying(id, n.width !== undefined ? "width" : "height", () => node.resize(Math.max(w, 0.01), node.type === "LINE" ? 0 : Math.max(h, 0.01)));
  }
  applyPosition(node, n);
}

/** Binds the node to the result's local styles (created once per result, styles.ts). */
async function applyStyleIds(node: SceneNode, n: Node, ctx: TreeContext): Promise<void> {
  if (n.fillStyleId !== undefined && "setFillStyleIdAsync" in node && !(n.type === "SVG" && node.type === "FRAME")) {
    const s = libraryStyle(ctx, n, "fillStyleId", n.fillStyleId, "PAINT");
    await applyingAsync(n.id, "fillStyleId", () => node.setFillStyleIdAsync(s.id));
  }
  if (n.strokeStyleId !== undefined && "setStrokeStyleIdAsync" in node) {
    const s = libraryStyle(ctx, n, "strokeStyleId", n.strokeStyleId, "PAINT");
    await applyingAsync(n.id, "strokeStyleId", () => node.setStrokeStyleIdAsync(s.id));
  }
  await applyEffectStyleId(node, n, ctx);
  if (n.textStyleId !== undefined && node.type === "TEXT") {
    const s = libraryStyle(ctx, n, "textStyleId", n.textStyleId, "TEXT");
    const differs = s.type === "TEXT" ? textDiffersFromStyle(n, s, ctx.fonts) : null;
    if (differs !== null) {
      // A text style sets every range: binding it would undo the node's own ranges.
      ctx.warn({ code: "TEXT_STYLE_NOT_APPLIED", message: `text style ${s.name} not bound: the layer's ${differs} differs from the style's`, nodeId: n.id });
    } else {
      await applyingAsync(n.id, "textStyleId", () => node.setTextStyleIdAsync(s.id));
    }
  }
  // A TEXT of several ranges: each range set in the text style its typography is (the style's
  // values are the range's, so binding it changes nothing drawn).
  if (node.type === "TEXT") {
    for (const [i, seg] of (n.styledTextSegments ?? []).entries()) {
      if (seg.textStyleId === undefined) continue;
      const field = `styledTextSegments[${i}].textStyleId`;
      const s = libraryStyle(ctx, n, field, seg.textStyleId, "TEXT");
      await applyingAsync(n.id, field, () => node.setRangeTextStyleIdAsync(seg.start, seg.end, s.id));
    }
  }
}

/** Binds the node (GROUP included) to the EFFECT style its effectStyleId names. */
async function applyEffectStyleId(node: SceneNode, n: Node, ctx: TreeContext): Promise<void> {
  if (n.effectStyleId === undefined || !("setEffectStyleIdAsync" in node)) return;
  const s = libraryStyle(ctx, n, "effectStyleId", n.effectStyleId, "EFFECT");
  await applyingAsync(n.id, "effectStyleId", () => node.setEffectStyleIdAsync(s.id));
}

/** The result's style id names, of type; a MaterializeError on node n's field when there is none. */
function libraryStyle(ctx: TreeContext, n: Node, field: string, id: string, type: "PAINT" | "TEXT" | "EFFECT"): PaintStyle | TextStyle | EffectStyle {
  const s = ctx.library.styles.get(id);
  if (s === undefined || s.type !== type) throw new MaterializeError(n.id, field, `no ${type} style ${JSON.stringify(id)} in the result`);
  return s;
}

/**
 * scrollBehavior FIXED: Figma fixes a frame's last numberOfFixedChildren children (on top of the
 * scrolling ones), so the FIXED children must be the frame's last; otherwise (and for
 * STICKY_SCROLLS, which the Plugin API cannot set) a SCROLL_BEHAVIOR_NOT_APPLIED warning.
 */
function finishScroll(frame: FrameNode | ComponentNode, n: Node, ctx: TreeContext): void {
  const kids = built(n);
  let fixed = 0;
  while (fixed < kids.length && kids[kids.length - 1 - fixed]?.scrollBehavior === "FIXED") fixed++;
  kids.forEach((c, i) => {
    if (c.scrollBehavior === "FIXED" && i < kids.length - fixed) {
      ctx.warn({ code: "SCROLL_BEHAVIOR_NOT_APPLIED", message: "fixed when scrolling: Figma fixes only a frame's topmost children, and this layer is below scrolling ones", nodeId: c.id });
    } else if (c.scrollBehavior === "STICKY_SCROLLS") {
      ctx.warn({ code: "SCROLL_BEHAVIOR_NOT_APPLIED", message: "sticky when scrolling: the Figma Plugin API cannot set it", nodeId: c.id });
    }
  });
  if (fixed > 0) applying(n.id, "children[].scrollBehavior", () => (frame.numberOfFixedChildren = fixed));
}

/**
 * The first typography member of n (node level or a segment), or its textWrapStyle, that differs
 * from style, or null; fonts as loaded (a substituted font is the style's too).
 */
function textDiffersFromStyle(n: Node, style: TextStyle, fonts: Fonts): string | null {
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  const ranges = [n, ...(n.styledTextSegments ?? [])];
  for (const r of ranges) {
    if (r.fontName !== undefined && !same(fonts.use(r.fontName), style.fontName)) return "fontName";
    if (r.fontSize !== undefined && r.fontSize !== style.fontSize) return "fontSize";
    if (r.letterSpacing !== undefined && !same({ value: r.letterSpacing.value, unit: r.letterSpacing.unit }, style.letterSpacing)) return "letterSpacing";
    if (r.textCase !== undefined && r.textCase !== style.textCase) return "textCase";
    if (r.textDecoration !== undefined && r.textDecoration !== style.textDecoration) return "textDecoration";
  }
  if (n.lineHeight !== undefined && !same(n.lineHeight, style.lineHeight)) return "lineHeight";
  // Figma's TextStyle holds the line breaking too: binding a style of another would change it.
  if ((n.textWrapStyle ?? "AUTO") !== style.textWrapStyle) return "textWrapStyle";
  return null;
}

/**
 * A use of a component: an INSTANCE of its main component (made from the first use, without its
 * placement, on the Components frame), appended to parent, with the use's overrides and then
 * its placement (position, and in an auto-layout parent its cell, positioning and sizing).
 */
async function buildInstance(n: Node, componentId: string, parent: Parent, ctx: TreeContext): Promise<SceneNode> {
  // The main is made from the component's first use, which a nested use need not be.
  const made = ctx.components.get(componentId) ?? (await buildMain(ctx.components.usesOf(componentId)[0] ?? n, componentId, ctx));
  const inst = applying(n.id, "componentId", () => made.component.createInstance());
  ctx.track(inst);
  constrainLater(inst, n, ctx);
  applying(n.id, "(append to parent)", () => parent.appendChild(inst));
  await overrideLayers(inst, n, made.main, ctx);
  resizeInstance(inst, n, made.main);
  applyPosition(inst, n);
  applySizing(inst, n);
  return inst;
}

/**
 * Resizes inst to the use n where its size is not the main's (docs/results.md "Components"): a
 * HORIZONTAL or VERTICAL frame without wrap (a card a grid row stretches to its own height);
 * Figma's auto layout places the instance's children again. On an axis where the use hugs,
 * its sizing (applySizing, after) has Figma take the content's size again, which is the use's.
 */
function resizeInstance(inst: InstanceNode, n: Node, main: Node): void {
  const flows = (main.layoutMode === "HORIZONTAL" || main.layoutMode === "VERTICAL") && main.layoutWrap !== "WRAP" && main.relativeTransform === undefined;
  if (!flows || n.width === undefined || n.height === undefined) return;
  const w = n.width;
  const h = n.height;
  if (w === inst.width && h === inst.height) return;
  applying(n.id, "width", () => inst.resize(Math.max(w, 0.01), Math.max(h, 0.01)));
}

/**
 * Sets on inst, an instance of made (on the page, or nested in another instance), the values of
 * made's TEXT and INSTANCE_SWAP properties the use n has: its characters and icons at their
 * paths. A use of a variant of one kind of another structure sets only the properties of the
 * layers it has there.
 */
function setProperties(inst: InstanceNode, n: Node, made: MadeComponent, ctx: TreeContext): void {
  if (made.texts.length + made.icons.length === 0) return;
  const values: { [name: string]: string } = {};
  for (const t of made.texts) {
    const text = nodeAt(n, t.path, built);
    if (text?.type === "TEXT") values[t.name] = text.characters ?? "";
  }
  for (const t of made.icons) {
    const svg = nodeAt(n, t.path, built);
    if (svg?.type === "SVG") values[t.name] = iconOf(svg, ctx).id;
  }
  applying(n.id, "componentProperties", () => inst.setProperties(values));
}

/**
 * The main component of the first use n of component componentId (it must name it). A component
 * in a set of variants of one kind is built with the whole set: its Default first, then each
 * variant from its own first use.
 */
async function buildMain(n: Node, componentId: string, ctx: TreeContext): Promise<MadeComponent> {
  if (n.componentName === undefined) {
    throw new MaterializeError(n.id, "componentName", `the first use of component ${JSON.stringify(componentId)} has no componentName`);
  }
  if (n.variantOf !== undefined) {
    const setOf = n.variantOf;
    const first = ctx.components.usesOf(setOf)[0];
    if (first === undefined) throw new MaterializeError(n.id, "variantOf", `no use of component ${JSON.stringify(setOf)} in the result`);
    if (ctx.components.get(setOf) === undefined) await buildMain(first, setOf, ctx);
    const made = ctx.components.get(componentId);
    if (made === undefined) throw new MaterializeError(n.id, "variantOf", `component ${JSON.stringify(setOf)} is itself a variant of another`);
    return made;
  }
  // A result the backend accepted never holds a use of a component inside its own set.
  if (ctx.components.building.has(componentId)) throw new MaterializeError(n.id, "componentId", "the component holds a use of its own component set");
  ctx.components.building.add(componentId);
  const main = mainTree(n);
  const built = await buildComponent(main, n.id, componentId, ctx);
  const name = n.componentName;
  applying(n.id, "componentName", () => (built.name = name));
  // The variants of one kind, each built from its own first use.
  const kinds: { node: Node; tree: Node; component: ComponentNode; value: string }[] = [];
  for (const v of ctx.components.variantsOf(componentId)) {
    const tree = mainTree(v);
    const value = v.variantProperties?.Variant;
    if (value === undefined || v.componentId === undefined) throw new MaterializeError(v.id, "variantProperties", "a variant of one kind has no Variant value");
    kinds.push({ node: v, tree, component: await buildComponent(tree, v.id, v.componentId, ctx), value });
  }
  // A component with variants holds its properties on its component set, made first; every
  // variant's layer is bound to them.
  const set = n.componentVariants === undefined && kinds.length === 0 ? null : combineStates(built, main, n.componentVariants ?? [], ctx.components.frame(), name, {
    images: ctx.images, fonts: ctx.fonts, variables: ctx.library.variables, track: ctx.track, skipped: drawnByList,
  }, kinds);
  const owner = set ?? built;
  const variants = set === null ? [built] : set.children.filter((c): c is ComponentNode => c.type === "COMPONENT");
  const uses = [...ctx.components.usesOf(componentId), ...kinds.flatMap((k) => ctx.components.usesOf(k.node.componentId ?? ""))];
  const texts = layerProperties(owner, variants, main, uses, "TEXT", TextPropertyName, (text) => text.characters ?? "");
  const icons = layerProperties(owner, variants, main, uses, "SVG", IconPropertyName, (svg) => iconOf(svg, ctx).id);
  const made = ctx.components.add(componentId, built, main, owner, texts, icons);
  for (const k of kinds) ctx.components.add(k.node.componentId ?? "", k.component, k.tree, owner, texts, icons);
  ctx.components.building.delete(componentId);
  return made;
}

/** Builds tree (a first use without its placement, whose result id is id) as a COMPONENT on the Components frame. */
async function buildComponent(tree: Node, id: string, componentId: string, ctx: TreeContext): Promise<ComponentNode> {
  // The main's layers are not the result's nodes: they do not count towards the progress. The
  // main is built at its own size (no placement): its layers' constraints are set once it is.
  const constrained: [SceneNode, Node][] = [];
  const built = await buildNode(tree, ctx.components.frame(), { ...ctx, componentRoot: id, tick: async () => {}, constrained });
  applyConstraints(constrained);
  if (built.type !== "COMPONENT") throw new MaterializeError(id, "componentId", "the main component was not created as a COMPONENT");
  built.setPluginData(ComponentDataKey, componentId);
  return built;
}

/** The members of a layer's paint an instance overrides (docs/results.md "Components"). */
const paintMembers = ["opacity", "strokes", "strokeWeight", "strokeTopWeight", "strokeRightWeight", "strokeBottomWeight", "strokeLeftWeight", "effects", "strokeStyleId", "effectStyleId"] as const;

/** The members of a TEXT an instance overrides: its characters and typography. */
const textMembers = ["characters", "styledTextSegments", "fontName", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "textCase", "textDecoration", "textStyleId"] as const;

/**
 * Applies to node, a layer of an instance made from main, what the result node n has that
 * main does not (the overridable members of docs/results.md "Components"): name, visibility,
 * fills, strokes, effects and opacity and their styles, and for a TEXT its characters, typography
 * and ranges (then its textAutoResize and the size it does not give); an instance's TEXT and
 * INSTANCE_SWAP properties first (setProperties: an icon is set by its property). Then its
 * layers, pairwise, into nested instances too.
 */
async function overrideLayers(node: SceneNode, n: Node, main: Node, ctx: TreeContext): Promise<void> {
  const differs = (k: keyof Node): boolean => JSON.stringify(n[k]) !== JSON.stringify(main[k]);
  node.setPluginData(PluginDataKey, n.id);
  // An instance (the use's root, or a use nested in it): its component's properties first.
  const made = n.componentId !== undefined && n.type === "FRAME" ? ctx.components.get(n.componentId) : undefined;
  if (made !== undefined && node.type === "INSTANCE") setProperties(node, n, made, ctx);
  // An instance is named after its component: the name and visibility are compared with the layer's.
  if (node.name !== n.name) applying(n.id, "name", () => (node.name = n.name));
  if (node.visible !== (n.visible ?? true)) applying(n.id, "visible", () => (node.visible = n.visible ?? true));
  const fills = differs("fills") || differs("fillStyleId");
  if (fills && n.fills !== undefined && "fills" in node && n.type !== "SVG") {
    const v = figmaPaints(n.fills, ctx.images, ctx.library.variables, n.id, "fills");
    applying(n.id, "fills", () => (node.fills = v));
  }
  const paint = paintMembers.some(differs);
  if (paint) overridePaint(node, n, main, ctx);
  // A TEXT component property set the layer's characters (setProperties), and Figma gives new
  // characters the style of the first one: a use with ranges has them applied again.
  const propertySet = node.type === "TEXT" && node.componentPropertyReferences?.characters !== undefined && n.styledTextSegments !== undefined;
  const text = node.type === "TEXT" && (textMembers.some(differs) || propertySet) ? node : null;
  if (text !== null) {
    const textCtx = { fonts: ctx.fonts, images: ctx.images, variables: ctx.library.variables };
    applyText(text, n, textCtx);
    applySegments(text, n, textCtx);
  }
  if (fills || paint || text !== null) await applyStyleIds(node, n, ctx);
  if (text !== null) {
    // A text that grows with its characters (textAutoResize) takes its size from them, and Figma
    // lays out again the hugging auto-layout frames above it (a nav link as wide as its label):
    // the plugin sets only a size that does not follow them (the backend checks it is the main's).
    const v = n.textAutoResize;
    const grows = v ?? text.textAutoResize;
    const w = grows === "WIDTH_AND_HEIGHT" ? text.width : Math.max(n.width ?? text.width, 0.01);
    const h = grows === "WIDTH_AND_HEIGHT" || grows === "HEIGHT" ? text.height : Math.max(n.height ?? text.height, 0.01);
    if (w !== text.width || h !== text.height) {
      // A Figma that keeps an instance layer's size leaves the text as its new characters lay
      // out, and says so.
      try {
        text.resize(w, h);
      } catch (e) {
        ctx.warn({ code: "MEMBER_NOT_APPLIED", message: `the instance's text layer kept its size (${describe(e)})`, nodeId: n.id });
      }
    }
    if (v !== undefined && v !== text.textAutoResize) applying(n.id, "textAutoResize", () => (text.textAutoResize = v));
  }
  const layers = "children" in node && !(n.type === "SVG") ? node.children : [];
  // The main was built without the list markers its list TEXTs draw (drawnByList): the use's
  // children pair with its layers less those.
  const mains = built(main);
  for (const [i, c] of built(n).entries()) {
    const layer = layers[i];
    const m = mains[i];
    if (layer === undefined || m === undefined) throw new MaterializeError(c.id, "componentId", "the instance has no layer for this node: the use differs from its component's first use");
    await overrideLayers(layer, c, m, ctx);
  }
  await ctx.tick();
}

/**
 * Sets on a layer of an instance the paint members in which n differs from main, a member n
 * leaves out as Figma's default for it (opacity 1, no strokes or effects, weight 0 on a side).
 */
function overridePaint(node: SceneNode, n: Node, main: Node, ctx: TreeContext): void {
  const differs = (k: keyof Node): boolean => JSON.stringify(n[k]) !== JSON.stringify(main[k]);
  const id = n.id;
  if (differs("opacity") && "opacity" in node) {
    const v = n.opacity ?? 1;
    applying(id, "opacity", () => (node.opacity = v));
  }
  if (differs("strokes") && "strokes" in node) {
    const v = figmaPaints(n.strokes ?? [], ctx.images, ctx.library.variables, id, "strokes");
    applying(id, "strokes", () => (node.strokes = v));
  }
  if (differs("strokeWeight") && "strokeWeight" in node) {
    const v = n.strokeWeight ?? 0;
    applying(id, "strokeWeight", () => (node.strokeWeight = v));
  }
  if ("strokeTopWeight" in node) {
    for (const k of ["strokeTopWeight", "strokeRightWeight", "strokeBottomWeight", "strokeLeftWeight"] as const) {
      const v = n[k] ?? n.strokeWeight ?? 0;
      if (differs(k)) applying(id, k, () => (node[k] = v));
    }
  }
  if (differs("effects") && "effects" in node) {
    const v = figmaEffects(n.effects ?? [], ctx.library.variables);
    applying(id, "effects", () => (node.effects = v));
  }
}

/**
 * Adds to owner (a component, or the component set of variants) a TEXT or INSTANCE_SWAP
 * component property for each layer of type of the first use main whose characters (TEXT) or
 * icon (SVG) differ between the uses, named base, base 2, ..., with the default value gives for
 * its node (the first use's characters, or the id of its icon component), and binds that layer
 * of each of variants (the component itself, or every variant of the set, the main first) to
 * it; a variant of one kind without such a layer there is left unbound.
 */
function layerProperties(
  owner: ComponentNode | ComponentSetNode, variants: readonly ComponentNode[], main: Node, uses: readonly Node[],
  type: "TEXT" | "SVG", base: string, value: (n: Node) => string,
): LayerProperty[] {
  const out: LayerProperty[] = [];
  for (const [i, path] of differingPaths(main, uses, type, built).entries()) {
    const n = nodeAt(main, path, built);
    if (n === undefined) continue;
    const label = i === 0 ? base : `${base} ${i + 1}`;
    const v = value(n);
    const name = applying(n.id, "componentPropertyDefinitions", () => owner.addComponentProperty(label, type === "TEXT" ? "TEXT" : "INSTANCE_SWAP", v));
    for (const variant of variants) {
      let layer: SceneNode | undefined = variant;
      for (const k of path) layer = layer !== undefined && "children" in layer ? layer.children[k] : undefined;
      // A variant of one kind may be of another structure: it binds the layers it has there.
      const fits = layer !== undefined && (type === "TEXT" ? layer.type === "TEXT" : layer.type === "INSTANCE");
      if (!fits && variant === variants[0]) throw new MaterializeError(n.id, "componentId", "the main component has no layer for this node");
      if (!fits || layer === undefined) continue;
      const bound = layer;
      applying(n.id, "componentPropertyReferences", () => (bound.componentPropertyReferences = type === "TEXT" ? { characters: name } : { mainComponent: name }));
    }
    out.push({ name, path });
  }
  return out;
}

/**
 * The children of n that buildNode creates: all but the TEXTs a list beside them draws
 * (drawnByList), a TEXT with a listText as that list (listDrawn).
 */
function built(n: Node): Node[] {
  return (n.children ?? []).filter((c) => !drawnByList(c, n)).map(listDrawn);
}
