// Auto layout, in the order Figma requires: a frame's own members (layoutMode first, then
// wrap, padding, spacing, alignment, itemReverseZIndex; a GRID frame's counts, gaps and track sizes) before its
// children are appended, so each child is laid out as it arrives; a child's cell in a GRID
// parent (setGridChildPosition, then its spans and alignment), layoutSizing* and
// layoutPositioning only once it is in its auto-layout parent and its own children are in (HUG
// needs them, FILL needs the parent and, in a grid, its cells); an ABSOLUTE child's x and y after
// its positioning (Figma keeps them only then); the size limits (minWidth, maxWidth,
// minHeight, maxHeight) last.
import type { Node } from "@code2des/api/result";
import { applying } from "./errors.js";

/** Sets a frame's own auto-layout members (before its children are appended). */
export function applyAutoLayout(frame: FrameNode | ComponentNode, n: Node): void {
  const id = n.id;
  if (n.layoutMode !== undefined) {
    const v = n.layoutMode;
    applying(id, "layoutMode", () => (frame.layoutMode = v));
  }
  if (n.layoutWrap !== undefined) {
    const v = n.layoutWrap;
    applying(id, "layoutWrap", () => (frame.layoutWrap = v));
  }
  const numbers = ["paddingLeft", "paddingRight", "paddingTop", "paddingBottom", "itemSpacing", "counterAxisSpacing"] as const;
  for (const k of numbers) {
    const v = n[k];
    if (v !== undefined) applying(id, k, () => (frame[k] = v));
  }
  if (n.primaryAxisAlignItems !== undefined) {
    const v = n.primaryAxisAlignItems;
    applying(id, "primaryAxisAlignItems", () => (frame.primaryAxisAlignItems = v));
  }
  if (n.counterAxisAlignItems !== undefined) {
    const v = n.counterAxisAlignItems;
    applying(id, "counterAxisAlignItems", () => (frame.counterAxisAlignItems = v));
  }
  if (n.itemReverseZIndex !== undefined) {
    const v = n.itemReverseZIndex;
    applying(id, "itemReverseZIndex", () => (frame.itemReverseZIndex = v));
  }
  if (n.layoutMode === "GRID") applyGrid(frame, n);
}

/**
 * A GRID frame's counts, gaps and track sizes. The frame is FIXED on both axes first (a grid
 * with FLEX tracks cannot hug; applySizing sets the result's sizing once the children are in),
 * then each track's type and value are set on the GridTrackSize objects Figma returns.
 */
function applyGrid(frame: FrameNode | ComponentNode, n: Node): void {
  const id = n.id;
  applying(id, "layoutSizingHorizontal", () => (frame.layoutSizingHorizontal = "FIXED"));
  applying(id, "layoutSizingVertical", () => (frame.layoutSizingVertical = "FIXED"));
  for (const k of ["gridRowCount", "gridColumnCount", "gridRowGap", "gridColumnGap"] as const) {
    const v = n[k];
    if (v !== undefined) applying(id, k, () => (frame[k] = v));
  }
  for (const k of ["gridRowSizes", "gridColumnSizes"] as const) {
    (n[k] ?? []).forEach((size, i) => {
      applying(id, `${k}[${i}]`, () => {
        const track = frame[k][i];
        if (track === undefined) throw new Error(`the grid has no track ${i}`);
        track.type = size.type;
        if (size.value !== undefined) track.value = size.value;
      });
    });
  }
}

/**
 * A GRID frame's counts once its children are in: appending a child to a grid whose cells are all
 * taken adds a row (Figma puts a new child in the first free cell), which the child leaves empty
 * when it becomes ABSOLUTE; the result's counts are set back.
 */
export function finishGrid(frame: FrameNode | ComponentNode, n: Node): void {
  for (const k of ["gridRowCount", "gridColumnCount"] as const) {
    const v = n[k];
    if (v !== undefined && frame[k] !== v) applying(n.id, k, () => (frame[k] = v));
  }
}

