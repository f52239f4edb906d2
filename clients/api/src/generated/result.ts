// Generated from docs/schemas/result.schema.json by clients/api/scripts/generate-result-types.mjs
// (npm run generate). Do not edit.

/**
 * The Figma node tree of one conversion, the images it uses, its warnings and (optionally) its fidelity. The rules are defined once in server/artifacts (result.go, tree.go) and checked when the completed callback arrives (a result breaking one is refused with 422 and the job failed) and again when the result is read; docs/results.md lists them with their limits. Unknown members are refused outside the node tree, and a member repeated in the top-level object or anywhere in the tree is refused. Lengths count characters. Rules this schema cannot express are named in the descriptions: node tree depth and node count, unique node ids, nesting of uninterpreted node members, every imageRef resolving, and the job-dependent ones (identity, key prefixes, warning_count). Golden examples: testdata/workers/result.json (version 2: styled text, auto layout, styles, variables, diagnostics) and result.v1.json (version 1, still read). Version 2 (docs/results.md "Version 2") adds styledTextSegments on TEXT nodes, the optional top-level members styles, variables and diagnostics and the node members of auto layout (HORIZONTAL, VERTICAL and GRID), scroll behaviour, style references and components (componentId, componentName, componentVariants, variantOf, variantProperties); a version 1 result has none of them and stays valid. Not expressible here and checked by the backend: a layoutSizing FILL or layoutPositioning ABSOLUTE child needs an auto-layout parent, the grid members of a frame need layoutMode GRID (which needs both counts, and as many track sizes as rows and columns) and those of a child a GRID parent, every child of a GRID frame that is not ABSOLUTE has both anchor indices, its cells within the parent's rows and columns and shared with no other child, every fillStyleId/strokeStyleId names a PAINT style, every textStyleId a TEXT style and every effectStyleId an EFFECT style of styles, a paint style's boundVariables.color names a COLOR variable, and the uses of a component (componentId) have its first use's tree but for what an instance overrides.
 */
export type Result = {
  manifest: {
    kind: "code2des.result";
    /**
     * 1, or 2 for a result with styled text (styledTextSegments), styles, variables, diagnostics or the other version 2 node members. Both are read.
     */
    version: 1 | 2;
    /**
     * The code2des_id of the conversion message.
     */
    code2des_id: string;
    /**
     * The attempt of the conversion message.
     */
    attempt: number;
    /**
     * The nonce of the conversion message, unchanged.
     */
    nonce: string;
    /**
     * The page_import_id of the conversion message.
     */
    page_import_id: string;
    /**
     * The capture_hash of the conversion message.
     */
    capture_hash: string;
    /**
     * Optional (omitted or null): RFC 3339 time the conversion finished; not used by the backend.
     */
    converted_at?: string | null;
  };
  /**
   * The node tree; its root is a FRAME. Also checked (not expressible here): at most 128 levels deep (root = 1) and 50,000 nodes, node ids unique in the tree, no member repeated in one object, uninterpreted members nested at most 32 levels, and every imageRef names an entry of images (an IMAGE paint a raster, an SVG node an image/svg+xml entry, an imageRef inside an uninterpreted member any entry).
   */
  root: Node & {
    type?: "FRAME";
  };
  /**
   * Every image the tree refers to by imageRef, at most 1,000. May be empty; entries the tree does not use are allowed and ignored when the result is read.
   *
   * @maxItems 1000
   */
  images: {
    /**
     * Unique within the result; the imageRef of IMAGE paints and SVG nodes. 1 to 255 characters.
     */
    ref: string;
    /**
     * Full object key under the job's artifact prefix or under its capture's prefix (to reuse a captured asset); checked against the job.
     */
    key: string;
    mime_type: "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "image/svg+xml";
    /**
     * A SHA-256 digest as 64 lowercase hex characters.
     */
    sha256: string;
    /**
     * Stored size in bytes. The reader's per-image and per-result limits (docs/results.md) apply when the result is read.
     */
    byte_size: number;
    /**
     * Image pixels.
     */
    width: number;
    /**
     * Image pixels.
     */
    height: number;
  }[];
  /**
   * Deterministic conversion warnings, at most 10,000; the callback's warning_count equals their number.
   *
   * @maxItems 10000
   */
  warnings: {
    /**
     * A stable UPPER_SNAKE identifier, e.g. FONT_SUBSTITUTED.
     */
    code: string;
    message: string;
    /**
     * Optional (omitted or null): the node the warning is about, 1 to 255 characters.
     */
    node_id?: string | null;
  }[];
  /**
   * Optional (omitted or null): how close the conversion worker's preview of this result (worker/preview: the node tree drawn as Figma would) came to the capture's screenshot (docs/fidelity.md). Written by the reference worker when CONVERT_SELF_CHECK is on; results without it stay valid. The pixel measures (ssim, diff_ratio, compared_width, compared_height, diff_map) are present together or all absent (the preview could not be drawn or compared; a FIDELITY_NOT_MEASURED warning then says why). Also checked (not expressible here): diff_map.key lies under the job's own artifact prefix.
   */
  fidelity?: {
    /**
     * The fidelity format version; a worker bumps it when a measure changes meaning.
     */
    version: 1;
    /**
     * Device pixels per px at which the preview and the screenshot were compared (the capture's device scale factor).
     */
    scale: number;
    /**
     * Mean structural similarity of the greyscale images (1 = identical).
     */
    ssim?: number;
    /**
     * Share of compared pixels with a channel off by more than diff_threshold.
     */
    diff_ratio?: number;
    /**
     * How far (of 255) a channel must be off for a pixel to count as differing.
     */
    diff_threshold: number;
    /**
     * Compared area, device pixels.
     */
    compared_width?: number;
    /**
     * Compared area, device pixels.
     */
    compared_height?: number;
    /**
     * Share of the page's visible words found in TEXT nodes.
     */
    text_coverage: number;
    /**
     * Share of the page's distinct images the result draws.
     */
    image_coverage: number;
    /**
     * The diff map PNG: the screenshot faded, differing pixels red.
     */
    diff_map?: {
      /**
       * Full object key under the job's own artifact prefix.
       */
      key: string;
      mime_type: "image/png";
      /**
       * A SHA-256 digest as 64 lowercase hex characters.
       */
      sha256: string;
      byte_size: number;
      /**
       * PNG pixels.
       */
      width: number;
      /**
       * PNG pixels.
       */
      height: number;
    };
  } | null;
  /**
   * Version 2, optional: the local styles the nodes refer to (fillStyleId, strokeStyleId, textStyleId, effectStyleId), at most 1,000.
   *
   * @maxItems 1000
   */
  styles?: Style[];
  /**
   * Version 2, optional: the page's CSS custom properties of colour or length values as Figma variables in one collection, at most 1,000. Without modes the plugin creates the collection with its one default mode; with modes (a page with a dark theme: Light, Dark), each variable's value is its value in the first mode and valuesByMode its values in the later ones.
   */
  variables?: {
    collection: string;
    /**
     * The collection's modes in order (at most 10, Figma's Professional plan's per collection; the backend's MaxVariableModes), e.g. ["Light", "Dark"]; the page frame shows the first.
     *
     * @minItems 1
     * @maxItems 10
     */
    modes?: [string, ...string[]];
    /**
     * @maxItems 1000
     */
    variables: Variable[];
  };
  /**
   * Version 2, optional: notes for whoever reads the result closely (the fidelity gate, a developer), not losses the user must know about: for example AUTO_LAYOUT_SKIPPED with why a flex container kept absolute positions. At most 10,000; entries as warnings.
   *
   * @maxItems 10000
   */
  diagnostics?: {
    /**
     * A stable UPPER_SNAKE identifier, e.g. FONT_SUBSTITUTED.
     */
    code: string;
    message: string;
    /**
     * Optional (omitted or null): the node the warning is about, 1 to 255 characters.
     */
    node_id?: string | null;
  }[];
};
/**
 * One Figma node. Members other than type, id, name, children, characters, imageRef, fills and strokes are passed to the plugin unchecked (JSON nesting at most 32 levels; an imageRef string inside them must still resolve). The Figma members a conversion writes besides them (x, y, width, height, opacity, blendMode, strokes' weights and alignment, corner radii, effects, clipsContent, typography, vectorPaths, constraints) are described here with the Figma Plugin API's names, shapes and values, so that the plugin's types are Figma's; the backend does not check them. Version 2 members (Figma Plugin API names and values) are checked: auto layout (layoutMode, layoutWrap, padding*, itemSpacing, counterAxisSpacing, primaryAxisAlignItems, counterAxisAlignItems, itemReverseZIndex), grid auto layout (gridRowCount, gridColumnCount, gridRowGap, gridColumnGap, gridRowSizes, gridColumnSizes; on children gridRowAnchorIndex, gridColumnAnchorIndex, gridRowSpan, gridColumnSpan, gridChildHorizontalAlign, gridChildVerticalAlign), child sizing (layoutSizingHorizontal/Vertical, layoutPositioning, minWidth, maxWidth, minHeight, maxHeight), scrollBehavior, the style references fillStyleId, strokeStyleId, textStyleId and effectStyleId, and the component members componentId, componentName, componentVariants, variantOf and variantProperties. The text members textTruncation, maxLines, textWrapStyle, paragraphIndent, hangingList, listMarker and listText are checked (their values and bounds; TEXT only; maxLines only with textTruncation ENDING; a listMarker TEXT only beside a TEXT with list ranges; a listText's ranges and the siblings it replaces), as are a segment's listOptions and listSpacing. relativeTransform with untransformedWidth and untransformedHeight (together or not at all) is checked too: finite numbers, a transform that can be inverted.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "node".
 */