/**
 * Places a node in its parent: by its relativeTransform when it is transformed (its x and y are
 * then its bounding box's, docs/results.md "Transforms"), else at x and y.
 */
export function applyPosition(node: SceneNode, n: Node): void {
  const id = n.id;
  const t = n.relativeTransform;
  if (t !== undefined) {
    applying(id, "relativeTransform", () => (node.relativeTransform = [[t[0][0], t[0][1], t[0][2]], [t[1][0], t[1][1], t[1][2]]]));
    return;
  }
  if (n.x !== undefined) {
    const v = n.x;
    applying(id, "x", () => (node.x = v));
  }
  if (n.y !== undefined) {
    const v = n.y;
    applying(id, "y", () => (node.y = v));
  }
}

/** The auto-layout members of a node as a child and of its own size, set last. */
export function applySizing(node: SceneNode, n: Node): void {
  const id = n.id;
  if (n.gridRowAnchorIndex !== undefined && n.gridColumnAnchorIndex !== undefined && "setGridChildPosition" in node) {
    const row = n.gridRowAnchorIndex;
    const column = n.gridColumnAnchorIndex;
    applying(id, "gridRowAnchorIndex", () => node.setGridChildPosition(row, column));
  }
  if (n.gridRowSpan !== undefined && "gridRowSpan" in node) {
    const v = n.gridRowSpan;
    applying(id, "gridRowSpan", () => (node.gridRowSpan = v));
  }
  if (n.gridColumnSpan !== undefined && "gridColumnSpan" in node) {
    const v = n.gridColumnSpan;
    applying(id, "gridColumnSpan", () => (node.gridColumnSpan = v));
  }
  if (n.gridChildHorizontalAlign !== undefined && "gridChildHorizontalAlign" in node) {
    const v = n.gridChildHorizontalAlign;
    applying(id, "gridChildHorizontalAlign", () => (node.gridChildHorizontalAlign = v));
  }
  if (n.gridChildVerticalAlign !== undefined && "gridChildVerticalAlign" in node) {
    const v = n.gridChildVerticalAlign;
    applying(id, "gridChildVerticalAlign", () => (node.gridChildVerticalAlign = v));
  }
  if (n.layoutPositioning !== undefined && "layoutPositioning" in node) {
    const v = n.layoutPositioning;
    applying(id, "layoutPositioning", () => (node.layoutPositioning = v));
    if (v === "ABSOLUTE") applyPosition(node, n);
  }
  if (n.layoutSizingHorizontal !== undefined && "layoutSizingHorizontal" in node) {
    const v = n.layoutSizingHorizontal;
    applying(id, "layoutSizingHorizontal", () => (node.layoutSizingHorizontal = v));
  }
  if (n.layoutSizingVertical !== undefined && "layoutSizingVertical" in node) {
    const v = n.layoutSizingVertical;
    applying(id, "layoutSizingVertical", () => (node.layoutSizingVertical = v));
  }
  // An auto-layout frame may have hugged its children while they were appended (Figma's sizing
  // modes of a new auto-layout frame): a FIXED axis gets the result's size back.
  if ((node.type === "FRAME" || node.type === "COMPONENT" || node.type === "INSTANCE") && node.layoutMode !== "NONE") {
    // A transformed frame's own size is its untransformed one (width and height are its bounds).
    const ownW = n.untransformedWidth ?? n.width;
    const ownH = n.untransformedHeight ?? n.height;
    const w = node.layoutSizingHorizontal === "FIXED" && ownW !== undefined ? ownW : node.width;
    const h = node.layoutSizingVertical === "FIXED" && ownH !== undefined ? ownH : node.height;
    if (w !== node.width || h !== node.height) applying(id, "width", () => node.resize(Math.max(w, 0.01), Math.max(h, 0.01)));
  }
  // Size limits last: Figma takes them on an auto-layout frame or a child of one, once the
  // node has its size (which respects them).
  for (const k of ["minWidth", "maxWidth", "minHeight", "maxHeight"] as const) {
    const v = n[k];
    if (v !== undefined && k in node) applying(id, k, () => ((node as FrameNode)[k] = v));
  }
}