export type Node = {
  type: "FRAME" | "GROUP" | "TEXT" | "RECTANGLE" | "ELLIPSE" | "LINE" | "VECTOR" | "SVG";
  /**
   * Unique within the tree; warnings refer to it. 1 to 255 characters.
   */
  id: string;
  /**
   * May be empty.
   */
  name: string;
  /**
   * px, relative to the parent frame (as Figma's x).
   */
  x?: number;
  /**
   * px, relative to the parent frame.
   */
  y?: number;
  /**
   * px (Figma's resize; 0 is kept as 0.01 by Figma for a LINE's height).
   */
  width?: number;
  /**
   * px.
   */
  height?: number;
  relativeTransform?: Transform;
  /**
   * px: the width of a transformed node before its transform (the width to resize it to). A transformed node (CSS transform: rotate, scale, skew, matrix) has relativeTransform (Figma's: it maps the node's own untransformed space, 0,0 at its top left, into its parent's; numbers within ±1e7, |a*d - b*c| at least 1e-6), untransformedWidth and untransformedHeight; its x, y, width and height are then its bounding box in its parent (what a reader that ignores the transform draws), and its children are in its untransformed space.
   */
  untransformedWidth?: number;
  /**
   * px: the height of a node with relativeTransform before the transform.
   */
  untransformedHeight?: number;
  /**
   * Figma's SceneNode.visible; absent means visible.
   */
  visible?: boolean;
  opacity?: number;
  blendMode?: BlendMode;
  /**
   * Figma's Constraints: how the node follows its parent frame when the frame is resized. The converter writes it where the page tells how a layer follows its frame (docs/conversion.md "Constraints": an ABSOLUTE or positioned layer STRETCHes where it reaches both edges of its frame and is MAX where it reaches the end edge alone; a block in the flow of a frame without auto layout STRETCHes across where it fills its container's width, or is CENTER where capped at its max-width and centred). Not checked, but on an ABSOLUTE layer of a component's use a STRETCH axis lets the uses differ in its size there (docs/results.md "Components").
   */
  constraints?: {
    horizontal: ConstraintType;
    vertical: ConstraintType;
  };
  /**
   * The node's paints, bottom first. On an SVG node, an IMAGE paint is its raster form, drawn only when Figma refuses the SVG.
   */
  fills?: Paint[];
  strokes?: Paint[];
  /**
   * px.
   */
  strokeWeight?: number;
  /**
   * px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights).
   */
  strokeTopWeight?: number;
  /**
   * px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights).
   */
  strokeRightWeight?: number;
  /**
   * px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights).
   */
  strokeBottomWeight?: number;
  /**
   * px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights).
   */
  strokeLeftWeight?: number;
  strokeAlign?: "INSIDE" | "OUTSIDE" | "CENTER";
  /**
   * Dash and gap lengths in px, alternating.
   */
  dashPattern?: number[];
  /**
   * px, all four corners.
   */
  cornerRadius?: number;
  /**
   * px, one corner (Figma's per-corner radius).
   */
  topLeftRadius?: number;
  /**
   * px, one corner (Figma's per-corner radius).
   */
  topRightRadius?: number;
  /**
   * px, one corner (Figma's per-corner radius).
   */
  bottomRightRadius?: number;
  /**
   * px, one corner (Figma's per-corner radius).
   */
  bottomLeftRadius?: number;
  effects?: Effect[];
  /**
   * FRAME only.
   */
  clipsContent?: boolean;
  /**
   * FRAME and GROUP nodes only.
   */
  children?: Node[];
  /**
   * TEXT nodes: the text (required).
   */
  characters?: string;
  fontName?: FontName;
  fontSize?: number;
  /**
   * The CSS weight of fontName (Figma reads it from the font; the plugin checks it against the first segment's).
   */
  fontWeight?: number;
  lineHeight?: LineHeight;
  letterSpacing?: LetterSpacing;
  textAlignHorizontal?: "LEFT" | "CENTER" | "RIGHT" | "JUSTIFIED";
  textAlignVertical?: "TOP" | "CENTER" | "BOTTOM";
  textAutoResize?: "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE";
  textCase?: TextCase;
  textDecoration?: TextDecoration;
  textDecorationStyle?: TextDecorationStyle;
  textDecorationOffset?: TextDecorationLength;
  textDecorationThickness?: TextDecorationLength;
  textDecorationColor?: TextDecorationColor;
  /**
   * ENDING: the text ends with an ellipsis after maxLines lines (CSS text-overflow: ellipsis, -webkit-line-clamp); Figma's TextNode.textTruncation.
   */
  textTruncation?: "DISABLED" | "ENDING";
  /**
   * How many lines a truncated TEXT shows (TextNode.maxLines; only with textTruncation ENDING), at most 10,000.
   */
  maxLines?: number;
  /**
   * TEXT only: how the lines of a wrapping TEXT are broken (Figma's TextNode.textWrapStyle; absent: AUTO, each line as full as it fits). BALANCE: lines of about one width (CSS text-wrap: balance); PRETTY: the last lines broken so no word stands alone (CSS text-wrap: pretty). A reader that ignores it breaks the lines as AUTO does.
   */
  textWrapStyle?: "AUTO" | "BALANCE" | "PRETTY";
  /**
   * px, the first line's indent (at most 100,000).
   */
  paragraphIndent?: number;
  /**
   * TEXT only: the markers of its list ranges (a segment's listOptions) hang outside its box, left of the text, where CSS draws an outside marker (TextNode.hangingList).
   */
  hangingList?: boolean;
  /**
   * TEXT only: this TEXT draws one list marker of a sibling TEXT (in the same parent) whose ranges are a Figma list (listOptions) drawing the same marker. A reader that ignores listOptions draws it, and so draws the same picture; a reader that draws listOptions leaves this node out (the plugin does). Only true is written.
   */
  listMarker?: boolean;
  listText?: ListText;
  /**
   * SVG nodes only: the ref of an image/svg+xml entry, created with figma.createNodeFromSvg.
   */
  imageRef?: string;
  /**
   * VECTOR nodes: Figma's VectorPaths.
   */
  vectorPaths?: {
    windingRule: "NONZERO" | "EVENODD" | "NONE";
    data: string;
  }[];
  /**
   * FRAME only: auto layout direction, or GRID (Figma's grid auto layout: gridRowCount, gridColumnCount, gaps and track sizes, each flowing child placed by its anchor indices and spans). A reader that ignores auto layout draws the same picture from every node's x, y, width and height.
   */
  layoutMode?: "NONE" | "HORIZONTAL" | "VERTICAL" | "GRID";
  /**
   * WRAP only with layoutMode HORIZONTAL.
   */
  layoutWrap?: "NO_WRAP" | "WRAP";
  /**
   * px, auto-layout frames only (HORIZONTAL, VERTICAL or GRID).
   */
  paddingLeft?: number;
  /**
   * px, auto-layout frames only (HORIZONTAL, VERTICAL or GRID).
   */
  paddingRight?: number;
  /**
   * px, auto-layout frames only (HORIZONTAL, VERTICAL or GRID).
   */
  paddingTop?: number;
  /**
   * px, auto-layout frames only (HORIZONTAL, VERTICAL or GRID).
   */
  paddingBottom?: number;
  /**
   * px between flowing children, HORIZONTAL and VERTICAL frames only (Figma allows negative spacing).
   */
  itemSpacing?: number;
  /**
   * px between wrapped rows; only with layoutWrap WRAP.
   */
  counterAxisSpacing?: number;
  /**
   * true: the frame paints its first child on top, the last at the bottom (the reverse of the layer order), as a page paints items laid out in the reverse of their paint order (a row laid out right to left). Auto-layout frames only (layoutMode HORIZONTAL, VERTICAL or GRID); absent means false.
   */
  itemReverseZIndex?: boolean;
  /**
   * HORIZONTAL and VERTICAL frames only.
   */
  primaryAxisAlignItems?: "MIN" | "CENTER" | "MAX" | "SPACE_BETWEEN";
  /**
   * HORIZONTAL and VERTICAL frames only; BASELINE only with layoutMode HORIZONTAL.
   */
  counterAxisAlignItems?: "MIN" | "CENTER" | "MAX" | "BASELINE";
  /**
   * HUG: auto-layout frames and TEXT only; FILL: children of auto-layout frames only.
   */
  layoutSizingHorizontal?: "FIXED" | "HUG" | "FILL";
  /**
   * As layoutSizingHorizontal.
   */
  layoutSizingVertical?: "FIXED" | "HUG" | "FILL";
  /**
   * ABSOLUTE: a child of an auto-layout frame that keeps its x and y.
   */
  layoutPositioning?: "AUTO" | "ABSOLUTE";
  /**
   * Version 2: CSS min-width in px of the node's box (Figma's minWidth), on an auto-layout frame or a child of one (checked by the backend, as is a minimum not over its maximum).
   */
  minWidth?: number;
  /**
   * Version 2: CSS max-width in px of the node's box (Figma's maxWidth), on an auto-layout frame or a child of one (checked by the backend, as is a minimum not over its maximum).
   */
  maxWidth?: number;
  /**
   * Version 2: CSS min-height in px of the node's box (Figma's minHeight), on an auto-layout frame or a child of one (checked by the backend, as is a minimum not over its maximum).
   */
  minHeight?: number;
  /**
   * Version 2: CSS max-height in px of the node's box (Figma's maxHeight), on an auto-layout frame or a child of one (checked by the backend, as is a minimum not over its maximum).
   */
  maxHeight?: number;
  /**
   * GRID frames only (required there): the number of rows.
   */
  gridRowCount?: number;
  /**
   * GRID frames only (required there): the number of columns.
   */
  gridColumnCount?: number;
  /**
   * px between rows, GRID frames only.
   */
  gridRowGap?: number;
  /**
   * px between columns, GRID frames only.
   */
  gridColumnGap?: number;
  /**
   * GRID frames only: one size per row, top to bottom, in order; as many as gridRowCount.
   *
   * @minItems 1
   * @maxItems 1000
   */
  gridRowSizes?: [GridTrackSize, ...GridTrackSize[]];
  /**
   * GRID frames only: one size per column, left to right, in order; as many as gridColumnCount.
   *
   * @minItems 1
   * @maxItems 1000
   */
  gridColumnSizes?: [GridTrackSize, ...GridTrackSize[]];
  /**
   * A child of a GRID frame (required on every child that is not ABSOLUTE): the 0-based row of its first cell, below the parent's gridRowCount; the plugin places it with setGridChildPosition.
   */
  gridRowAnchorIndex?: number;
  /**
   * A child of a GRID frame (required on every child that is not ABSOLUTE): the 0-based column of its first cell, below the parent's gridColumnCount; the plugin places it with setGridChildPosition.
   */
  gridColumnAnchorIndex?: number;
  /**
   * A child of a GRID frame: how many rows it covers (absent: 1); gridRowAnchorIndex plus the span is at most the parent's gridRowCount, and no two children of a GRID frame cover the same cell.
   */
  gridRowSpan?: number;
  /**
   * A child of a GRID frame: how many columns it covers (absent: 1); gridColumnAnchorIndex plus the span is at most the parent's gridColumnCount, and no two children of a GRID frame cover the same cell.
   */
  gridColumnSpan?: number;
  /**
   * A child of a GRID frame: its horizontal alignment in its cells (absent: AUTO, a child that fills them).
   */
  gridChildHorizontalAlign?: "MIN" | "CENTER" | "MAX" | "AUTO";
  /**
   * A child of a GRID frame: its vertical alignment in its cells (absent: AUTO, a child that fills them).
   */
  gridChildVerticalAlign?: "MIN" | "CENTER" | "MAX" | "AUTO";
  /**
   * FIXED: a position: fixed element, a child of the root; STICKY_SCROLLS: a position: sticky child of the root. The REST API's name: the Plugin API has none per node, so the plugin sets the parent frame's numberOfFixedChildren when the FIXED children are its last (topmost) ones and reports the others, and STICKY_SCROLLS, as not applied.
   */
  scrollBehavior?: "SCROLLS" | "FIXED" | "STICKY_SCROLLS";
  /**
   * The id of a PAINT style of styles; the node's fills equal its paints.
   */
  fillStyleId?: string;
  /**
   * The id of a PAINT style of styles.
   */
  strokeStyleId?: string;
  /**
   * TEXT nodes only: the id of a TEXT style of styles.
   */
  textStyleId?: string;
  /**
   * The id of an EFFECT style of styles; the node's effects equal its effects.
   */
  effectStyleId?: string;
  /**
   * Version 2, FRAME nodes only: the node is one use of a repeated subtree, an INSTANCE of the component this id names (Figma REST's INSTANCE.componentId; at most 1,000 components). The node keeps its whole tree, so a reader that ignores componentId draws the same picture. Also checked (not expressible here): the first use of each id in document order has componentName and the plugin makes the main COMPONENT from its tree; every other use has that tree (the same node types, child counts and members, node members in any order, values as written) but for what an instance overrides: id, name, visible, characters, styledTextSegments, fills and fillStyleId on any node, and on the use itself x, y, constraints, layoutPositioning, layoutSizingHorizontal, layoutSizingVertical, the grid child members and scrollBehavior. A use's root that is a HORIZONTAL or VERTICAL frame without WRAP may have another width and height where it is not HUG (the plugin resizes the instance); a layer inside a use may have another size where Figma's auto layout sizes it once characters change (a growing TEXT, a hugging frame, a FILL layer, an ABSOLUTE layer whose constraints STRETCH it). A use may hold uses of other components (nested instances); componentId is not overridable, so every use holds uses of the same components at the same places (docs/results.md "Components").
   */
  componentId?: string;
  /**
   * Version 2: the name of the component, on its first use only (with componentId); the plugin names the main COMPONENT with it.
   */
  componentName?: string;
  /**
   * Version 2, on a component's first use only (with componentName): the component's other states, each a variant of one component set (Figma's ComponentSetNode) whose main COMPONENT is the variant State=Default; the plugin clones the main component for each, sets the overrides on the clone's layers and combines them (figma.combineAsVariants). The page's instances stay in State=Default, so a reader that ignores componentVariants draws the same picture. Also checked (not expressible here): State values once each; every override's id names a node of the use's subtree (the use included), each once a variant; styledTextSegments only on a TEXT, covering its characters as the node's own (docs/results.md "Components").
   *
   * @minItems 1
   * @maxItems 2
   */
  componentVariants?: [ComponentVariant] | [ComponentVariant, ComponentVariant];
  /**
   * Version 2, on a component's first use only (with componentName and variantProperties): the componentId of the component whose component set (Figma's ComponentSetNode) this component is a variant of; that component is the set's variant Variant=Default. Siblings of one kind that differ in more than an instance overrides (a nav's current link with another padding, a featured card) are components of one set. A reader that ignores it draws the same picture. Also checked (not expressible here): it names another component of the tree, which has no variantOf itself; at most 8 components a set, the Default included; no componentVariants beside it (docs/results.md "Components").
   */
  variantOf?: string;
  /**
   * Version 2, with variantOf and only with it: the variant's value of its set's Variant property, as Figma's ComponentNode.variantProperties; the plugin names the variant's COMPONENT Variant=<value>. Also checked (not expressible here): each value once a set.
   */
  variantProperties?: {
    /**
     * Without "," and "=", which separate the properties and values of a variant component's name in Figma (Variant=<value>, State=Default).
     */
    Variant: string;
  };
  /**
   * TEXT nodes of version-2 results only: ranges of characters in one style each, with the members of Figma's StyledTextSegment (getStyledTextSegments; the plugin applies each with setRange*). start and end count UTF-16 code units (JavaScript string offsets), end exclusive. Also checked (not expressible here): start < end <= the characters' length, not splitting a surrogate pair; the first starts at 0, each next where the one before ends, the last ends at the characters' length (in order, no overlap, no gap: the segments cover the characters exactly; none for empty characters, at least one otherwise); a segment's characters equal its range; styledTextSegments in a version-1 result is refused. The node-level typography members are the first segment's.
   */
  styledTextSegments?: StyledTextSegment[];
};
/**
 * Figma's Transform: a 2x3 affine matrix [[a, c, e], [b, d, f]].
 *
 * @minItems 2
 * @maxItems 2
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "transform".
 */
export type Transform = [[number, number, number], [number, number, number]];
/**
 * Figma's BlendMode.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "blendMode".
 */
export type BlendMode =
  | "PASS_THROUGH"
  | "NORMAL"
  | "DARKEN"
  | "MULTIPLY"
  | "LINEAR_BURN"
  | "COLOR_BURN"
  | "LIGHTEN"
  | "SCREEN"
  | "LINEAR_DODGE"
  | "COLOR_DODGE"
  | "OVERLAY"
  | "SOFT_LIGHT"
  | "HARD_LIGHT"
  | "DIFFERENCE"
  | "EXCLUSION"
  | "HUE"
  | "SATURATION"
  | "COLOR"
  | "LUMINOSITY";
/**
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "constraintType".
 */
export type ConstraintType = "MIN" | "CENTER" | "MAX" | "STRETCH" | "SCALE";
/**
 * A Figma Paint: SOLID, a gradient, or IMAGE naming a raster entry of images by imageRef (other paints have no imageRef). Members are Figma's (SolidPaint, GradientPaint, ImagePaint); the backend checks only type and imageRef. discriminator (OpenAPI's keyword, an annotation to JSON Schema) names the member that selects the branch, so a validator reports the errors of that branch only.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "paint".
 */
export type Paint = SolidPaint | GradientPaint | ImagePaint;
/**
 * A Figma Effect.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "effect".
 */
export type Effect = DropShadowEffect | InnerShadowEffect | BlurEffect;
/**
 * Figma's LineHeight.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "lineHeight".
 */
export type LineHeight =
  | {
      value: number;
      unit: "PIXELS" | "PERCENT";
    }
  | {
      unit: "AUTO";
    };
/**
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "textCase".
 */
export type TextCase =
  "ORIGINAL" | "UPPER" | "LOWER" | "TITLE" | "SMALL_CAPS" | "SMALL_CAPS_FORCED";
/**
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "textDecoration".
 */
export type TextDecoration = "NONE" | "UNDERLINE" | "STRIKETHROUGH";
/**
 * How a decoration line is drawn (Figma's TextDecorationStyle); absent: SOLID. CSS dashed is written DOTTED and double SOLID, with a TEXT_DECORATION_STYLE warning.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "textDecorationStyle".
 */
export type TextDecorationStyle = "SOLID" | "WAVY" | "DOTTED";
/**
 * Figma's GridTrackSize: FIXED (value: px), FLEX (value: the share of the free room, as a CSS fr; absent: 1) or HUG (sized by the children placed in the track alone; no value).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "gridTrackSize".
 */
export type GridTrackSize = {
  type: "FIXED" | "FLEX" | "HUG";
  value?: number;
};
/**
 * One variant of a component set: Figma's ComponentNode.variantProperties, the paint members of the main component's layers that differ in it, and its rescale.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "componentVariant".
 */
export type ComponentVariant = ComponentVariant1 & {
  variantProperties: {
    /**
     * The state the variant shows (the main component is Default).
     */
    State: "Hover" | "Focus";
  };
  /**
   * At most 500; each id once. Empty only in a variant that rescales.
   *
   * @maxItems 500
   */
  overrides: VariantOverride[];
  /**
   * The factor the variant is scaled by with its layers, as Figma's rescale(scale) scales a node (a hover's CSS scale(1.05) is 1.05); absent: not scaled. A reader that ignores it draws the variant at the main component's size.
   */
  rescale?: number;
};
export type ComponentVariant1 =
  | {
      overrides?: {
        [k: string]: unknown | undefined;
      };
    }
  | {
      [k: string]: unknown | undefined;
    };
/**
 * A local style: PAINT (paints: SOLID or gradient paints, no IMAGE; a paint may bind its color to a COLOR variable), TEXT (fontName, fontSize, lineHeight, letterSpacing, textCase, textDecoration, textWrapStyle, as Figma's TextStyle) or EFFECT (effects: shadows and blurs, as Figma's EffectStyle). Ids are unique among styles.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "style".
 */
export type Style = PaintStyle | TextStyle | EffectStyle;
/**
 * A Figma variable of the collection, with its value in the collection's one mode.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "variable".
 */
export type Variable = ColorVariable | FloatVariable;

/**
 * Figma's SolidPaint.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "solidPaint".
 */
export interface SolidPaint {
  type: "SOLID";
  color: Rgb;
  visible?: boolean;
  opacity?: number;
  blendMode?: BlendMode;
  boundVariables?: {
    color?: VariableAlias;
  };
}
/**
 * A colour, channels 0-1 (Figma's RGB).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "rgb".
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}
/**
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "variable_alias".
 */
export interface VariableAlias {
  type: "VARIABLE_ALIAS";
  id: string;
}
/**
 * Figma's GradientPaint.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "gradientPaint".
 */
export interface GradientPaint {
  type: "GRADIENT_LINEAR" | "GRADIENT_RADIAL" | "GRADIENT_ANGULAR" | "GRADIENT_DIAMOND";
  gradientTransform: Transform;
  /**
   * @minItems 1
   */
  gradientStops: [ColorStop, ...ColorStop[]];
  visible?: boolean;
  opacity?: number;
  blendMode?: BlendMode;
}
/**
 * Figma's ColorStop. boundVariables.color binds the stop's colour to a COLOR variable of the result (a gradient colour the page's dark theme changes; color is the variable's Light value).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "colorStop".
 */
export interface ColorStop {
  position: number;
  color: Rgba;
  boundVariables?: {
    color?: VariableAlias;
  };
}
/**
 * A colour with alpha, 0-1 (Figma's RGBA).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "rgba".
 */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}
/**
 * Figma's ImagePaint, with imageRef naming the image.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "imagePaint".
 */
export interface ImagePaint {
  type: "IMAGE";
  /**
   * The ref of a raster entry of images (Figma's ImagePaint has imageHash instead: the plugin creates the image and sets it).
   */
  imageRef: string;
  scaleMode: "FILL" | "FIT" | "CROP" | "TILE";
  imageTransform?: Transform;
  scalingFactor?: number;
  rotation?: 0 | 90 | 180 | 270;
  visible?: boolean;
  opacity?: number;
  blendMode?: BlendMode;
}
/**
 * Figma's DropShadowEffect.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "dropShadowEffect".
 */
export interface DropShadowEffect {
  type: "DROP_SHADOW";
  color: Rgba;
  offset: {
    x: number;
    y: number;
  };
  radius: number;
  spread?: number;
  visible: boolean;
  blendMode: BlendMode;
  showShadowBehindNode?: boolean;
  /**
   * The shadow's colour bound to a COLOR variable of the result's variables (Figma's setBoundVariableForEffect). The converter writes it on an EFFECT style's shadows, where a dark theme changes the colour; the backend checks it there (a VARIABLE_ALIAS naming a COLOR variable).
   */
  boundVariables?: {
    color?: VariableAlias;
  };
}
/**
 * Figma's InnerShadowEffect.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "innerShadowEffect".
 */
export interface InnerShadowEffect {
  type: "INNER_SHADOW";
  color: Rgba;
  offset: {
    x: number;
    y: number;
  };
  radius: number;
  spread?: number;
  visible: boolean;
  blendMode: BlendMode;
  /**
   * The shadow's colour bound to a COLOR variable of the result's variables (Figma's setBoundVariableForEffect). The converter writes it on an EFFECT style's shadows, where a dark theme changes the colour; the backend checks it there (a VARIABLE_ALIAS naming a COLOR variable).
   */
  boundVariables?: {
    color?: VariableAlias;
  };
}
/**
 * Figma's BlurEffect (a normal blur).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "blurEffect".
 */
export interface BlurEffect {
  type: "LAYER_BLUR" | "BACKGROUND_BLUR";
  radius: number;
  visible: boolean;
  /**
   * Figma's BlurEffect has blurType (NORMAL or PROGRESSIVE) since progressive blurs; results written before it have none, which means NORMAL.
   */
  blurType?: "NORMAL";
}
/**
 * Figma's FontName.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "fontName".
 */
export interface FontName {
  family: string;
  style: string;
}
/**
 * Figma's LetterSpacing.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "letterSpacing".
 */
export interface LetterSpacing {
  value: number;
  unit: "PIXELS" | "PERCENT";
}
/**
 * Figma's TextDecorationOffset or TextDecorationThickness; absent: AUTO (the font's).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "textDecorationLength".
 */
export interface TextDecorationLength {
  value: number;
  unit: "PIXELS" | "PERCENT";
}
/**
 * Figma's TextDecorationColor of a given colour; absent: AUTO (the text's colour).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "textDecorationColor".
 */
export interface TextDecorationColor {
  value: SolidPaint;
}
/**
 * TEXT only, the format's member (not Figma's), on the first item's TEXT of a list whose items have the same space between them: the one TEXT Figma's list draws for all the items. A reader that draws it gives this TEXT the characters, height and styledTextSegments here (the items as paragraphs with listOptions and listSpacing) and leaves out the sibling TEXTs of replaces (every item's marker and the items after the first); a reader that ignores it draws those siblings, each where the page drew it: the same picture. Never in an auto-layout parent.
 */
export interface ListText {
  /**
   * The items' characters, joined by "\n" (each item one paragraph).
   */
  characters: string;
  /**
   * px, from the first item's top to the last item's bottom (0 to 100,000).
   */
  height: number;
  /**
   * The items' ranges covering characters (the styled text rules), with listOptions and listSpacing; at least one a list.
   */
  styledTextSegments: StyledTextSegment[];
  /**
   * The ids of the sibling TEXTs (same parent) the list TEXT draws: every item's marker and the items after the first; each at most once.
   *
   * @minItems 1
   * @maxItems 50000
   */
  replaces: [string, ...string[]];
}
/**
 * One styled text segment. Members other than start, end, characters, fills, listOptions, listSpacing and textStyleId pass to the plugin unchecked; the converter writes all of those listed here (textStyleId where the range's typography is a text style's).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "styledTextSegment".
 */
export interface StyledTextSegment {
  /**
   * The range's characters (optional; equal to the node's characters from start to end).
   */
  characters?: string;
  start: number;
  end: number;
  fontName?: FontName;
  fontSize?: number;
  fontWeight?: number;
  fills?: Paint[];
  textDecoration?: TextDecoration;
  textDecorationStyle?: TextDecorationStyle;
  textDecorationOffset?: TextDecorationLength;
  textDecorationThickness?: TextDecorationLength;
  textDecorationColor?: TextDecorationColor;
  letterSpacing?: LetterSpacing;
  textCase?: TextCase;
  /**
   * Figma's HyperlinkTarget, or null.
   */
  hyperlink?: null | {
    type: "URL" | "NODE";
    value: string;
  };
  /**
   * Figma's TextListOptions of the range's paragraphs (setRangeListOptions): ORDERED (numbers 1., 2., …) or UNORDERED (bullets) list items; NONE or absent: no list.
   */
  listOptions?: {
    type: "ORDERED" | "UNORDERED" | "NONE";
  };
  /**
   * px, the space Figma's list puts between the range's list paragraphs and the next item (setRangeListSpacing; 0 to 100,000); absent: 0.
   */
  listSpacing?: number;
  /**
   * The id of a TEXT style of styles the range is set in (Figma's setRangeTextStyleIdAsync): its typography equals the style's, with the node's lineHeight. The converter writes it on the ranges of a TEXT of several ranges whose typography is a style's that a TEXT of one range has; a reader that ignores it draws the same picture. Checked by the backend (it names a TEXT style).
   */
  textStyleId?: string;
}
/**
 * The members of one layer of a variant that differ from the main component (only paint members and visible; each present only where it differs; an empty list clears the paints).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "variantOverride".
 */
export interface VariantOverride {
  /**
   * A node of the first use's subtree (the use itself included).
   */
  id: string;
  /**
   * Figma's SceneNode.visible in the variant: true shows a layer hidden in Default (an outline ring the state draws).
   */
  visible?: boolean;
  opacity?: number;
  fills?: Paint[];
  strokes?: Paint[];
  /**
   * px.
   */
  strokeWeight?: number;
  /**
   * px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights).
   */
  strokeTopWeight?: number;
  /**
   * px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights).
   */
  strokeRightWeight?: number;
  /**
   * px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights).
   */
  strokeBottomWeight?: number;
  /**
   * px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights).
   */
  strokeLeftWeight?: number;
  effects?: Effect[];
  textDecoration?: TextDecoration;
  /**
   * A TEXT's segments in the variant, covering its characters as the node's own do.
   */
  styledTextSegments?: StyledTextSegment[];
}
/**
 * A PAINT style: 1 to 16 SOLID or gradient paints (no IMAGE); a SOLID paint may bind its color to a COLOR variable.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "paintStyle".
 */
export interface PaintStyle {
  type: "PAINT";
  id: string;
  /**
   * Slash-separated groups, e.g. Color/brand, Text/Body 16.
   */
  name: string;
  description?: string;
  /**
   * @minItems 1
   * @maxItems 16
   */
  paints: [SolidPaint | GradientPaint, ...(SolidPaint | GradientPaint)[]];
}
/**
 * A TEXT style, as Figma's TextStyle.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "textStyle".
 */
export interface TextStyle {
  type: "TEXT";
  id: string;
  /**
   * Slash-separated groups, e.g. Color/brand, Text/Body 16.
   */
  name: string;
  description?: string;
  fontName: FontName;
  fontSize: number;
  lineHeight?: LineHeight;
  letterSpacing?: LetterSpacing;
  textCase?: "ORIGINAL" | "UPPER" | "LOWER" | "TITLE";
  textDecoration?: TextDecoration;
  /**
   * How the lines of the TEXTs set in the style are broken (Figma's TextStyle.textWrapStyle; absent: AUTO), the node's textWrapStyle of those TEXTs: binding the style keeps it. A reader that ignores it creates an AUTO style, and binding that style to a TEXT whose textWrapStyle it set resets it to AUTO: its lines break as for a reader that ignores textWrapStyle.
   */
  textWrapStyle?: "AUTO" | "BALANCE" | "PRETTY";
}
/**
 * An EFFECT style: 1 to 16 effects (Figma's EffectStyle); the converter makes one of a list of effects that at least two nodes have, and those nodes name it by effectStyleId. Also checked: radius, spread and offsets at most 100,000 px (absolute), a shadow's color in 0-1.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "effectStyle".
 */
export interface EffectStyle {
  type: "EFFECT";
  id: string;
  /**
   * Slash-separated groups, e.g. Shadow/Drop 0 4 12, Blur/Background 16.
   */
  name: string;
  description?: string;
  /**
   * @minItems 1
   * @maxItems 16
   */
  effects: [Effect, ...Effect[]];
}
/**
 * A COLOR variable: value {r, g, b, a} in 0-1.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "colorVariable".
 */
export interface ColorVariable {
  id: string;
  /**
   * Slash-separated groups, e.g. color/brand, size/space-4.
   */
  name: string;
  resolvedType: "COLOR";
  value: Rgba;
  /**
   * The variable's value in each later mode where it differs from value, keyed by mode name: only modes of the collection after the first (the backend checks it); a mode left out has value.
   */
  valuesByMode?: {
    [k: string]: Rgba | undefined;
  };
  codeSyntax?: {
    WEB: string;
  };
}
/**
 * A FLOAT variable: value a number (px for lengths).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "floatVariable".
 */
export interface FloatVariable {
  id: string;
  /**
   * Slash-separated groups, e.g. color/brand, size/space-4.
   */
  name: string;
  resolvedType: "FLOAT";
  /**
   * px for lengths.
   */
  value: number;
  /**
   * The variable's value in each later mode where it differs from value, keyed by mode name: only modes of the collection after the first (the backend checks it); a mode left out has value.
   */
  valuesByMode?: {
    [k: string]: number | undefined;
  };
  codeSyntax?: {
    WEB: string;
  };
}
/**
 * A list whose items have space between them, as the one TEXT Figma's list draws (a TEXT's listText).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "listText".
 */
export interface ListText1 {
  /**
   * The items' characters, joined by "\n" (each item one paragraph).
   */
  characters: string;
  /**
   * px, from the first item's top to the last item's bottom (0 to 100,000).
   */
  height: number;
  /**
   * The items' ranges covering characters (the styled text rules), with listOptions and listSpacing; at least one a list.
   */
  styledTextSegments: StyledTextSegment[];
  /**
   * The ids of the sibling TEXTs (same parent) the list TEXT draws: every item's marker and the items after the first; each at most once.
   *
   * @minItems 1
   * @maxItems 50000
   */
  replaces: [string, ...string[]];
}
