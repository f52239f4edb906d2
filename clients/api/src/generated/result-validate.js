// Generated from docs/schemas/result.schema.json by clients/api/scripts/generate-result-types.mjs
// (npm run generate). Do not edit.
// @ts-nocheck
"use strict";
export const validateRoot = validate77;
const schema108 = {"description":"The node tree; its root is a FRAME. Also checked (not expressible here): at most 128 levels deep (root = 1) and 50,000 nodes, node ids unique in the tree, no member repeated in one object, uninterpreted members nested at most 32 levels, and every imageRef names an entry of images (an IMAGE paint a raster, an SVG node an image/svg+xml entry, an imageRef inside an uninterpreted member any entry).","allOf":[{"$ref":"#/$defs/node"},{"properties":{"type":{"const":"FRAME"}}}]};
const schema38 = {"description":"One Figma node. Members other than type, id, name, children, characters, imageRef, fills and strokes are passed to the plugin unchecked (JSON nesting at most 32 levels; an imageRef string inside them must still resolve). The Figma members a conversion writes besides them (x, y, width, height, opacity, blendMode, strokes' weights and alignment, corner radii, effects, clipsContent, typography, vectorPaths, constraints) are described here with the Figma Plugin API's names, shapes and values, so that the plugin's types are Figma's; the backend does not check them. Version 2 members (Figma Plugin API names and values) are checked: auto layout (layoutMode, layoutWrap, padding*, itemSpacing, counterAxisSpacing, primaryAxisAlignItems, counterAxisAlignItems, itemReverseZIndex), grid auto layout (gridRowCount, gridColumnCount, gridRowGap, gridColumnGap, gridRowSizes, gridColumnSizes; on children gridRowAnchorIndex, gridColumnAnchorIndex, gridRowSpan, gridColumnSpan, gridChildHorizontalAlign, gridChildVerticalAlign), child sizing (layoutSizingHorizontal/Vertical, layoutPositioning, minWidth, maxWidth, minHeight, maxHeight), scrollBehavior, the style references fillStyleId, strokeStyleId, textStyleId and effectStyleId, and the component members componentId, componentName, componentVariants, variantOf and variantProperties. The text members textTruncation, maxLines, textWrapStyle, paragraphIndent, hangingList, listMarker and listText are checked (their values and bounds; TEXT only; maxLines only with textTruncation ENDING; a listMarker TEXT only beside a TEXT with list ranges; a listText's ranges and the siblings it replaces), as are a segment's listOptions and listSpacing. relativeTransform with untransformedWidth and untransformedHeight (together or not at all) is checked too: finite numbers, a transform that can be inverted.","type":"object","required":["type","id","name"],"dependentRequired":{"relativeTransform":["untransformedWidth","untransformedHeight"],"untransformedWidth":["relativeTransform","untransformedHeight"],"untransformedHeight":["relativeTransform","untransformedWidth"],"gridRowAnchorIndex":["gridColumnAnchorIndex"],"gridColumnAnchorIndex":["gridRowAnchorIndex"]},"properties":{"type":{"enum":["FRAME","GROUP","TEXT","RECTANGLE","ELLIPSE","LINE","VECTOR","SVG"]},"id":{"description":"Unique within the tree; warnings refer to it. 1 to 255 characters.","type":"string","minLength":1,"maxLength":255},"name":{"type":"string","description":"May be empty."},"x":{"type":"number","description":"px, relative to the parent frame (as Figma's x)."},"y":{"type":"number","description":"px, relative to the parent frame."},"width":{"type":"number","minimum":0,"description":"px (Figma's resize; 0 is kept as 0.01 by Figma for a LINE's height)."},"height":{"type":"number","minimum":0,"description":"px."},"relativeTransform":{"$ref":"#/$defs/transform"},"untransformedWidth":{"type":"number","exclusiveMinimum":0,"maximum":10000000,"description":"px: the width of a transformed node before its transform (the width to resize it to). A transformed node (CSS transform: rotate, scale, skew, matrix) has relativeTransform (Figma's: it maps the node's own untransformed space, 0,0 at its top left, into its parent's; numbers within ±1e7, |a*d - b*c| at least 1e-6), untransformedWidth and untransformedHeight; its x, y, width and height are then its bounding box in its parent (what a reader that ignores the transform draws), and its children are in its untransformed space."},"untransformedHeight":{"type":"number","exclusiveMinimum":0,"maximum":10000000,"description":"px: the height of a node with relativeTransform before the transform."},"visible":{"type":"boolean","description":"Figma's SceneNode.visible; absent means visible."},"opacity":{"type":"number","minimum":0,"maximum":1},"blendMode":{"$ref":"#/$defs/blendMode"},"constraints":{"description":"Figma's Constraints: how the node follows its parent frame when the frame is resized. The converter writes it where the page tells how a layer follows its frame (docs/conversion.md \"Constraints\": an ABSOLUTE or positioned layer STRETCHes where it reaches both edges of its frame and is MAX where it reaches the end edge alone; a block in the flow of a frame without auto layout STRETCHes across where it fills its container's width, or is CENTER where capped at its max-width and centred). Not checked, but on an ABSOLUTE layer of a component's use a STRETCH axis lets the uses differ in its size there (docs/results.md \"Components\").","type":"object","additionalProperties":false,"required":["horizontal","vertical"],"properties":{"horizontal":{"$ref":"#/$defs/constraintType"},"vertical":{"$ref":"#/$defs/constraintType"}}},"fills":{"description":"The node's paints, bottom first. On an SVG node, an IMAGE paint is its raster form, drawn only when Figma refuses the SVG.","type":"array","items":{"$ref":"#/$defs/paint"}},"strokes":{"type":"array","items":{"$ref":"#/$defs/paint"}},"strokeWeight":{"type":"number","minimum":0,"description":"px."},"strokeTopWeight":{"type":"number","minimum":0,"description":"px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights)."},"strokeRightWeight":{"type":"number","minimum":0,"description":"px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights)."},"strokeBottomWeight":{"type":"number","minimum":0,"description":"px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights)."},"strokeLeftWeight":{"type":"number","minimum":0,"description":"px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights)."},"strokeAlign":{"enum":["INSIDE","OUTSIDE","CENTER"]},"dashPattern":{"type":"array","items":{"type":"number","minimum":0},"description":"Dash and gap lengths in px, alternating."},"cornerRadius":{"type":"number","minimum":0,"description":"px, all four corners."},"topLeftRadius":{"type":"number","minimum":0,"description":"px, one corner (Figma's per-corner radius)."},"topRightRadius":{"type":"number","minimum":0,"description":"px, one corner (Figma's per-corner radius)."},"bottomRightRadius":{"type":"number","minimum":0,"description":"px, one corner (Figma's per-corner radius)."},"bottomLeftRadius":{"type":"number","minimum":0,"description":"px, one corner (Figma's per-corner radius)."},"effects":{"type":"array","items":{"$ref":"#/$defs/effect"}},"clipsContent":{"type":"boolean","description":"FRAME only."},"children":{"type":"array","items":{"$ref":"#/$defs/node"},"description":"FRAME and GROUP nodes only."},"characters":{"type":"string","description":"TEXT nodes: the text (required)."},"fontName":{"$ref":"#/$defs/fontName"},"fontSize":{"type":"number","exclusiveMinimum":0},"fontWeight":{"type":"integer","minimum":1,"maximum":1000,"description":"The CSS weight of fontName (Figma reads it from the font; the plugin checks it against the first segment's)."},"lineHeight":{"$ref":"#/$defs/lineHeight"},"letterSpacing":{"$ref":"#/$defs/letterSpacing"},"textAlignHorizontal":{"enum":["LEFT","CENTER","RIGHT","JUSTIFIED"]},"textAlignVertical":{"enum":["TOP","CENTER","BOTTOM"]},"textAutoResize":{"enum":["NONE","WIDTH_AND_HEIGHT","HEIGHT","TRUNCATE"]},"textCase":{"$ref":"#/$defs/textCase"},"textDecoration":{"$ref":"#/$defs/textDecoration"},"textDecorationStyle":{"$ref":"#/$defs/textDecorationStyle"},"textDecorationOffset":{"$ref":"#/$defs/textDecorationLength"},"textDecorationThickness":{"$ref":"#/$defs/textDecorationLength"},"textDecorationColor":{"$ref":"#/$defs/textDecorationColor"},"textTruncation":{"enum":["DISABLED","ENDING"],"description":"ENDING: the text ends with an ellipsis after maxLines lines (CSS text-overflow: ellipsis, -webkit-line-clamp); Figma's TextNode.textTruncation."},"maxLines":{"type":"integer","minimum":1,"description":"How many lines a truncated TEXT shows (TextNode.maxLines; only with textTruncation ENDING), at most 10,000.","maximum":10000},"textWrapStyle":{"enum":["AUTO","BALANCE","PRETTY"],"description":"TEXT only: how the lines of a wrapping TEXT are broken (Figma's TextNode.textWrapStyle; absent: AUTO, each line as full as it fits). BALANCE: lines of about one width (CSS text-wrap: balance); PRETTY: the last lines broken so no word stands alone (CSS text-wrap: pretty). A reader that ignores it breaks the lines as AUTO does."},"paragraphIndent":{"type":"number","minimum":0,"description":"px, the first line's indent (at most 100,000).","maximum":100000},"hangingList":{"type":"boolean","description":"TEXT only: the markers of its list ranges (a segment's listOptions) hang outside its box, left of the text, where CSS draws an outside marker (TextNode.hangingList)."},"listMarker":{"type":"boolean","description":"TEXT only: this TEXT draws one list marker of a sibling TEXT (in the same parent) whose ranges are a Figma list (listOptions) drawing the same marker. A reader that ignores listOptions draws it, and so draws the same picture; a reader that draws listOptions leaves this node out (the plugin does). Only true is written."},"listText":{"description":"TEXT only, the format's member (not Figma's), on the first item's TEXT of a list whose items have the same space between them: the one TEXT Figma's list draws for all the items. A reader that draws it gives this TEXT the characters, height and styledTextSegments here (the items as paragraphs with listOptions and listSpacing) and leaves out the sibling TEXTs of replaces (every item's marker and the items after the first); a reader that ignores it draws those siblings, each where the page drew it: the same picture. Never in an auto-layout parent.","$ref":"#/$defs/listText"},"imageRef":{"description":"SVG nodes only: the ref of an image/svg+xml entry, created with figma.createNodeFromSvg.","type":"string","minLength":1},"vectorPaths":{"description":"VECTOR nodes: Figma's VectorPaths.","type":"array","items":{"type":"object","additionalProperties":false,"required":["windingRule","data"],"properties":{"windingRule":{"enum":["NONZERO","EVENODD","NONE"]},"data":{"type":"string"}}}},"layoutMode":{"enum":["NONE","HORIZONTAL","VERTICAL","GRID"],"description":"FRAME only: auto layout direction, or GRID (Figma's grid auto layout: gridRowCount, gridColumnCount, gaps and track sizes, each flowing child placed by its anchor indices and spans). A reader that ignores auto layout draws the same picture from every node's x, y, width and height."},"layoutWrap":{"enum":["NO_WRAP","WRAP"],"description":"WRAP only with layoutMode HORIZONTAL."},"paddingLeft":{"type":"number","minimum":0,"maximum":100000,"description":"px, auto-layout frames only (HORIZONTAL, VERTICAL or GRID)."},"paddingRight":{"type":"number","minimum":0,"maximum":100000,"description":"px, auto-layout frames only (HORIZONTAL, VERTICAL or GRID)."},"paddingTop":{"type":"number","minimum":0,"maximum":100000,"description":"px, auto-layout frames only (HORIZONTAL, VERTICAL or GRID)."},"paddingBottom":{"type":"number","minimum":0,"maximum":100000,"description":"px, auto-layout frames only (HORIZONTAL, VERTICAL or GRID)."},"itemSpacing":{"type":"number","minimum":-100000,"maximum":100000,"description":"px between flowing children, HORIZONTAL and VERTICAL frames only (Figma allows negative spacing)."},"counterAxisSpacing":{"type":"number","minimum":0,"maximum":100000,"description":"px between wrapped rows; only with layoutWrap WRAP."},"itemReverseZIndex":{"type":"boolean","description":"true: the frame paints its first child on top, the last at the bottom (the reverse of the layer order), as a page paints items laid out in the reverse of their paint order (a row laid out right to left). Auto-layout frames only (layoutMode HORIZONTAL, VERTICAL or GRID); absent means false."},"primaryAxisAlignItems":{"enum":["MIN","CENTER","MAX","SPACE_BETWEEN"],"description":"HORIZONTAL and VERTICAL frames only."},"counterAxisAlignItems":{"enum":["MIN","CENTER","MAX","BASELINE"],"description":"HORIZONTAL and VERTICAL frames only; BASELINE only with layoutMode HORIZONTAL."},"layoutSizingHorizontal":{"enum":["FIXED","HUG","FILL"],"description":"HUG: auto-layout frames and TEXT only; FILL: children of auto-layout frames only."},"layoutSizingVertical":{"enum":["FIXED","HUG","FILL"],"description":"As layoutSizingHorizontal."},"layoutPositioning":{"enum":["AUTO","ABSOLUTE"],"description":"ABSOLUTE: a child of an auto-layout frame that keeps its x and y."},"minWidth":{"type":"number","minimum":0,"maximum":100000,"description":"Version 2: CSS min-width in px of the node's box (Figma's minWidth), on an auto-layout frame or a child of one (checked by the backend, as is a minimum not over its maximum)."},"maxWidth":{"type":"number","minimum":0,"maximum":100000,"description":"Version 2: CSS max-width in px of the node's box (Figma's maxWidth), on an auto-layout frame or a child of one (checked by the backend, as is a minimum not over its maximum)."},"minHeight":{"type":"number","minimum":0,"maximum":100000,"description":"Version 2: CSS min-height in px of the node's box (Figma's minHeight), on an auto-layout frame or a child of one (checked by the backend, as is a minimum not over its maximum)."},"maxHeight":{"type":"number","minimum":0,"maximum":100000,"description":"Version 2: CSS max-height in px of the node's box (Figma's maxHeight), on an auto-layout frame or a child of one (checked by the backend, as is a minimum not over its maximum)."},"gridRowCount":{"type":"integer","minimum":1,"maximum":1000,"description":"GRID frames only (required there): the number of rows."},"gridColumnCount":{"type":"integer","minimum":1,"maximum":1000,"description":"GRID frames only (required there): the number of columns."},"gridRowGap":{"type":"number","minimum":0,"maximum":100000,"description":"px between rows, GRID frames only."},"gridColumnGap":{"type":"number","minimum":0,"maximum":100000,"description":"px between columns, GRID frames only."},"gridRowSizes":{"type":"array","minItems":1,"maxItems":1000,"items":{"$ref":"#/$defs/gridTrackSize"},"description":"GRID frames only: one size per row, top to bottom, in order; as many as gridRowCount."},"gridColumnSizes":{"type":"array","minItems":1,"maxItems":1000,"items":{"$ref":"#/$defs/gridTrackSize"},"description":"GRID frames only: one size per column, left to right, in order; as many as gridColumnCount."},"gridRowAnchorIndex":{"type":"integer","minimum":0,"maximum":999,"description":"A child of a GRID frame (required on every child that is not ABSOLUTE): the 0-based row of its first cell, below the parent's gridRowCount; the plugin places it with setGridChildPosition."},"gridColumnAnchorIndex":{"type":"integer","minimum":0,"maximum":999,"description":"A child of a GRID frame (required on every child that is not ABSOLUTE): the 0-based column of its first cell, below the parent's gridColumnCount; the plugin places it with setGridChildPosition."},"gridRowSpan":{"type":"integer","minimum":1,"maximum":1000,"description":"A child of a GRID frame: how many rows it covers (absent: 1); gridRowAnchorIndex plus the span is at most the parent's gridRowCount, and no two children of a GRID frame cover the same cell."},"gridColumnSpan":{"type":"integer","minimum":1,"maximum":1000,"description":"A child of a GRID frame: how many columns it covers (absent: 1); gridColumnAnchorIndex plus the span is at most the parent's gridColumnCount, and no two children of a GRID frame cover the same cell."},"gridChildHorizontalAlign":{"enum":["MIN","CENTER","MAX","AUTO"],"description":"A child of a GRID frame: its horizontal alignment in its cells (absent: AUTO, a child that fills them)."},"gridChildVerticalAlign":{"enum":["MIN","CENTER","MAX","AUTO"],"description":"A child of a GRID frame: its vertical alignment in its cells (absent: AUTO, a child that fills them)."},"scrollBehavior":{"enum":["SCROLLS","FIXED","STICKY_SCROLLS"],"description":"FIXED: a position: fixed element, a child of the root; STICKY_SCROLLS: a position: sticky child of the root. The REST API's name: the Plugin API has none per node, so the plugin sets the parent frame's numberOfFixedChildren when the FIXED children are its last (topmost) ones and reports the others, and STICKY_SCROLLS, as not applied."},"fillStyleId":{"type":"string","minLength":1,"maxLength":255,"description":"The id of a PAINT style of styles; the node's fills equal its paints."},"strokeStyleId":{"type":"string","minLength":1,"maxLength":255,"description":"The id of a PAINT style of styles."},"textStyleId":{"type":"string","minLength":1,"maxLength":255,"description":"TEXT nodes only: the id of a TEXT style of styles."},"effectStyleId":{"type":"string","minLength":1,"maxLength":255,"description":"The id of an EFFECT style of styles; the node's effects equal its effects."},"componentId":{"type":"string","minLength":1,"maxLength":255,"description":"Version 2, FRAME nodes only: the node is one use of a repeated subtree, an INSTANCE of the component this id names (Figma REST's INSTANCE.componentId; at most 1,000 components). The node keeps its whole tree, so a reader that ignores componentId draws the same picture. Also checked (not expressible here): the first use of each id in document order has componentName and the plugin makes the main COMPONENT from its tree; every other use has that tree (the same node types, child counts and members, node members in any order, values as written) but for what an instance overrides: id, name, visible, characters, styledTextSegments, fills and fillStyleId on any node, and on the use itself x, y, constraints, layoutPositioning, layoutSizingHorizontal, layoutSizingVertical, the grid child members and scrollBehavior. A use's root that is a HORIZONTAL or VERTICAL frame without WRAP may have another width and height where it is not HUG (the plugin resizes the instance); a layer inside a use may have another size where Figma's auto layout sizes it once characters change (a growing TEXT, a hugging frame, a FILL layer, an ABSOLUTE layer whose constraints STRETCH it). A use may hold uses of other components (nested instances); componentId is not overridable, so every use holds uses of the same components at the same places (docs/results.md \"Components\")."},"componentName":{"type":"string","minLength":1,"maxLength":255,"description":"Version 2: the name of the component, on its first use only (with componentId); the plugin names the main COMPONENT with it."},"componentVariants":{"description":"Version 2, on a component's first use only (with componentName): the component's other states, each a variant of one component set (Figma's ComponentSetNode) whose main COMPONENT is the variant State=Default; the plugin clones the main component for each, sets the overrides on the clone's layers and combines them (figma.combineAsVariants). The page's instances stay in State=Default, so a reader that ignores componentVariants draws the same picture. Also checked (not expressible here): State values once each; every override's id names a node of the use's subtree (the use included), each once a variant; styledTextSegments only on a TEXT, covering its characters as the node's own (docs/results.md \"Components\").","type":"array","minItems":1,"maxItems":2,"items":{"$ref":"#/$defs/componentVariant"}},"variantOf":{"type":"string","minLength":1,"maxLength":255,"description":"Version 2, on a component's first use only (with componentName and variantProperties): the componentId of the component whose component set (Figma's ComponentSetNode) this component is a variant of; that component is the set's variant Variant=Default. Siblings of one kind that differ in more than an instance overrides (a nav's current link with another padding, a featured card) are components of one set. A reader that ignores it draws the same picture. Also checked (not expressible here): it names another component of the tree, which has no variantOf itself; at most 8 components a set, the Default included; no componentVariants beside it (docs/results.md \"Components\")."},"variantProperties":{"type":"object","description":"Version 2, with variantOf and only with it: the variant's value of its set's Variant property, as Figma's ComponentNode.variantProperties; the plugin names the variant's COMPONENT Variant=<value>. Also checked (not expressible here): each value once a set.","properties":{"Variant":{"type":"string","minLength":1,"maxLength":64,"pattern":"^[^,=]+$","description":"Without \",\" and \"=\", which separate the properties and values of a variant component's name in Figma (Variant=<value>, State=Default).","not":{"const":"Default"}}},"required":["Variant"],"additionalProperties":false},"styledTextSegments":{"description":"TEXT nodes of version-2 results only: ranges of characters in one style each, with the members of Figma's StyledTextSegment (getStyledTextSegments; the plugin applies each with setRange*). start and end count UTF-16 code units (JavaScript string offsets), end exclusive. Also checked (not expressible here): start < end <= the characters' length, not splitting a surrogate pair; the first starts at 0, each next where the one before ends, the last ends at the characters' length (in order, no overlap, no gap: the segments cover the characters exactly; none for empty characters, at least one otherwise); a segment's characters equal its range; styledTextSegments in a version-1 result is refused. The node-level typography members are the first segment's.","type":"array","items":{"$ref":"#/$defs/styledTextSegment"}}},"allOf":[{"if":{"properties":{"type":{"const":"TEXT"}}},"then":{"required":["characters"]}},{"if":{"properties":{"type":{"const":"SVG"}}},"then":{"required":["imageRef"]},"else":{"not":{"required":["imageRef"]}}},{"if":{"properties":{"type":{"enum":["FRAME","GROUP"]}}},"else":{"not":{"required":["children"]}}},{"if":{"properties":{"type":{"const":"FRAME"}}},"else":{"not":{"required":["layoutMode"]}}},{"if":{"properties":{"type":{"const":"TEXT"}}},"else":{"not":{"required":["textStyleId"]}}},{"if":{"required":["layoutWrap"],"properties":{"layoutWrap":{"const":"WRAP"}}},"then":{"required":["layoutMode"],"properties":{"layoutMode":{"const":"HORIZONTAL"}}}},{"if":{"required":["counterAxisSpacing"]},"then":{"required":["layoutWrap"],"properties":{"layoutWrap":{"const":"WRAP"}}}},{"if":{"not":{"required":["layoutMode"],"properties":{"layoutMode":{"enum":["HORIZONTAL","VERTICAL"]}}}},"then":{"not":{"anyOf":[{"required":["layoutWrap"]},{"required":["itemSpacing"]},{"required":["counterAxisSpacing"]},{"required":["primaryAxisAlignItems"]},{"required":["counterAxisAlignItems"]}]}}},{"if":{"not":{"required":["layoutMode"],"properties":{"layoutMode":{"enum":["HORIZONTAL","VERTICAL","GRID"]}}}},"then":{"not":{"anyOf":[{"required":["paddingLeft"]},{"required":["paddingRight"]},{"required":["paddingTop"]},{"required":["paddingBottom"]}]}}},{"if":{"required":["layoutMode"],"properties":{"layoutMode":{"const":"GRID"}}},"then":{"required":["gridRowCount","gridColumnCount"]},"else":{"not":{"anyOf":[{"required":["gridRowCount"]},{"required":["gridColumnCount"]},{"required":["gridRowGap"]},{"required":["gridColumnGap"]},{"required":["gridRowSizes"]},{"required":["gridColumnSizes"]}]}}},{"if":{"properties":{"type":{"const":"TEXT"}}},"else":{"not":{"anyOf":[{"required":["styledTextSegments"]},{"required":["textWrapStyle"]},{"required":["hangingList"]},{"required":["listMarker"]},{"required":["listText"]}]}}}]};
const schema39 = {"description":"Figma's Transform: a 2x3 affine matrix [[a, c, e], [b, d, f]].","type":"array","minItems":2,"maxItems":2,"items":{"type":"array","minItems":3,"maxItems":3,"items":{"type":"number"}}};
const schema40 = {"description":"Figma's BlendMode.","enum":["PASS_THROUGH","NORMAL","DARKEN","MULTIPLY","LINEAR_BURN","COLOR_BURN","LIGHTEN","SCREEN","LINEAR_DODGE","COLOR_DODGE","OVERLAY","SOFT_LIGHT","HARD_LIGHT","DIFFERENCE","EXCLUSION","HUE","SATURATION","COLOR","LUMINOSITY"]};
const schema41 = {"enum":["MIN","CENTER","MAX","STRETCH","SCALE"]};
const schema68 = {"description":"Figma's FontName.","type":"object","additionalProperties":false,"required":["family","style"],"properties":{"family":{"type":"string","minLength":1,"maxLength":255},"style":{"type":"string","minLength":1,"maxLength":255}}};
const schema69 = {"description":"Figma's LineHeight.","oneOf":[{"type":"object","additionalProperties":false,"required":["value","unit"],"properties":{"value":{"type":"number"},"unit":{"enum":["PIXELS","PERCENT"]}}},{"type":"object","additionalProperties":false,"required":["unit"],"properties":{"unit":{"const":"AUTO"}}}],"discriminator":{"propertyName":"unit"}};
const schema70 = {"description":"Figma's LetterSpacing.","type":"object","additionalProperties":false,"required":["value","unit"],"properties":{"value":{"type":"number"},"unit":{"enum":["PIXELS","PERCENT"]}}};
const schema71 = {"enum":["ORIGINAL","UPPER","LOWER","TITLE","SMALL_CAPS","SMALL_CAPS_FORCED"]};
const schema72 = {"enum":["NONE","UNDERLINE","STRIKETHROUGH"]};
const schema73 = {"enum":["SOLID","WAVY","DOTTED"],"description":"How a decoration line is drawn (Figma's TextDecorationStyle); absent: SOLID. CSS dashed is written DOTTED and double SOLID, with a TEXT_DECORATION_STYLE warning."};
const schema74 = {"type":"object","description":"Figma's TextDecorationOffset or TextDecorationThickness; absent: AUTO (the font's).","required":["value","unit"],"additionalProperties":false,"properties":{"value":{"type":"number"},"unit":{"enum":["PIXELS","PERCENT"]}}};
const schema86 = {"description":"Figma's GridTrackSize: FIXED (value: px), FLEX (value: the share of the free room, as a CSS fr; absent: 1) or HUG (sized by the children placed in the track alone; no value).","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"enum":["FIXED","FLEX","HUG"]},"value":{"type":"number","minimum":0,"maximum":100000}},"allOf":[{"if":{"properties":{"type":{"const":"FIXED"}}},"then":{"required":["value"]}},{"if":{"properties":{"type":{"const":"FLEX"}}},"then":{"properties":{"value":{"exclusiveMinimum":0}}}},{"if":{"properties":{"type":{"const":"HUG"}}},"then":{"not":{"required":["value"]}}}]};
const func1 = ((s) => Array.from(s).length);
const schema43 = {"description":"A Figma Paint: SOLID, a gradient, or IMAGE naming a raster entry of images by imageRef (other paints have no imageRef). Members are Figma's (SolidPaint, GradientPaint, ImagePaint); the backend checks only type and imageRef. discriminator (OpenAPI's keyword, an annotation to JSON Schema) names the member that selects the branch, so a validator reports the errors of that branch only.","oneOf":[{"$ref":"#/$defs/solidPaint"},{"$ref":"#/$defs/gradientPaint"},{"$ref":"#/$defs/imagePaint"}],"discriminator":{"propertyName":"type"}};
const schema44 = {"description":"Figma's SolidPaint.","type":"object","additionalProperties":false,"required":["type","color"],"properties":{"type":{"const":"SOLID"},"color":{"$ref":"#/$defs/rgb"},"visible":{"type":"boolean"},"opacity":{"type":"number","minimum":0,"maximum":1},"blendMode":{"$ref":"#/$defs/blendMode"},"boundVariables":{"type":"object","additionalProperties":false,"required":[],"properties":{"color":{"$ref":"#/$defs/variable_alias"}}}}};
const schema45 = {"description":"A colour, channels 0-1 (Figma's RGB).","type":"object","additionalProperties":false,"required":["r","g","b"],"properties":{"r":{"type":"number","minimum":0,"maximum":1},"g":{"type":"number","minimum":0,"maximum":1},"b":{"type":"number","minimum":0,"maximum":1}}};
const schema47 = {"type":"object","additionalProperties":false,"required":["type","id"],"properties":{"type":{"const":"VARIABLE_ALIAS"},"id":{"type":"string","minLength":1,"maxLength":255}}};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.type === undefined) && (missing0 = "type")) || ((data.color === undefined) && (missing0 = "color"))){
validate24.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((((key0 === "type") || (key0 === "color")) || (key0 === "visible")) || (key0 === "opacity")) || (key0 === "blendMode")) || (key0 === "boundVariables"))){
validate24.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.type !== undefined){
const _errs2 = errors;
if("SOLID" !== data.type){
validate24.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "SOLID"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.color !== undefined){
let data1 = data.color;
const _errs3 = errors;
const _errs4 = errors;
if(errors === _errs4){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
let missing1;
if((((data1.r === undefined) && (missing1 = "r")) || ((data1.g === undefined) && (missing1 = "g"))) || ((data1.b === undefined) && (missing1 = "b"))){
validate24.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgb/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs6 = errors;
for(const key1 in data1){
if(!(((key1 === "r") || (key1 === "g")) || (key1 === "b"))){
validate24.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgb/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs6 === errors){
if(data1.r !== undefined){
let data2 = data1.r;
const _errs7 = errors;
if(errors === _errs7){
if(typeof data2 == "number"){
if(data2 > 1 || isNaN(data2)){
validate24.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgb/properties/r/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data2 < 0 || isNaN(data2)){
validate24.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgb/properties/r/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgb/properties/r/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs7 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.g !== undefined){
let data3 = data1.g;
const _errs9 = errors;
if(errors === _errs9){
if(typeof data3 == "number"){
if(data3 > 1 || isNaN(data3)){
validate24.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgb/properties/g/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data3 < 0 || isNaN(data3)){
validate24.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgb/properties/g/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgb/properties/g/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs9 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.b !== undefined){
let data4 = data1.b;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data4 == "number"){
if(data4 > 1 || isNaN(data4)){
validate24.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgb/properties/b/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data4 < 0 || isNaN(data4)){
validate24.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgb/properties/b/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgb/properties/b/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs11 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgb/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.visible !== undefined){
const _errs13 = errors;
if(typeof data.visible !== "boolean"){
validate24.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs13 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.opacity !== undefined){
let data6 = data.opacity;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data6 == "number"){
if(data6 > 1 || isNaN(data6)){
validate24.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data6 < 0 || isNaN(data6)){
validate24.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.blendMode !== undefined){
let data7 = data.blendMode;
const _errs17 = errors;
if(!(((((((((((((((((((data7 === "PASS_THROUGH") || (data7 === "NORMAL")) || (data7 === "DARKEN")) || (data7 === "MULTIPLY")) || (data7 === "LINEAR_BURN")) || (data7 === "COLOR_BURN")) || (data7 === "LIGHTEN")) || (data7 === "SCREEN")) || (data7 === "LINEAR_DODGE")) || (data7 === "COLOR_DODGE")) || (data7 === "OVERLAY")) || (data7 === "SOFT_LIGHT")) || (data7 === "HARD_LIGHT")) || (data7 === "DIFFERENCE")) || (data7 === "EXCLUSION")) || (data7 === "HUE")) || (data7 === "SATURATION")) || (data7 === "COLOR")) || (data7 === "LUMINOSITY"))){
validate24.errors = [{instancePath:instancePath+"/blendMode",schemaPath:"#/$defs/blendMode/enum",keyword:"enum",params:{allowedValues: schema40.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs17 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.boundVariables !== undefined){
let data8 = data.boundVariables;
const _errs19 = errors;
if(errors === _errs19){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
const _errs21 = errors;
for(const key2 in data8){
if(!(key2 === "color")){
validate24.errors = [{instancePath:instancePath+"/boundVariables",schemaPath:"#/properties/boundVariables/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs21 === errors){
if(data8.color !== undefined){
let data9 = data8.color;
const _errs23 = errors;
if(errors === _errs23){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
let missing2;
if(((data9.type === undefined) && (missing2 = "type")) || ((data9.id === undefined) && (missing2 = "id"))){
validate24.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs25 = errors;
for(const key3 in data9){
if(!((key3 === "type") || (key3 === "id"))){
validate24.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs25 === errors){
if(data9.type !== undefined){
const _errs26 = errors;
if("VARIABLE_ALIAS" !== data9.type){
validate24.errors = [{instancePath:instancePath+"/boundVariables/color/type",schemaPath:"#/$defs/variable_alias/properties/type/const",keyword:"const",params:{allowedValue: "VARIABLE_ALIAS"},message:"must be equal to constant"}];
return false;
}
var valid6 = _errs26 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data9.id !== undefined){
let data11 = data9.id;
const _errs27 = errors;
if(errors === _errs27){
if(typeof data11 === "string"){
if(func1(data11) > 255){
validate24.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data11) < 1){
validate24.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid6 = _errs27 === errors;
}
else {
var valid6 = true;
}
}
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/boundVariables",schemaPath:"#/properties/boundVariables/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
else {
validate24.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema48 = {"description":"Figma's GradientPaint.","type":"object","additionalProperties":false,"required":["type","gradientTransform","gradientStops"],"properties":{"type":{"enum":["GRADIENT_LINEAR","GRADIENT_RADIAL","GRADIENT_ANGULAR","GRADIENT_DIAMOND"]},"gradientTransform":{"$ref":"#/$defs/transform"},"gradientStops":{"type":"array","minItems":1,"items":{"$ref":"#/$defs/colorStop"}},"visible":{"type":"boolean"},"opacity":{"type":"number","minimum":0,"maximum":1},"blendMode":{"$ref":"#/$defs/blendMode"}}};
const schema50 = {"description":"Figma's ColorStop. boundVariables.color binds the stop's colour to a COLOR variable of the result (a gradient colour the page's dark theme changes; color is the variable's Light value).","type":"object","additionalProperties":false,"required":["position","color"],"properties":{"position":{"type":"number","minimum":0,"maximum":1},"color":{"$ref":"#/$defs/rgba"},"boundVariables":{"type":"object","additionalProperties":false,"required":[],"properties":{"color":{"$ref":"#/$defs/variable_alias"}}}}};
const schema51 = {"description":"A colour with alpha, 0-1 (Figma's RGBA).","type":"object","additionalProperties":false,"required":["r","g","b","a"],"properties":{"r":{"type":"number","minimum":0,"maximum":1},"g":{"type":"number","minimum":0,"maximum":1},"b":{"type":"number","minimum":0,"maximum":1},"a":{"type":"number","minimum":0,"maximum":1}}};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.position === undefined) && (missing0 = "position")) || ((data.color === undefined) && (missing0 = "color"))){
validate26.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((key0 === "position") || (key0 === "color")) || (key0 === "boundVariables"))){
validate26.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.position !== undefined){
let data0 = data.position;
const _errs2 = errors;
if(errors === _errs2){
if(typeof data0 == "number"){
if(data0 > 1 || isNaN(data0)){
validate26.errors = [{instancePath:instancePath+"/position",schemaPath:"#/properties/position/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data0 < 0 || isNaN(data0)){
validate26.errors = [{instancePath:instancePath+"/position",schemaPath:"#/properties/position/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/position",schemaPath:"#/properties/position/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.color !== undefined){
let data1 = data.color;
const _errs4 = errors;
const _errs5 = errors;
if(errors === _errs5){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
let missing1;
if(((((data1.r === undefined) && (missing1 = "r")) || ((data1.g === undefined) && (missing1 = "g"))) || ((data1.b === undefined) && (missing1 = "b"))) || ((data1.a === undefined) && (missing1 = "a"))){
validate26.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs7 = errors;
for(const key1 in data1){
if(!((((key1 === "r") || (key1 === "g")) || (key1 === "b")) || (key1 === "a"))){
validate26.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs7 === errors){
if(data1.r !== undefined){
let data2 = data1.r;
const _errs8 = errors;
if(errors === _errs8){
if(typeof data2 == "number"){
if(data2 > 1 || isNaN(data2)){
validate26.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data2 < 0 || isNaN(data2)){
validate26.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs8 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.g !== undefined){
let data3 = data1.g;
const _errs10 = errors;
if(errors === _errs10){
if(typeof data3 == "number"){
if(data3 > 1 || isNaN(data3)){
validate26.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data3 < 0 || isNaN(data3)){
validate26.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.b !== undefined){
let data4 = data1.b;
const _errs12 = errors;
if(errors === _errs12){
if(typeof data4 == "number"){
if(data4 > 1 || isNaN(data4)){
validate26.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data4 < 0 || isNaN(data4)){
validate26.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs12 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.a !== undefined){
let data5 = data1.a;
const _errs14 = errors;
if(errors === _errs14){
if(typeof data5 == "number"){
if(data5 > 1 || isNaN(data5)){
validate26.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data5 < 0 || isNaN(data5)){
validate26.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs14 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.boundVariables !== undefined){
let data6 = data.boundVariables;
const _errs16 = errors;
if(errors === _errs16){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
const _errs18 = errors;
for(const key2 in data6){
if(!(key2 === "color")){
validate26.errors = [{instancePath:instancePath+"/boundVariables",schemaPath:"#/properties/boundVariables/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs18 === errors){
if(data6.color !== undefined){
let data7 = data6.color;
const _errs20 = errors;
if(errors === _errs20){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing2;
if(((data7.type === undefined) && (missing2 = "type")) || ((data7.id === undefined) && (missing2 = "id"))){
validate26.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs22 = errors;
for(const key3 in data7){
if(!((key3 === "type") || (key3 === "id"))){
validate26.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs22 === errors){
if(data7.type !== undefined){
const _errs23 = errors;
if("VARIABLE_ALIAS" !== data7.type){
validate26.errors = [{instancePath:instancePath+"/boundVariables/color/type",schemaPath:"#/$defs/variable_alias/properties/type/const",keyword:"const",params:{allowedValue: "VARIABLE_ALIAS"},message:"must be equal to constant"}];
return false;
}
var valid5 = _errs23 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data7.id !== undefined){
let data9 = data7.id;
const _errs24 = errors;
if(errors === _errs24){
if(typeof data9 === "string"){
if(func1(data9) > 255){
validate26.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data9) < 1){
validate26.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid5 = _errs24 === errors;
}
else {
var valid5 = true;
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/boundVariables",schemaPath:"#/properties/boundVariables/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs16 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
else {
validate26.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.type === undefined) && (missing0 = "type")) || ((data.gradientTransform === undefined) && (missing0 = "gradientTransform"))) || ((data.gradientStops === undefined) && (missing0 = "gradientStops"))){
validate25.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((((key0 === "type") || (key0 === "gradientTransform")) || (key0 === "gradientStops")) || (key0 === "visible")) || (key0 === "opacity")) || (key0 === "blendMode"))){
validate25.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.type !== undefined){
let data0 = data.type;
const _errs2 = errors;
if(!((((data0 === "GRADIENT_LINEAR") || (data0 === "GRADIENT_RADIAL")) || (data0 === "GRADIENT_ANGULAR")) || (data0 === "GRADIENT_DIAMOND"))){
validate25.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema48.properties.type.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.gradientTransform !== undefined){
let data1 = data.gradientTransform;
const _errs3 = errors;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
if(data1.length > 2){
validate25.errors = [{instancePath:instancePath+"/gradientTransform",schemaPath:"#/$defs/transform/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data1.length < 2){
validate25.errors = [{instancePath:instancePath+"/gradientTransform",schemaPath:"#/$defs/transform/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
var valid2 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
if(errors === _errs6){
if(Array.isArray(data2)){
if(data2.length > 3){
validate25.errors = [{instancePath:instancePath+"/gradientTransform/" + i0,schemaPath:"#/$defs/transform/items/maxItems",keyword:"maxItems",params:{limit: 3},message:"must NOT have more than 3 items"}];
return false;
}
else {
if(data2.length < 3){
validate25.errors = [{instancePath:instancePath+"/gradientTransform/" + i0,schemaPath:"#/$defs/transform/items/minItems",keyword:"minItems",params:{limit: 3},message:"must NOT have fewer than 3 items"}];
return false;
}
else {
var valid3 = true;
const len1 = data2.length;
for(let i1=0; i1<len1; i1++){
const _errs8 = errors;
if(!(typeof data2[i1] == "number")){
validate25.errors = [{instancePath:instancePath+"/gradientTransform/" + i0+"/" + i1,schemaPath:"#/$defs/transform/items/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid3 = _errs8 === errors;
if(!valid3){
break;
}
}
}
}
}
else {
validate25.errors = [{instancePath:instancePath+"/gradientTransform/" + i0,schemaPath:"#/$defs/transform/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs6 === errors;
if(!valid2){
break;
}
}
}
}
}
else {
validate25.errors = [{instancePath:instancePath+"/gradientTransform",schemaPath:"#/$defs/transform/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.gradientStops !== undefined){
let data4 = data.gradientStops;
const _errs10 = errors;
if(errors === _errs10){
if(Array.isArray(data4)){
if(data4.length < 1){
validate25.errors = [{instancePath:instancePath+"/gradientStops",schemaPath:"#/properties/gradientStops/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid4 = true;
const len2 = data4.length;
for(let i2=0; i2<len2; i2++){
const _errs12 = errors;
if(!(validate26(data4[i2], {instancePath:instancePath+"/gradientStops/" + i2,parentData:data4,parentDataProperty:i2,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
var valid4 = _errs12 === errors;
if(!valid4){
break;
}
}
}
}
else {
validate25.errors = [{instancePath:instancePath+"/gradientStops",schemaPath:"#/properties/gradientStops/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs10 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.visible !== undefined){
const _errs13 = errors;
if(typeof data.visible !== "boolean"){
validate25.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs13 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.opacity !== undefined){
let data7 = data.opacity;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data7 == "number"){
if(data7 > 1 || isNaN(data7)){
validate25.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data7 < 0 || isNaN(data7)){
validate25.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate25.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.blendMode !== undefined){
let data8 = data.blendMode;
const _errs17 = errors;
if(!(((((((((((((((((((data8 === "PASS_THROUGH") || (data8 === "NORMAL")) || (data8 === "DARKEN")) || (data8 === "MULTIPLY")) || (data8 === "LINEAR_BURN")) || (data8 === "COLOR_BURN")) || (data8 === "LIGHTEN")) || (data8 === "SCREEN")) || (data8 === "LINEAR_DODGE")) || (data8 === "COLOR_DODGE")) || (data8 === "OVERLAY")) || (data8 === "SOFT_LIGHT")) || (data8 === "HARD_LIGHT")) || (data8 === "DIFFERENCE")) || (data8 === "EXCLUSION")) || (data8 === "HUE")) || (data8 === "SATURATION")) || (data8 === "COLOR")) || (data8 === "LUMINOSITY"))){
validate25.errors = [{instancePath:instancePath+"/blendMode",schemaPath:"#/$defs/blendMode/enum",keyword:"enum",params:{allowedValues: schema40.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs17 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
else {
validate25.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate25.errors = vErrors;
return errors === 0;
}
validate25.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema54 = {"description":"Figma's ImagePaint, with imageRef naming the image.","type":"object","additionalProperties":false,"required":["type","imageRef","scaleMode"],"properties":{"type":{"const":"IMAGE"},"imageRef":{"type":"string","minLength":1,"description":"The ref of a raster entry of images (Figma's ImagePaint has imageHash instead: the plugin creates the image and sets it)."},"scaleMode":{"enum":["FILL","FIT","CROP","TILE"]},"imageTransform":{"$ref":"#/$defs/transform"},"scalingFactor":{"type":"number","exclusiveMinimum":0},"rotation":{"enum":[0,90,180,270]},"visible":{"type":"boolean"},"opacity":{"type":"number","minimum":0,"maximum":1},"blendMode":{"$ref":"#/$defs/blendMode"}}};
const func7 = Object.prototype.hasOwnProperty;

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.type === undefined) && (missing0 = "type")) || ((data.imageRef === undefined) && (missing0 = "imageRef"))) || ((data.scaleMode === undefined) && (missing0 = "scaleMode"))){
validate28.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(func7.call(schema54.properties, key0))){
validate28.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.type !== undefined){
const _errs2 = errors;
if("IMAGE" !== data.type){
validate28.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "IMAGE"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.imageRef !== undefined){
let data1 = data.imageRef;
const _errs3 = errors;
if(errors === _errs3){
if(typeof data1 === "string"){
if(func1(data1) < 1){
validate28.errors = [{instancePath:instancePath+"/imageRef",schemaPath:"#/properties/imageRef/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate28.errors = [{instancePath:instancePath+"/imageRef",schemaPath:"#/properties/imageRef/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.scaleMode !== undefined){
let data2 = data.scaleMode;
const _errs5 = errors;
if(!((((data2 === "FILL") || (data2 === "FIT")) || (data2 === "CROP")) || (data2 === "TILE"))){
validate28.errors = [{instancePath:instancePath+"/scaleMode",schemaPath:"#/properties/scaleMode/enum",keyword:"enum",params:{allowedValues: schema54.properties.scaleMode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.imageTransform !== undefined){
let data3 = data.imageTransform;
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(Array.isArray(data3)){
if(data3.length > 2){
validate28.errors = [{instancePath:instancePath+"/imageTransform",schemaPath:"#/$defs/transform/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data3.length < 2){
validate28.errors = [{instancePath:instancePath+"/imageTransform",schemaPath:"#/$defs/transform/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
var valid2 = true;
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
const _errs9 = errors;
if(errors === _errs9){
if(Array.isArray(data4)){
if(data4.length > 3){
validate28.errors = [{instancePath:instancePath+"/imageTransform/" + i0,schemaPath:"#/$defs/transform/items/maxItems",keyword:"maxItems",params:{limit: 3},message:"must NOT have more than 3 items"}];
return false;
}
else {
if(data4.length < 3){
validate28.errors = [{instancePath:instancePath+"/imageTransform/" + i0,schemaPath:"#/$defs/transform/items/minItems",keyword:"minItems",params:{limit: 3},message:"must NOT have fewer than 3 items"}];
return false;
}
else {
var valid3 = true;
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
const _errs11 = errors;
if(!(typeof data4[i1] == "number")){
validate28.errors = [{instancePath:instancePath+"/imageTransform/" + i0+"/" + i1,schemaPath:"#/$defs/transform/items/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid3 = _errs11 === errors;
if(!valid3){
break;
}
}
}
}
}
else {
validate28.errors = [{instancePath:instancePath+"/imageTransform/" + i0,schemaPath:"#/$defs/transform/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs9 === errors;
if(!valid2){
break;
}
}
}
}
}
else {
validate28.errors = [{instancePath:instancePath+"/imageTransform",schemaPath:"#/$defs/transform/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.scalingFactor !== undefined){
let data6 = data.scalingFactor;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data6 == "number"){
if(data6 <= 0 || isNaN(data6)){
validate28.errors = [{instancePath:instancePath+"/scalingFactor",schemaPath:"#/properties/scalingFactor/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
}
else {
validate28.errors = [{instancePath:instancePath+"/scalingFactor",schemaPath:"#/properties/scalingFactor/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs13 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.rotation !== undefined){
let data7 = data.rotation;
const _errs15 = errors;
if(!((((data7 === 0) || (data7 === 90)) || (data7 === 180)) || (data7 === 270))){
validate28.errors = [{instancePath:instancePath+"/rotation",schemaPath:"#/properties/rotation/enum",keyword:"enum",params:{allowedValues: schema54.properties.rotation.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.visible !== undefined){
const _errs16 = errors;
if(typeof data.visible !== "boolean"){
validate28.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs16 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.opacity !== undefined){
let data9 = data.opacity;
const _errs18 = errors;
if(errors === _errs18){
if(typeof data9 == "number"){
if(data9 > 1 || isNaN(data9)){
validate28.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data9 < 0 || isNaN(data9)){
validate28.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate28.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.blendMode !== undefined){
let data10 = data.blendMode;
const _errs20 = errors;
if(!(((((((((((((((((((data10 === "PASS_THROUGH") || (data10 === "NORMAL")) || (data10 === "DARKEN")) || (data10 === "MULTIPLY")) || (data10 === "LINEAR_BURN")) || (data10 === "COLOR_BURN")) || (data10 === "LIGHTEN")) || (data10 === "SCREEN")) || (data10 === "LINEAR_DODGE")) || (data10 === "COLOR_DODGE")) || (data10 === "OVERLAY")) || (data10 === "SOFT_LIGHT")) || (data10 === "HARD_LIGHT")) || (data10 === "DIFFERENCE")) || (data10 === "EXCLUSION")) || (data10 === "HUE")) || (data10 === "SATURATION")) || (data10 === "COLOR")) || (data10 === "LUMINOSITY"))){
validate28.errors = [{instancePath:instancePath+"/blendMode",schemaPath:"#/$defs/blendMode/enum",keyword:"enum",params:{allowedValues: schema40.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs20 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate28.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
const tag0 = data.type;
if(typeof tag0 == "string"){
if(tag0 === "SOLID"){
if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
var props0 = true;
}
else if(tag0 === "GRADIENT_LINEAR"){
if(!(validate25(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "GRADIENT_RADIAL"){
if(!(validate25(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "GRADIENT_ANGULAR"){
if(!(validate25(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "GRADIENT_DIAMOND"){
if(!(validate25(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "IMAGE"){
if(!(validate28(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else {
validate23.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf"}];
return false;
}
}
else {
validate23.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string"}];
return false;
}
}
}
validate23.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate23.evaluated = {"dynamicProps":true,"dynamicItems":false};

const schema57 = {"description":"A Figma Effect.","oneOf":[{"$ref":"#/$defs/dropShadowEffect"},{"$ref":"#/$defs/innerShadowEffect"},{"$ref":"#/$defs/blurEffect"}],"discriminator":{"propertyName":"type"}};
const schema66 = {"description":"Figma's BlurEffect (a normal blur).","type":"object","additionalProperties":false,"required":["type","radius","visible"],"properties":{"type":{"enum":["LAYER_BLUR","BACKGROUND_BLUR"]},"radius":{"type":"number","minimum":0},"visible":{"type":"boolean"},"blurType":{"const":"NORMAL","description":"Figma's BlurEffect has blurType (NORMAL or PROGRESSIVE) since progressive blurs; results written before it have none, which means NORMAL."}}};
const schema58 = {"description":"Figma's DropShadowEffect.","type":"object","additionalProperties":false,"required":["type","color","offset","radius","visible","blendMode"],"properties":{"type":{"const":"DROP_SHADOW"},"color":{"$ref":"#/$defs/rgba"},"offset":{"type":"object","additionalProperties":false,"required":["x","y"],"properties":{"x":{"type":"number"},"y":{"type":"number"}}},"radius":{"type":"number","minimum":0},"spread":{"type":"number"},"visible":{"type":"boolean"},"blendMode":{"$ref":"#/$defs/blendMode"},"showShadowBehindNode":{"type":"boolean"},"boundVariables":{"description":"The shadow's colour bound to a COLOR variable of the result's variables (Figma's setBoundVariableForEffect). The converter writes it on an EFFECT style's shadows, where a dark theme changes the colour; the backend checks it there (a VARIABLE_ALIAS naming a COLOR variable).","type":"object","additionalProperties":false,"required":[],"properties":{"color":{"$ref":"#/$defs/variable_alias"}}}}};

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate38.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((data.type === undefined) && (missing0 = "type")) || ((data.color === undefined) && (missing0 = "color"))) || ((data.offset === undefined) && (missing0 = "offset"))) || ((data.radius === undefined) && (missing0 = "radius"))) || ((data.visible === undefined) && (missing0 = "visible"))) || ((data.blendMode === undefined) && (missing0 = "blendMode"))){
validate38.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(func7.call(schema58.properties, key0))){
validate38.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.type !== undefined){
const _errs2 = errors;
if("DROP_SHADOW" !== data.type){
validate38.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "DROP_SHADOW"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.color !== undefined){
let data1 = data.color;
const _errs3 = errors;
const _errs4 = errors;
if(errors === _errs4){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
let missing1;
if(((((data1.r === undefined) && (missing1 = "r")) || ((data1.g === undefined) && (missing1 = "g"))) || ((data1.b === undefined) && (missing1 = "b"))) || ((data1.a === undefined) && (missing1 = "a"))){
validate38.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs6 = errors;
for(const key1 in data1){
if(!((((key1 === "r") || (key1 === "g")) || (key1 === "b")) || (key1 === "a"))){
validate38.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs6 === errors){
if(data1.r !== undefined){
let data2 = data1.r;
const _errs7 = errors;
if(errors === _errs7){
if(typeof data2 == "number"){
if(data2 > 1 || isNaN(data2)){
validate38.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data2 < 0 || isNaN(data2)){
validate38.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs7 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.g !== undefined){
let data3 = data1.g;
const _errs9 = errors;
if(errors === _errs9){
if(typeof data3 == "number"){
if(data3 > 1 || isNaN(data3)){
validate38.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data3 < 0 || isNaN(data3)){
validate38.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs9 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.b !== undefined){
let data4 = data1.b;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data4 == "number"){
if(data4 > 1 || isNaN(data4)){
validate38.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data4 < 0 || isNaN(data4)){
validate38.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs11 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.a !== undefined){
let data5 = data1.a;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data5 == "number"){
if(data5 > 1 || isNaN(data5)){
validate38.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data5 < 0 || isNaN(data5)){
validate38.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs13 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.offset !== undefined){
let data6 = data.offset;
const _errs15 = errors;
if(errors === _errs15){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
let missing2;
if(((data6.x === undefined) && (missing2 = "x")) || ((data6.y === undefined) && (missing2 = "y"))){
validate38.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs17 = errors;
for(const key2 in data6){
if(!((key2 === "x") || (key2 === "y"))){
validate38.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs17 === errors){
if(data6.x !== undefined){
const _errs18 = errors;
if(!(typeof data6.x == "number")){
validate38.errors = [{instancePath:instancePath+"/offset/x",schemaPath:"#/properties/offset/properties/x/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid3 = _errs18 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data6.y !== undefined){
const _errs20 = errors;
if(!(typeof data6.y == "number")){
validate38.errors = [{instancePath:instancePath+"/offset/y",schemaPath:"#/properties/offset/properties/y/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.radius !== undefined){
let data9 = data.radius;
const _errs22 = errors;
if(errors === _errs22){
if(typeof data9 == "number"){
if(data9 < 0 || isNaN(data9)){
validate38.errors = [{instancePath:instancePath+"/radius",schemaPath:"#/properties/radius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate38.errors = [{instancePath:instancePath+"/radius",schemaPath:"#/properties/radius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs22 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.spread !== undefined){
const _errs24 = errors;
if(!(typeof data.spread == "number")){
validate38.errors = [{instancePath:instancePath+"/spread",schemaPath:"#/properties/spread/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid0 = _errs24 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.visible !== undefined){
const _errs26 = errors;
if(typeof data.visible !== "boolean"){
validate38.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs26 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.blendMode !== undefined){
let data12 = data.blendMode;
const _errs28 = errors;
if(!(((((((((((((((((((data12 === "PASS_THROUGH") || (data12 === "NORMAL")) || (data12 === "DARKEN")) || (data12 === "MULTIPLY")) || (data12 === "LINEAR_BURN")) || (data12 === "COLOR_BURN")) || (data12 === "LIGHTEN")) || (data12 === "SCREEN")) || (data12 === "LINEAR_DODGE")) || (data12 === "COLOR_DODGE")) || (data12 === "OVERLAY")) || (data12 === "SOFT_LIGHT")) || (data12 === "HARD_LIGHT")) || (data12 === "DIFFERENCE")) || (data12 === "EXCLUSION")) || (data12 === "HUE")) || (data12 === "SATURATION")) || (data12 === "COLOR")) || (data12 === "LUMINOSITY"))){
validate38.errors = [{instancePath:instancePath+"/blendMode",schemaPath:"#/$defs/blendMode/enum",keyword:"enum",params:{allowedValues: schema40.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs28 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.showShadowBehindNode !== undefined){
const _errs30 = errors;
if(typeof data.showShadowBehindNode !== "boolean"){
validate38.errors = [{instancePath:instancePath+"/showShadowBehindNode",schemaPath:"#/properties/showShadowBehindNode/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs30 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.boundVariables !== undefined){
let data14 = data.boundVariables;
const _errs32 = errors;
if(errors === _errs32){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
const _errs34 = errors;
for(const key3 in data14){
if(!(key3 === "color")){
validate38.errors = [{instancePath:instancePath+"/boundVariables",schemaPath:"#/properties/boundVariables/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs34 === errors){
if(data14.color !== undefined){
let data15 = data14.color;
const _errs36 = errors;
if(errors === _errs36){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
let missing3;
if(((data15.type === undefined) && (missing3 = "type")) || ((data15.id === undefined) && (missing3 = "id"))){
validate38.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs38 = errors;
for(const key4 in data15){
if(!((key4 === "type") || (key4 === "id"))){
validate38.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs38 === errors){
if(data15.type !== undefined){
const _errs39 = errors;
if("VARIABLE_ALIAS" !== data15.type){
validate38.errors = [{instancePath:instancePath+"/boundVariables/color/type",schemaPath:"#/$defs/variable_alias/properties/type/const",keyword:"const",params:{allowedValue: "VARIABLE_ALIAS"},message:"must be equal to constant"}];
return false;
}
var valid7 = _errs39 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data15.id !== undefined){
let data17 = data15.id;
const _errs40 = errors;
if(errors === _errs40){
if(typeof data17 === "string"){
if(func1(data17) > 255){
validate38.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data17) < 1){
validate38.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid7 = _errs40 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/boundVariables",schemaPath:"#/properties/boundVariables/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs32 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate38.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate38.errors = vErrors;
return errors === 0;
}
validate38.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema62 = {"description":"Figma's InnerShadowEffect.","type":"object","additionalProperties":false,"required":["type","color","offset","radius","visible","blendMode"],"properties":{"type":{"const":"INNER_SHADOW"},"color":{"$ref":"#/$defs/rgba"},"offset":{"type":"object","additionalProperties":false,"required":["x","y"],"properties":{"x":{"type":"number"},"y":{"type":"number"}}},"radius":{"type":"number","minimum":0},"spread":{"type":"number"},"visible":{"type":"boolean"},"blendMode":{"$ref":"#/$defs/blendMode"},"boundVariables":{"description":"The shadow's colour bound to a COLOR variable of the result's variables (Figma's setBoundVariableForEffect). The converter writes it on an EFFECT style's shadows, where a dark theme changes the colour; the backend checks it there (a VARIABLE_ALIAS naming a COLOR variable).","type":"object","additionalProperties":false,"required":[],"properties":{"color":{"$ref":"#/$defs/variable_alias"}}}}};

function validate39(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate39.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((data.type === undefined) && (missing0 = "type")) || ((data.color === undefined) && (missing0 = "color"))) || ((data.offset === undefined) && (missing0 = "offset"))) || ((data.radius === undefined) && (missing0 = "radius"))) || ((data.visible === undefined) && (missing0 = "visible"))) || ((data.blendMode === undefined) && (missing0 = "blendMode"))){
validate39.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((((((key0 === "type") || (key0 === "color")) || (key0 === "offset")) || (key0 === "radius")) || (key0 === "spread")) || (key0 === "visible")) || (key0 === "blendMode")) || (key0 === "boundVariables"))){
validate39.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.type !== undefined){
const _errs2 = errors;
if("INNER_SHADOW" !== data.type){
validate39.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "INNER_SHADOW"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.color !== undefined){
let data1 = data.color;
const _errs3 = errors;
const _errs4 = errors;
if(errors === _errs4){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
let missing1;
if(((((data1.r === undefined) && (missing1 = "r")) || ((data1.g === undefined) && (missing1 = "g"))) || ((data1.b === undefined) && (missing1 = "b"))) || ((data1.a === undefined) && (missing1 = "a"))){
validate39.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs6 = errors;
for(const key1 in data1){
if(!((((key1 === "r") || (key1 === "g")) || (key1 === "b")) || (key1 === "a"))){
validate39.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs6 === errors){
if(data1.r !== undefined){
let data2 = data1.r;
const _errs7 = errors;
if(errors === _errs7){
if(typeof data2 == "number"){
if(data2 > 1 || isNaN(data2)){
validate39.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data2 < 0 || isNaN(data2)){
validate39.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/color/r",schemaPath:"#/$defs/rgba/properties/r/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs7 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.g !== undefined){
let data3 = data1.g;
const _errs9 = errors;
if(errors === _errs9){
if(typeof data3 == "number"){
if(data3 > 1 || isNaN(data3)){
validate39.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data3 < 0 || isNaN(data3)){
validate39.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/color/g",schemaPath:"#/$defs/rgba/properties/g/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs9 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.b !== undefined){
let data4 = data1.b;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data4 == "number"){
if(data4 > 1 || isNaN(data4)){
validate39.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data4 < 0 || isNaN(data4)){
validate39.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/color/b",schemaPath:"#/$defs/rgba/properties/b/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs11 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.a !== undefined){
let data5 = data1.a;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data5 == "number"){
if(data5 > 1 || isNaN(data5)){
validate39.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data5 < 0 || isNaN(data5)){
validate39.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/color/a",schemaPath:"#/$defs/rgba/properties/a/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs13 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/color",schemaPath:"#/$defs/rgba/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.offset !== undefined){
let data6 = data.offset;
const _errs15 = errors;
if(errors === _errs15){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
let missing2;
if(((data6.x === undefined) && (missing2 = "x")) || ((data6.y === undefined) && (missing2 = "y"))){
validate39.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs17 = errors;
for(const key2 in data6){
if(!((key2 === "x") || (key2 === "y"))){
validate39.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs17 === errors){
if(data6.x !== undefined){
const _errs18 = errors;
if(!(typeof data6.x == "number")){
validate39.errors = [{instancePath:instancePath+"/offset/x",schemaPath:"#/properties/offset/properties/x/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid3 = _errs18 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data6.y !== undefined){
const _errs20 = errors;
if(!(typeof data6.y == "number")){
validate39.errors = [{instancePath:instancePath+"/offset/y",schemaPath:"#/properties/offset/properties/y/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.radius !== undefined){
let data9 = data.radius;
const _errs22 = errors;
if(errors === _errs22){
if(typeof data9 == "number"){
if(data9 < 0 || isNaN(data9)){
validate39.errors = [{instancePath:instancePath+"/radius",schemaPath:"#/properties/radius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate39.errors = [{instancePath:instancePath+"/radius",schemaPath:"#/properties/radius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs22 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.spread !== undefined){
const _errs24 = errors;
if(!(typeof data.spread == "number")){
validate39.errors = [{instancePath:instancePath+"/spread",schemaPath:"#/properties/spread/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid0 = _errs24 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.visible !== undefined){
const _errs26 = errors;
if(typeof data.visible !== "boolean"){
validate39.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs26 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.blendMode !== undefined){
let data12 = data.blendMode;
const _errs28 = errors;
if(!(((((((((((((((((((data12 === "PASS_THROUGH") || (data12 === "NORMAL")) || (data12 === "DARKEN")) || (data12 === "MULTIPLY")) || (data12 === "LINEAR_BURN")) || (data12 === "COLOR_BURN")) || (data12 === "LIGHTEN")) || (data12 === "SCREEN")) || (data12 === "LINEAR_DODGE")) || (data12 === "COLOR_DODGE")) || (data12 === "OVERLAY")) || (data12 === "SOFT_LIGHT")) || (data12 === "HARD_LIGHT")) || (data12 === "DIFFERENCE")) || (data12 === "EXCLUSION")) || (data12 === "HUE")) || (data12 === "SATURATION")) || (data12 === "COLOR")) || (data12 === "LUMINOSITY"))){
validate39.errors = [{instancePath:instancePath+"/blendMode",schemaPath:"#/$defs/blendMode/enum",keyword:"enum",params:{allowedValues: schema40.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs28 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.boundVariables !== undefined){
let data13 = data.boundVariables;
const _errs30 = errors;
if(errors === _errs30){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
const _errs32 = errors;
for(const key3 in data13){
if(!(key3 === "color")){
validate39.errors = [{instancePath:instancePath+"/boundVariables",schemaPath:"#/properties/boundVariables/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs32 === errors){
if(data13.color !== undefined){
let data14 = data13.color;
const _errs34 = errors;
if(errors === _errs34){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
let missing3;
if(((data14.type === undefined) && (missing3 = "type")) || ((data14.id === undefined) && (missing3 = "id"))){
validate39.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs36 = errors;
for(const key4 in data14){
if(!((key4 === "type") || (key4 === "id"))){
validate39.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs36 === errors){
if(data14.type !== undefined){
const _errs37 = errors;
if("VARIABLE_ALIAS" !== data14.type){
validate39.errors = [{instancePath:instancePath+"/boundVariables/color/type",schemaPath:"#/$defs/variable_alias/properties/type/const",keyword:"const",params:{allowedValue: "VARIABLE_ALIAS"},message:"must be equal to constant"}];
return false;
}
var valid7 = _errs37 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data14.id !== undefined){
let data16 = data14.id;
const _errs38 = errors;
if(errors === _errs38){
if(typeof data16 === "string"){
if(func1(data16) > 255){
validate39.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data16) < 1){
validate39.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/boundVariables/color/id",schemaPath:"#/$defs/variable_alias/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid7 = _errs38 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/boundVariables/color",schemaPath:"#/$defs/variable_alias/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/boundVariables",schemaPath:"#/properties/boundVariables/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs30 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
else {
validate39.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate39.errors = vErrors;
return errors === 0;
}
validate39.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate37.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
const tag0 = data.type;
if(typeof tag0 == "string"){
if(tag0 === "DROP_SHADOW"){
if(!(validate38(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
errors = vErrors.length;
}
var props0 = true;
}
else if(tag0 === "INNER_SHADOW"){
if(!(validate39(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "LAYER_BLUR"){
const _errs4 = errors;
if(errors === _errs4){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.type === undefined) && (missing0 = "type")) || ((data.radius === undefined) && (missing0 = "radius"))) || ((data.visible === undefined) && (missing0 = "visible"))){
validate37.errors = [{instancePath,schemaPath:"#/$defs/blurEffect/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs6 = errors;
for(const key0 in data){
if(!((((key0 === "type") || (key0 === "radius")) || (key0 === "visible")) || (key0 === "blurType"))){
validate37.errors = [{instancePath,schemaPath:"#/$defs/blurEffect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs6 === errors){
if(data.type !== undefined){
let data0 = data.type;
const _errs7 = errors;
if(!((data0 === "LAYER_BLUR") || (data0 === "BACKGROUND_BLUR"))){
validate37.errors = [{instancePath:instancePath+"/type",schemaPath:"#/$defs/blurEffect/properties/type/enum",keyword:"enum",params:{allowedValues: schema66.properties.type.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid5 = _errs7 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data.radius !== undefined){
let data1 = data.radius;
const _errs8 = errors;
if(errors === _errs8){
if(typeof data1 == "number"){
if(data1 < 0 || isNaN(data1)){
validate37.errors = [{instancePath:instancePath+"/radius",schemaPath:"#/$defs/blurEffect/properties/radius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate37.errors = [{instancePath:instancePath+"/radius",schemaPath:"#/$defs/blurEffect/properties/radius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid5 = _errs8 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data.visible !== undefined){
const _errs10 = errors;
if(typeof data.visible !== "boolean"){
validate37.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/$defs/blurEffect/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid5 = _errs10 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data.blurType !== undefined){
const _errs12 = errors;
if("NORMAL" !== data.blurType){
validate37.errors = [{instancePath:instancePath+"/blurType",schemaPath:"#/$defs/blurEffect/properties/blurType/const",keyword:"const",params:{allowedValue: "NORMAL"},message:"must be equal to constant"}];
return false;
}
var valid5 = _errs12 === errors;
}
else {
var valid5 = true;
}
}
}
}
}
}
}
else {
validate37.errors = [{instancePath,schemaPath:"#/$defs/blurEffect/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "BACKGROUND_BLUR"){
const _errs14 = errors;
if(errors === _errs14){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((((data.type === undefined) && (missing1 = "type")) || ((data.radius === undefined) && (missing1 = "radius"))) || ((data.visible === undefined) && (missing1 = "visible"))){
validate37.errors = [{instancePath,schemaPath:"#/$defs/blurEffect/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs16 = errors;
for(const key1 in data){
if(!((((key1 === "type") || (key1 === "radius")) || (key1 === "visible")) || (key1 === "blurType"))){
validate37.errors = [{instancePath,schemaPath:"#/$defs/blurEffect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs16 === errors){
if(data.type !== undefined){
let data4 = data.type;
const _errs17 = errors;
if(!((data4 === "LAYER_BLUR") || (data4 === "BACKGROUND_BLUR"))){
validate37.errors = [{instancePath:instancePath+"/type",schemaPath:"#/$defs/blurEffect/properties/type/enum",keyword:"enum",params:{allowedValues: schema66.properties.type.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid8 = _errs17 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data.radius !== undefined){
let data5 = data.radius;
const _errs18 = errors;
if(errors === _errs18){
if(typeof data5 == "number"){
if(data5 < 0 || isNaN(data5)){
validate37.errors = [{instancePath:instancePath+"/radius",schemaPath:"#/$defs/blurEffect/properties/radius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate37.errors = [{instancePath:instancePath+"/radius",schemaPath:"#/$defs/blurEffect/properties/radius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid8 = _errs18 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data.visible !== undefined){
const _errs20 = errors;
if(typeof data.visible !== "boolean"){
validate37.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/$defs/blurEffect/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid8 = _errs20 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data.blurType !== undefined){
const _errs22 = errors;
if("NORMAL" !== data.blurType){
validate37.errors = [{instancePath:instancePath+"/blurType",schemaPath:"#/$defs/blurEffect/properties/blurType/const",keyword:"const",params:{allowedValue: "NORMAL"},message:"must be equal to constant"}];
return false;
}
var valid8 = _errs22 === errors;
}
else {
var valid8 = true;
}
}
}
}
}
}
}
else {
validate37.errors = [{instancePath,schemaPath:"#/$defs/blurEffect/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
if(props0 !== true){
props0 = true;
}
}
else {
validate37.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf"}];
return false;
}
}
else {
validate37.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string"}];
return false;
}
}
}
validate37.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate37.evaluated = {"dynamicProps":true,"dynamicItems":false};

const schema76 = {"type":"object","description":"Figma's TextDecorationColor of a given colour; absent: AUTO (the text's colour).","required":["value"],"additionalProperties":false,"properties":{"value":{"$ref":"#/$defs/solidPaint"}}};

function validate43(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate43.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.value === undefined) && (missing0 = "value")){
validate43.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(key0 === "value")){
validate43.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.value !== undefined){
if(!(validate24(data.value, {instancePath:instancePath+"/value",parentData:data,parentDataProperty:"value",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
}
}
}
else {
validate43.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate43.errors = vErrors;
return errors === 0;
}
validate43.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema77 = {"description":"A list whose items have space between them, as the one TEXT Figma's list draws (a TEXT's listText).","type":"object","additionalProperties":false,"required":["characters","height","styledTextSegments","replaces"],"properties":{"characters":{"description":"The items' characters, joined by \"\\n\" (each item one paragraph).","type":"string"},"height":{"description":"px, from the first item's top to the last item's bottom (0 to 100,000).","type":"number","minimum":0,"maximum":100000},"styledTextSegments":{"description":"The items' ranges covering characters (the styled text rules), with listOptions and listSpacing; at least one a list.","type":"array","items":{"$ref":"#/$defs/styledTextSegment"}},"replaces":{"description":"The ids of the sibling TEXTs (same parent) the list TEXT draws: every item's marker and the items after the first; each at most once.","type":"array","minItems":1,"maxItems":50000,"items":{"type":"string"}}}};
const schema78 = {"description":"One styled text segment. Members other than start, end, characters, fills, listOptions, listSpacing and textStyleId pass to the plugin unchecked; the converter writes all of those listed here (textStyleId where the range's typography is a text style's).","type":"object","required":["start","end"],"properties":{"characters":{"type":"string","description":"The range's characters (optional; equal to the node's characters from start to end)."},"start":{"type":"integer","minimum":0},"end":{"type":"integer","minimum":1},"fontName":{"$ref":"#/$defs/fontName"},"fontSize":{"type":"number","exclusiveMinimum":0},"fontWeight":{"type":"integer","minimum":1,"maximum":1000},"fills":{"type":"array","items":{"$ref":"#/$defs/paint"}},"textDecoration":{"$ref":"#/$defs/textDecoration"},"textDecorationStyle":{"$ref":"#/$defs/textDecorationStyle"},"textDecorationOffset":{"$ref":"#/$defs/textDecorationLength"},"textDecorationThickness":{"$ref":"#/$defs/textDecorationLength"},"textDecorationColor":{"$ref":"#/$defs/textDecorationColor"},"letterSpacing":{"$ref":"#/$defs/letterSpacing"},"textCase":{"$ref":"#/$defs/textCase"},"hyperlink":{"description":"Figma's HyperlinkTarget, or null.","oneOf":[{"type":"null"},{"type":"object","required":["type","value"],"properties":{"type":{"enum":["URL","NODE"]},"value":{"type":"string","minLength":1}}}]},"listOptions":{"description":"Figma's TextListOptions of the range's paragraphs (setRangeListOptions): ORDERED (numbers 1., 2., …) or UNORDERED (bullets) list items; NONE or absent: no list.","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"enum":["ORDERED","UNORDERED","NONE"]}}},"listSpacing":{"description":"px, the space Figma's list puts between the range's list paragraphs and the next item (setRangeListSpacing; 0 to 100,000); absent: 0.","type":"number","minimum":0,"maximum":100000},"textStyleId":{"type":"string","minLength":1,"maxLength":255,"description":"The id of a TEXT style of styles the range is set in (Figma's setRangeTextStyleIdAsync): its typography equals the style's, with the node's lineHeight. The converter writes it on the ranges of a TEXT of several ranges whose typography is a style's that a TEXT of one range has; a reader that ignores it draws the same picture. Checked by the backend (it names a TEXT style)."}}};

function validate47(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate47.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.start === undefined) && (missing0 = "start")) || ((data.end === undefined) && (missing0 = "end"))){
validate47.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.characters !== undefined){
const _errs1 = errors;
if(typeof data.characters !== "string"){
validate47.errors = [{instancePath:instancePath+"/characters",schemaPath:"#/properties/characters/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.start !== undefined){
let data1 = data.start;
const _errs3 = errors;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
validate47.errors = [{instancePath:instancePath+"/start",schemaPath:"#/properties/start/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs3){
if(typeof data1 == "number"){
if(data1 < 0 || isNaN(data1)){
validate47.errors = [{instancePath:instancePath+"/start",schemaPath:"#/properties/start/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.end !== undefined){
let data2 = data.end;
const _errs5 = errors;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
validate47.errors = [{instancePath:instancePath+"/end",schemaPath:"#/properties/end/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs5){
if(typeof data2 == "number"){
if(data2 < 1 || isNaN(data2)){
validate47.errors = [{instancePath:instancePath+"/end",schemaPath:"#/properties/end/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fontName !== undefined){
let data3 = data.fontName;
const _errs7 = errors;
const _errs8 = errors;
if(errors === _errs8){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
let missing1;
if(((data3.family === undefined) && (missing1 = "family")) || ((data3.style === undefined) && (missing1 = "style"))){
validate47.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs10 = errors;
for(const key0 in data3){
if(!((key0 === "family") || (key0 === "style"))){
validate47.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs10 === errors){
if(data3.family !== undefined){
let data4 = data3.family;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data4 === "string"){
if(func1(data4) > 255){
validate47.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data4) < 1){
validate47.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid2 = _errs11 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data3.style !== undefined){
let data5 = data3.style;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data5 === "string"){
if(func1(data5) > 255){
validate47.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data5) < 1){
validate47.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid2 = _errs13 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fontSize !== undefined){
let data6 = data.fontSize;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data6 == "number"){
if(data6 <= 0 || isNaN(data6)){
validate47.errors = [{instancePath:instancePath+"/fontSize",schemaPath:"#/properties/fontSize/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
}
else {
validate47.errors = [{instancePath:instancePath+"/fontSize",schemaPath:"#/properties/fontSize/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fontWeight !== undefined){
let data7 = data.fontWeight;
const _errs17 = errors;
if(!((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7)))){
validate47.errors = [{instancePath:instancePath+"/fontWeight",schemaPath:"#/properties/fontWeight/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs17){
if(typeof data7 == "number"){
if(data7 > 1000 || isNaN(data7)){
validate47.errors = [{instancePath:instancePath+"/fontWeight",schemaPath:"#/properties/fontWeight/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"}];
return false;
}
else {
if(data7 < 1 || isNaN(data7)){
validate47.errors = [{instancePath:instancePath+"/fontWeight",schemaPath:"#/properties/fontWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid0 = _errs17 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fills !== undefined){
let data8 = data.fills;
const _errs19 = errors;
if(errors === _errs19){
if(Array.isArray(data8)){
var valid3 = true;
const len0 = data8.length;
for(let i0=0; i0<len0; i0++){
const _errs21 = errors;
if(!(validate23(data8[i0], {instancePath:instancePath+"/fills/" + i0,parentData:data8,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
var valid3 = _errs21 === errors;
if(!valid3){
break;
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/fills",schemaPath:"#/properties/fills/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textDecoration !== undefined){
let data10 = data.textDecoration;
const _errs22 = errors;
if(!(((data10 === "NONE") || (data10 === "UNDERLINE")) || (data10 === "STRIKETHROUGH"))){
validate47.errors = [{instancePath:instancePath+"/textDecoration",schemaPath:"#/$defs/textDecoration/enum",keyword:"enum",params:{allowedValues: schema72.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs22 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textDecorationStyle !== undefined){
let data11 = data.textDecorationStyle;
const _errs24 = errors;
if(!(((data11 === "SOLID") || (data11 === "WAVY")) || (data11 === "DOTTED"))){
validate47.errors = [{instancePath:instancePath+"/textDecorationStyle",schemaPath:"#/$defs/textDecorationStyle/enum",keyword:"enum",params:{allowedValues: schema73.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs24 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textDecorationOffset !== undefined){
let data12 = data.textDecorationOffset;
const _errs26 = errors;
const _errs27 = errors;
if(errors === _errs27){
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
let missing2;
if(((data12.value === undefined) && (missing2 = "value")) || ((data12.unit === undefined) && (missing2 = "unit"))){
validate47.errors = [{instancePath:instancePath+"/textDecorationOffset",schemaPath:"#/$defs/textDecorationLength/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs29 = errors;
for(const key1 in data12){
if(!((key1 === "value") || (key1 === "unit"))){
validate47.errors = [{instancePath:instancePath+"/textDecorationOffset",schemaPath:"#/$defs/textDecorationLength/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs29 === errors){
if(data12.value !== undefined){
const _errs30 = errors;
if(!(typeof data12.value == "number")){
validate47.errors = [{instancePath:instancePath+"/textDecorationOffset/value",schemaPath:"#/$defs/textDecorationLength/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid7 = _errs30 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data12.unit !== undefined){
let data14 = data12.unit;
const _errs32 = errors;
if(!((data14 === "PIXELS") || (data14 === "PERCENT"))){
validate47.errors = [{instancePath:instancePath+"/textDecorationOffset/unit",schemaPath:"#/$defs/textDecorationLength/properties/unit/enum",keyword:"enum",params:{allowedValues: schema74.properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid7 = _errs32 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/textDecorationOffset",schemaPath:"#/$defs/textDecorationLength/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs26 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textDecorationThickness !== undefined){
let data15 = data.textDecorationThickness;
const _errs33 = errors;
const _errs34 = errors;
if(errors === _errs34){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
let missing3;
if(((data15.value === undefined) && (missing3 = "value")) || ((data15.unit === undefined) && (missing3 = "unit"))){
validate47.errors = [{instancePath:instancePath+"/textDecorationThickness",schemaPath:"#/$defs/textDecorationLength/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs36 = errors;
for(const key2 in data15){
if(!((key2 === "value") || (key2 === "unit"))){
validate47.errors = [{instancePath:instancePath+"/textDecorationThickness",schemaPath:"#/$defs/textDecorationLength/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs36 === errors){
if(data15.value !== undefined){
const _errs37 = errors;
if(!(typeof data15.value == "number")){
validate47.errors = [{instancePath:instancePath+"/textDecorationThickness/value",schemaPath:"#/$defs/textDecorationLength/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid9 = _errs37 === errors;
}
else {
var valid9 = true;
}
if(valid9){
if(data15.unit !== undefined){
let data17 = data15.unit;
const _errs39 = errors;
if(!((data17 === "PIXELS") || (data17 === "PERCENT"))){
validate47.errors = [{instancePath:instancePath+"/textDecorationThickness/unit",schemaPath:"#/$defs/textDecorationLength/properties/unit/enum",keyword:"enum",params:{allowedValues: schema74.properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid9 = _errs39 === errors;
}
else {
var valid9 = true;
}
}
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/textDecorationThickness",schemaPath:"#/$defs/textDecorationLength/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs33 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textDecorationColor !== undefined){
const _errs40 = errors;
if(!(validate43(data.textDecorationColor, {instancePath:instancePath+"/textDecorationColor",parentData:data,parentDataProperty:"textDecorationColor",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate43.errors : vErrors.concat(validate43.errors);
errors = vErrors.length;
}
var valid0 = _errs40 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.letterSpacing !== undefined){
let data19 = data.letterSpacing;
const _errs41 = errors;
const _errs42 = errors;
if(errors === _errs42){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
let missing4;
if(((data19.value === undefined) && (missing4 = "value")) || ((data19.unit === undefined) && (missing4 = "unit"))){
validate47.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'"}];
return false;
}
else {
const _errs44 = errors;
for(const key3 in data19){
if(!((key3 === "value") || (key3 === "unit"))){
validate47.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs44 === errors){
if(data19.value !== undefined){
const _errs45 = errors;
if(!(typeof data19.value == "number")){
validate47.errors = [{instancePath:instancePath+"/letterSpacing/value",schemaPath:"#/$defs/letterSpacing/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid11 = _errs45 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data19.unit !== undefined){
let data21 = data19.unit;
const _errs47 = errors;
if(!((data21 === "PIXELS") || (data21 === "PERCENT"))){
validate47.errors = [{instancePath:instancePath+"/letterSpacing/unit",schemaPath:"#/$defs/letterSpacing/properties/unit/enum",keyword:"enum",params:{allowedValues: schema70.properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid11 = _errs47 === errors;
}
else {
var valid11 = true;
}
}
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textCase !== undefined){
let data22 = data.textCase;
const _errs48 = errors;
if(!((((((data22 === "ORIGINAL") || (data22 === "UPPER")) || (data22 === "LOWER")) || (data22 === "TITLE")) || (data22 === "SMALL_CAPS")) || (data22 === "SMALL_CAPS_FORCED"))){
validate47.errors = [{instancePath:instancePath+"/textCase",schemaPath:"#/$defs/textCase/enum",keyword:"enum",params:{allowedValues: schema71.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs48 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.hyperlink !== undefined){
let data23 = data.hyperlink;
const _errs50 = errors;
const _errs51 = errors;
let valid13 = false;
let passing0 = null;
const _errs52 = errors;
if(data23 !== null){
const err0 = {instancePath:instancePath+"/hyperlink",schemaPath:"#/properties/hyperlink/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs52 === errors;
if(_valid0){
valid13 = true;
passing0 = 0;
}
const _errs54 = errors;
if(errors === _errs54){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
let missing5;
if(((data23.type === undefined) && (missing5 = "type")) || ((data23.value === undefined) && (missing5 = "value"))){
const err1 = {instancePath:instancePath+"/hyperlink",schemaPath:"#/properties/hyperlink/oneOf/1/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
else {
if(data23.type !== undefined){
let data24 = data23.type;
const _errs56 = errors;
if(!((data24 === "URL") || (data24 === "NODE"))){
const err2 = {instancePath:instancePath+"/hyperlink/type",schemaPath:"#/properties/hyperlink/oneOf/1/properties/type/enum",keyword:"enum",params:{allowedValues: schema78.properties.hyperlink.oneOf[1].properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var valid14 = _errs56 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data23.value !== undefined){
let data25 = data23.value;
const _errs57 = errors;
if(errors === _errs57){
if(typeof data25 === "string"){
if(func1(data25) < 1){
const err3 = {instancePath:instancePath+"/hyperlink/value",schemaPath:"#/properties/hyperlink/oneOf/1/properties/value/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/hyperlink/value",schemaPath:"#/properties/hyperlink/oneOf/1/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var valid14 = _errs57 === errors;
}
else {
var valid14 = true;
}
}
}
}
else {
const err5 = {instancePath:instancePath+"/hyperlink",schemaPath:"#/properties/hyperlink/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
var _valid0 = _errs54 === errors;
if(_valid0 && valid13){
valid13 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid13 = true;
passing0 = 1;
var props1 = {};
props1.type = true;
props1.value = true;
}
}
if(!valid13){
const err6 = {instancePath:instancePath+"/hyperlink",schemaPath:"#/properties/hyperlink/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
validate47.errors = vErrors;
return false;
}
else {
errors = _errs51;
if(vErrors !== null){
if(_errs51){
vErrors.length = _errs51;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs50 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.listOptions !== undefined){
let data26 = data.listOptions;
const _errs59 = errors;
if(errors === _errs59){
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
let missing6;
if((data26.type === undefined) && (missing6 = "type")){
validate47.errors = [{instancePath:instancePath+"/listOptions",schemaPath:"#/properties/listOptions/required",keyword:"required",params:{missingProperty: missing6},message:"must have required property '"+missing6+"'"}];
return false;
}
else {
const _errs61 = errors;
for(const key4 in data26){
if(!(key4 === "type")){
validate47.errors = [{instancePath:instancePath+"/listOptions",schemaPath:"#/properties/listOptions/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs61 === errors){
if(data26.type !== undefined){
let data27 = data26.type;
if(!(((data27 === "ORDERED") || (data27 === "UNORDERED")) || (data27 === "NONE"))){
validate47.errors = [{instancePath:instancePath+"/listOptions/type",schemaPath:"#/properties/listOptions/properties/type/enum",keyword:"enum",params:{allowedValues: schema78.properties.listOptions.properties.type.enum},message:"must be equal to one of the allowed values"}];
return false;
}
}
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/listOptions",schemaPath:"#/properties/listOptions/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs59 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.listSpacing !== undefined){
let data28 = data.listSpacing;
const _errs63 = errors;
if(errors === _errs63){
if(typeof data28 == "number"){
if(data28 > 100000 || isNaN(data28)){
validate47.errors = [{instancePath:instancePath+"/listSpacing",schemaPath:"#/properties/listSpacing/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data28 < 0 || isNaN(data28)){
validate47.errors = [{instancePath:instancePath+"/listSpacing",schemaPath:"#/properties/listSpacing/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/listSpacing",schemaPath:"#/properties/listSpacing/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs63 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textStyleId !== undefined){
let data29 = data.textStyleId;
const _errs65 = errors;
if(errors === _errs65){
if(typeof data29 === "string"){
if(func1(data29) > 255){
validate47.errors = [{instancePath:instancePath+"/textStyleId",schemaPath:"#/properties/textStyleId/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data29) < 1){
validate47.errors = [{instancePath:instancePath+"/textStyleId",schemaPath:"#/properties/textStyleId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate47.errors = [{instancePath:instancePath+"/textStyleId",schemaPath:"#/properties/textStyleId/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs65 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate47.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate47.errors = vErrors;
return errors === 0;
}
validate47.evaluated = {"props":{"characters":true,"start":true,"end":true,"fontName":true,"fontSize":true,"fontWeight":true,"fills":true,"textDecoration":true,"textDecorationStyle":true,"textDecorationOffset":true,"textDecorationThickness":true,"textDecorationColor":true,"letterSpacing":true,"textCase":true,"hyperlink":true,"listOptions":true,"listSpacing":true,"textStyleId":true},"dynamicProps":false,"dynamicItems":false};


function validate46(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate46.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.characters === undefined) && (missing0 = "characters")) || ((data.height === undefined) && (missing0 = "height"))) || ((data.styledTextSegments === undefined) && (missing0 = "styledTextSegments"))) || ((data.replaces === undefined) && (missing0 = "replaces"))){
validate46.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((key0 === "characters") || (key0 === "height")) || (key0 === "styledTextSegments")) || (key0 === "replaces"))){
validate46.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.characters !== undefined){
const _errs2 = errors;
if(typeof data.characters !== "string"){
validate46.errors = [{instancePath:instancePath+"/characters",schemaPath:"#/properties/characters/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.height !== undefined){
let data1 = data.height;
const _errs4 = errors;
if(errors === _errs4){
if(typeof data1 == "number"){
if(data1 > 100000 || isNaN(data1)){
validate46.errors = [{instancePath:instancePath+"/height",schemaPath:"#/properties/height/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data1 < 0 || isNaN(data1)){
validate46.errors = [{instancePath:instancePath+"/height",schemaPath:"#/properties/height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate46.errors = [{instancePath:instancePath+"/height",schemaPath:"#/properties/height/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.styledTextSegments !== undefined){
let data2 = data.styledTextSegments;
const _errs6 = errors;
if(errors === _errs6){
if(Array.isArray(data2)){
var valid1 = true;
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
const _errs8 = errors;
if(!(validate47(data2[i0], {instancePath:instancePath+"/styledTextSegments/" + i0,parentData:data2,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate47.errors : vErrors.concat(validate47.errors);
errors = vErrors.length;
}
var valid1 = _errs8 === errors;
if(!valid1){
break;
}
}
}
else {
validate46.errors = [{instancePath:instancePath+"/styledTextSegments",schemaPath:"#/properties/styledTextSegments/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.replaces !== undefined){
let data4 = data.replaces;
const _errs9 = errors;
if(errors === _errs9){
if(Array.isArray(data4)){
if(data4.length > 50000){
validate46.errors = [{instancePath:instancePath+"/replaces",schemaPath:"#/properties/replaces/maxItems",keyword:"maxItems",params:{limit: 50000},message:"must NOT have more than 50000 items"}];
return false;
}
else {
if(data4.length < 1){
validate46.errors = [{instancePath:instancePath+"/replaces",schemaPath:"#/properties/replaces/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid2 = true;
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
const _errs11 = errors;
if(typeof data4[i1] !== "string"){
validate46.errors = [{instancePath:instancePath+"/replaces/" + i1,schemaPath:"#/properties/replaces/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs11 === errors;
if(!valid2){
break;
}
}
}
}
}
else {
validate46.errors = [{instancePath:instancePath+"/replaces",schemaPath:"#/properties/replaces/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
else {
validate46.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate46.errors = vErrors;
return errors === 0;
}
validate46.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema88 = {"description":"One variant of a component set: Figma's ComponentNode.variantProperties, the paint members of the main component's layers that differ in it, and its rescale.","type":"object","additionalProperties":false,"required":["variantProperties","overrides"],"properties":{"variantProperties":{"type":"object","additionalProperties":false,"required":["State"],"properties":{"State":{"description":"The state the variant shows (the main component is Default).","enum":["Hover","Focus"]}}},"overrides":{"description":"At most 500; each id once. Empty only in a variant that rescales.","type":"array","maxItems":500,"items":{"$ref":"#/$defs/variantOverride"}},"rescale":{"description":"The factor the variant is scaled by with its layers, as Figma's rescale(scale) scales a node (a hover's CSS scale(1.05) is 1.05); absent: not scaled. A reader that ignores it draws the variant at the main component's size.","type":"number","minimum":0.01,"maximum":100}},"anyOf":[{"properties":{"overrides":{"minItems":1}}},{"required":["rescale"]}]};
const schema89 = {"description":"The members of one layer of a variant that differ from the main component (only paint members and visible; each present only where it differs; an empty list clears the paints).","type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"description":"A node of the first use's subtree (the use itself included).","type":"string","minLength":1,"maxLength":255},"visible":{"type":"boolean","description":"Figma's SceneNode.visible in the variant: true shows a layer hidden in Default (an outline ring the state draws)."},"opacity":{"type":"number","minimum":0,"maximum":1},"fills":{"type":"array","items":{"$ref":"#/$defs/paint"}},"strokes":{"type":"array","items":{"$ref":"#/$defs/paint"}},"strokeWeight":{"type":"number","minimum":0,"description":"px."},"strokeTopWeight":{"type":"number","minimum":0,"description":"px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights)."},"strokeRightWeight":{"type":"number","minimum":0,"description":"px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights)."},"strokeBottomWeight":{"type":"number","minimum":0,"description":"px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights)."},"strokeLeftWeight":{"type":"number","minimum":0,"description":"px, one side of a FRAME or RECTANGLE (Figma's individual stroke weights)."},"effects":{"type":"array","items":{"$ref":"#/$defs/effect"}},"textDecoration":{"$ref":"#/$defs/textDecoration"},"styledTextSegments":{"description":"A TEXT's segments in the variant, covering its characters as the node's own do.","type":"array","items":{"$ref":"#/$defs/styledTextSegment"}}}};

function validate53(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate53.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.id === undefined) && (missing0 = "id")){
validate53.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(func7.call(schema89.properties, key0))){
validate53.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
if(errors === _errs2){
if(typeof data0 === "string"){
if(func1(data0) > 255){
validate53.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data0) < 1){
validate53.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate53.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.visible !== undefined){
const _errs4 = errors;
if(typeof data.visible !== "boolean"){
validate53.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.opacity !== undefined){
let data2 = data.opacity;
const _errs6 = errors;
if(errors === _errs6){
if(typeof data2 == "number"){
if(data2 > 1 || isNaN(data2)){
validate53.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data2 < 0 || isNaN(data2)){
validate53.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate53.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fills !== undefined){
let data3 = data.fills;
const _errs8 = errors;
if(errors === _errs8){
if(Array.isArray(data3)){
var valid1 = true;
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
const _errs10 = errors;
if(!(validate23(data3[i0], {instancePath:instancePath+"/fills/" + i0,parentData:data3,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
var valid1 = _errs10 === errors;
if(!valid1){
break;
}
}
}
else {
validate53.errors = [{instancePath:instancePath+"/fills",schemaPath:"#/properties/fills/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs8 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.strokes !== undefined){
let data5 = data.strokes;
const _errs11 = errors;
if(errors === _errs11){
if(Array.isArray(data5)){
var valid2 = true;
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
const _errs13 = errors;
if(!(validate23(data5[i1], {instancePath:instancePath+"/strokes/" + i1,parentData:data5,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
var valid2 = _errs13 === errors;
if(!valid2){
break;
}
}
}
else {
validate53.errors = [{instancePath:instancePath+"/strokes",schemaPath:"#/properties/strokes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs11 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.strokeWeight !== undefined){
let data7 = data.strokeWeight;
const _errs14 = errors;
if(errors === _errs14){
if(typeof data7 == "number"){
if(data7 < 0 || isNaN(data7)){
validate53.errors = [{instancePath:instancePath+"/strokeWeight",schemaPath:"#/properties/strokeWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate53.errors = [{instancePath:instancePath+"/strokeWeight",schemaPath:"#/properties/strokeWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.strokeTopWeight !== undefined){
let data8 = data.strokeTopWeight;
const _errs16 = errors;
if(errors === _errs16){
if(typeof data8 == "number"){
if(data8 < 0 || isNaN(data8)){
validate53.errors = [{instancePath:instancePath+"/strokeTopWeight",schemaPath:"#/properties/strokeTopWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate53.errors = [{instancePath:instancePath+"/strokeTopWeight",schemaPath:"#/properties/strokeTopWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs16 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.strokeRightWeight !== undefined){
let data9 = data.strokeRightWeight;
const _errs18 = errors;
if(errors === _errs18){
if(typeof data9 == "number"){
if(data9 < 0 || isNaN(data9)){
validate53.errors = [{instancePath:instancePath+"/strokeRightWeight",schemaPath:"#/properties/strokeRightWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate53.errors = [{instancePath:instancePath+"/strokeRightWeight",schemaPath:"#/properties/strokeRightWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.strokeBottomWeight !== undefined){
let data10 = data.strokeBottomWeight;
const _errs20 = errors;
if(errors === _errs20){
if(typeof data10 == "number"){
if(data10 < 0 || isNaN(data10)){
validate53.errors = [{instancePath:instancePath+"/strokeBottomWeight",schemaPath:"#/properties/strokeBottomWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate53.errors = [{instancePath:instancePath+"/strokeBottomWeight",schemaPath:"#/properties/strokeBottomWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs20 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.strokeLeftWeight !== undefined){
let data11 = data.strokeLeftWeight;
const _errs22 = errors;
if(errors === _errs22){
if(typeof data11 == "number"){
if(data11 < 0 || isNaN(data11)){
validate53.errors = [{instancePath:instancePath+"/strokeLeftWeight",schemaPath:"#/properties/strokeLeftWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate53.errors = [{instancePath:instancePath+"/strokeLeftWeight",schemaPath:"#/properties/strokeLeftWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs22 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.effects !== undefined){
let data12 = data.effects;
const _errs24 = errors;
if(errors === _errs24){
if(Array.isArray(data12)){
var valid3 = true;
const len2 = data12.length;
for(let i2=0; i2<len2; i2++){
const _errs26 = errors;
if(!(validate37(data12[i2], {instancePath:instancePath+"/effects/" + i2,parentData:data12,parentDataProperty:i2,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var valid3 = _errs26 === errors;
if(!valid3){
break;
}
}
}
else {
validate53.errors = [{instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs24 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textDecoration !== undefined){
let data14 = data.textDecoration;
const _errs27 = errors;
if(!(((data14 === "NONE") || (data14 === "UNDERLINE")) || (data14 === "STRIKETHROUGH"))){
validate53.errors = [{instancePath:instancePath+"/textDecoration",schemaPath:"#/$defs/textDecoration/enum",keyword:"enum",params:{allowedValues: schema72.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs27 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.styledTextSegments !== undefined){
let data15 = data.styledTextSegments;
const _errs29 = errors;
if(errors === _errs29){
if(Array.isArray(data15)){
var valid5 = true;
const len3 = data15.length;
for(let i3=0; i3<len3; i3++){
const _errs31 = errors;
if(!(validate47(data15[i3], {instancePath:instancePath+"/styledTextSegments/" + i3,parentData:data15,parentDataProperty:i3,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate47.errors : vErrors.concat(validate47.errors);
errors = vErrors.length;
}
var valid5 = _errs31 === errors;
if(!valid5){
break;
}
}
}
else {
validate53.errors = [{instancePath:instancePath+"/styledTextSegments",schemaPath:"#/properties/styledTextSegments/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs29 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate53.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate53.errors = vErrors;
return errors === 0;
}
validate53.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate52(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate52.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.overrides !== undefined){
let data0 = data.overrides;
if(Array.isArray(data0)){
if(data0.length < 1){
const err0 = {instancePath:instancePath+"/overrides",schemaPath:"#/anyOf/0/properties/overrides/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(_valid0){
var props0 = {};
props0.overrides = true;
}
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.rescale === undefined) && (missing0 = "rescale")){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
validate52.errors = vErrors;
return false;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if(((data.variantProperties === undefined) && (missing1 = "variantProperties")) || ((data.overrides === undefined) && (missing1 = "overrides"))){
validate52.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs5 = errors;
for(const key0 in data){
if(!(((key0 === "variantProperties") || (key0 === "overrides")) || (key0 === "rescale"))){
validate52.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs5 === errors){
if(data.variantProperties !== undefined){
let data1 = data.variantProperties;
const _errs6 = errors;
if(errors === _errs6){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
let missing2;
if((data1.State === undefined) && (missing2 = "State")){
validate52.errors = [{instancePath:instancePath+"/variantProperties",schemaPath:"#/properties/variantProperties/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs8 = errors;
for(const key1 in data1){
if(!(key1 === "State")){
validate52.errors = [{instancePath:instancePath+"/variantProperties",schemaPath:"#/properties/variantProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs8 === errors){
if(data1.State !== undefined){
let data2 = data1.State;
if(!((data2 === "Hover") || (data2 === "Focus"))){
validate52.errors = [{instancePath:instancePath+"/variantProperties/State",schemaPath:"#/properties/variantProperties/properties/State/enum",keyword:"enum",params:{allowedValues: schema88.properties.variantProperties.properties.State.enum},message:"must be equal to one of the allowed values"}];
return false;
}
}
}
}
}
else {
validate52.errors = [{instancePath:instancePath+"/variantProperties",schemaPath:"#/properties/variantProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid2 = _errs6 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.overrides !== undefined){
let data3 = data.overrides;
const _errs10 = errors;
if(errors === _errs10){
if(Array.isArray(data3)){
if(data3.length > 500){
validate52.errors = [{instancePath:instancePath+"/overrides",schemaPath:"#/properties/overrides/maxItems",keyword:"maxItems",params:{limit: 500},message:"must NOT have more than 500 items"}];
return false;
}
else {
var valid4 = true;
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
const _errs12 = errors;
if(!(validate53(data3[i0], {instancePath:instancePath+"/overrides/" + i0,parentData:data3,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate53.errors : vErrors.concat(validate53.errors);
errors = vErrors.length;
}
var valid4 = _errs12 === errors;
if(!valid4){
break;
}
}
}
}
else {
validate52.errors = [{instancePath:instancePath+"/overrides",schemaPath:"#/properties/overrides/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.rescale !== undefined){
let data5 = data.rescale;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data5 == "number"){
if(data5 > 100 || isNaN(data5)){
validate52.errors = [{instancePath:instancePath+"/rescale",schemaPath:"#/properties/rescale/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100"}];
return false;
}
else {
if(data5 < 0.01 || isNaN(data5)){
validate52.errors = [{instancePath:instancePath+"/rescale",schemaPath:"#/properties/rescale/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0.01},message:"must be >= 0.01"}];
return false;
}
}
}
else {
validate52.errors = [{instancePath:instancePath+"/rescale",schemaPath:"#/properties/rescale/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs13 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
else {
validate52.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate52.errors = vErrors;
return errors === 0;
}
validate52.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const wrapper0 = {validate: validate22};
const pattern8 = new RegExp("^[^,=]+$", "u");

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("TEXT" !== data.type){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.characters === undefined) && (missing0 = "characters")){
validate22.errors = [{instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
}
if(!valid1){
const err1 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs1 === errors;
if(valid0){
const _errs6 = errors;
const _errs7 = errors;
let valid3 = true;
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("SVG" !== data.type){
const err2 = {};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
var _valid1 = _errs8 === errors;
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid1){
const _errs10 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.imageRef === undefined) && (missing1 = "imageRef")){
validate22.errors = [{instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
}
var _valid1 = _errs10 === errors;
valid3 = _valid1;
ifClause0 = "then";
}
else {
const _errs11 = errors;
const _errs12 = errors;
const _errs13 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing2;
if((data.imageRef === undefined) && (missing2 = "imageRef")){
const err3 = {};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var valid5 = _errs13 === errors;
if(valid5){
validate22.errors = [{instancePath,schemaPath:"#/allOf/1/else/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs12;
if(vErrors !== null){
if(_errs12){
vErrors.length = _errs12;
}
else {
vErrors = null;
}
}
}
var _valid1 = _errs11 === errors;
valid3 = _valid1;
ifClause0 = "else";
}
if(!valid3){
const err4 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs6 === errors;
if(valid0){
const _errs14 = errors;
const _errs15 = errors;
let valid6 = true;
const _errs16 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
let data2 = data.type;
if(!((data2 === "FRAME") || (data2 === "GROUP"))){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
var _valid2 = _errs16 === errors;
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs18 = errors;
const _errs19 = errors;
const _errs20 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing3;
if((data.children === undefined) && (missing3 = "children")){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var valid8 = _errs20 === errors;
if(valid8){
validate22.errors = [{instancePath,schemaPath:"#/allOf/2/else/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs19;
if(vErrors !== null){
if(_errs19){
vErrors.length = _errs19;
}
else {
vErrors = null;
}
}
}
var _valid2 = _errs18 === errors;
valid6 = _valid2;
}
if(!valid6){
const err7 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs14 === errors;
if(valid0){
const _errs21 = errors;
const _errs22 = errors;
let valid9 = true;
const _errs23 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("FRAME" !== data.type){
const err8 = {};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
var _valid3 = _errs23 === errors;
errors = _errs22;
if(vErrors !== null){
if(_errs22){
vErrors.length = _errs22;
}
else {
vErrors = null;
}
}
if(!_valid3){
const _errs25 = errors;
const _errs26 = errors;
const _errs27 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing4;
if((data.layoutMode === undefined) && (missing4 = "layoutMode")){
const err9 = {};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
var valid11 = _errs27 === errors;
if(valid11){
validate22.errors = [{instancePath,schemaPath:"#/allOf/3/else/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
}
var _valid3 = _errs25 === errors;
valid9 = _valid3;
}
if(!valid9){
const err10 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs21 === errors;
if(valid0){
const _errs28 = errors;
const _errs29 = errors;
let valid12 = true;
const _errs30 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("TEXT" !== data.type){
const err11 = {};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
var _valid4 = _errs30 === errors;
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
if(!_valid4){
const _errs32 = errors;
const _errs33 = errors;
const _errs34 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing5;
if((data.textStyleId === undefined) && (missing5 = "textStyleId")){
const err12 = {};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var valid14 = _errs34 === errors;
if(valid14){
validate22.errors = [{instancePath,schemaPath:"#/allOf/4/else/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs33;
if(vErrors !== null){
if(_errs33){
vErrors.length = _errs33;
}
else {
vErrors = null;
}
}
}
var _valid4 = _errs32 === errors;
valid12 = _valid4;
}
if(!valid12){
const err13 = {instancePath,schemaPath:"#/allOf/4/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs28 === errors;
if(valid0){
const _errs35 = errors;
const _errs36 = errors;
let valid15 = true;
const _errs37 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing6;
if((data.layoutWrap === undefined) && (missing6 = "layoutWrap")){
const err14 = {};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
if(data.layoutWrap !== undefined){
if("WRAP" !== data.layoutWrap){
const err15 = {};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
}
var _valid5 = _errs37 === errors;
errors = _errs36;
if(vErrors !== null){
if(_errs36){
vErrors.length = _errs36;
}
else {
vErrors = null;
}
}
if(_valid5){
const _errs39 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing7;
if((data.layoutMode === undefined) && (missing7 = "layoutMode")){
validate22.errors = [{instancePath,schemaPath:"#/allOf/5/then/required",keyword:"required",params:{missingProperty: missing7},message:"must have required property '"+missing7+"'"}];
return false;
}
else {
if(data.layoutMode !== undefined){
if("HORIZONTAL" !== data.layoutMode){
validate22.errors = [{instancePath:instancePath+"/layoutMode",schemaPath:"#/allOf/5/then/properties/layoutMode/const",keyword:"const",params:{allowedValue: "HORIZONTAL"},message:"must be equal to constant"}];
return false;
}
}
}
}
var _valid5 = _errs39 === errors;
valid15 = _valid5;
if(valid15){
var props0 = {};
props0.layoutMode = true;
props0.layoutWrap = true;
}
}
if(!valid15){
const err16 = {instancePath,schemaPath:"#/allOf/5/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs35 === errors;
if(valid0){
if(props0 !== true){
props0 = props0 || {};
props0.type = true;
}
const _errs41 = errors;
const _errs42 = errors;
let valid18 = true;
const _errs43 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing8;
if((data.counterAxisSpacing === undefined) && (missing8 = "counterAxisSpacing")){
const err17 = {};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
var _valid6 = _errs43 === errors;
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
if(_valid6){
const _errs44 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing9;
if((data.layoutWrap === undefined) && (missing9 = "layoutWrap")){
validate22.errors = [{instancePath,schemaPath:"#/allOf/6/then/required",keyword:"required",params:{missingProperty: missing9},message:"must have required property '"+missing9+"'"}];
return false;
}
else {
if(data.layoutWrap !== undefined){
if("WRAP" !== data.layoutWrap){
validate22.errors = [{instancePath:instancePath+"/layoutWrap",schemaPath:"#/allOf/6/then/properties/layoutWrap/const",keyword:"const",params:{allowedValue: "WRAP"},message:"must be equal to constant"}];
return false;
}
}
}
}
var _valid6 = _errs44 === errors;
valid18 = _valid6;
if(valid18){
var props1 = {};
props1.layoutWrap = true;
}
}
if(!valid18){
const err18 = {instancePath,schemaPath:"#/allOf/6/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs41 === errors;
if(valid0){
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
const _errs46 = errors;
const _errs47 = errors;
let valid20 = true;
const _errs48 = errors;
const _errs49 = errors;
const _errs50 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing10;
if((data.layoutMode === undefined) && (missing10 = "layoutMode")){
const err19 = {};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
else {
if(data.layoutMode !== undefined){
let data8 = data.layoutMode;
if(!((data8 === "HORIZONTAL") || (data8 === "VERTICAL"))){
const err20 = {};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
}
var valid21 = _errs50 === errors;
if(valid21){
const err21 = {};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
errors = _errs49;
if(vErrors !== null){
if(_errs49){
vErrors.length = _errs49;
}
else {
vErrors = null;
}
}
}
var _valid7 = _errs48 === errors;
errors = _errs47;
if(vErrors !== null){
if(_errs47){
vErrors.length = _errs47;
}
else {
vErrors = null;
}
}
if(_valid7){
const _errs52 = errors;
const _errs53 = errors;
const _errs54 = errors;
const _errs55 = errors;
let valid24 = false;
const _errs56 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing11;
if((data.layoutWrap === undefined) && (missing11 = "layoutWrap")){
const err22 = {};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
var _valid8 = _errs56 === errors;
valid24 = valid24 || _valid8;
const _errs57 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing12;
if((data.itemSpacing === undefined) && (missing12 = "itemSpacing")){
const err23 = {};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
var _valid8 = _errs57 === errors;
valid24 = valid24 || _valid8;
const _errs58 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing13;
if((data.counterAxisSpacing === undefined) && (missing13 = "counterAxisSpacing")){
const err24 = {};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
var _valid8 = _errs58 === errors;
valid24 = valid24 || _valid8;
const _errs59 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing14;
if((data.primaryAxisAlignItems === undefined) && (missing14 = "primaryAxisAlignItems")){
const err25 = {};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
var _valid8 = _errs59 === errors;
valid24 = valid24 || _valid8;
const _errs60 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing15;
if((data.counterAxisAlignItems === undefined) && (missing15 = "counterAxisAlignItems")){
const err26 = {};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
var _valid8 = _errs60 === errors;
valid24 = valid24 || _valid8;
if(!valid24){
const err27 = {};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
else {
errors = _errs55;
if(vErrors !== null){
if(_errs55){
vErrors.length = _errs55;
}
else {
vErrors = null;
}
}
}
var valid23 = _errs54 === errors;
if(valid23){
validate22.errors = [{instancePath,schemaPath:"#/allOf/7/then/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
}
var _valid7 = _errs52 === errors;
valid20 = _valid7;
}
if(!valid20){
const err28 = {instancePath,schemaPath:"#/allOf/7/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs46 === errors;
if(valid0){
const _errs61 = errors;
const _errs62 = errors;
let valid25 = true;
const _errs63 = errors;
const _errs64 = errors;
const _errs65 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing16;
if((data.layoutMode === undefined) && (missing16 = "layoutMode")){
const err29 = {};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
else {
if(data.layoutMode !== undefined){
let data9 = data.layoutMode;
if(!(((data9 === "HORIZONTAL") || (data9 === "VERTICAL")) || (data9 === "GRID"))){
const err30 = {};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
}
var valid26 = _errs65 === errors;
if(valid26){
const err31 = {};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
errors = _errs64;
if(vErrors !== null){
if(_errs64){
vErrors.length = _errs64;
}
else {
vErrors = null;
}
}
}
var _valid9 = _errs63 === errors;
errors = _errs62;
if(vErrors !== null){
if(_errs62){
vErrors.length = _errs62;
}
else {
vErrors = null;
}
}
if(_valid9){
const _errs67 = errors;
const _errs68 = errors;
const _errs69 = errors;
const _errs70 = errors;
let valid29 = false;
const _errs71 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing17;
if((data.paddingLeft === undefined) && (missing17 = "paddingLeft")){
const err32 = {};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
var _valid10 = _errs71 === errors;
valid29 = valid29 || _valid10;
const _errs72 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing18;
if((data.paddingRight === undefined) && (missing18 = "paddingRight")){
const err33 = {};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
var _valid10 = _errs72 === errors;
valid29 = valid29 || _valid10;
const _errs73 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing19;
if((data.paddingTop === undefined) && (missing19 = "paddingTop")){
const err34 = {};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
var _valid10 = _errs73 === errors;
valid29 = valid29 || _valid10;
const _errs74 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing20;
if((data.paddingBottom === undefined) && (missing20 = "paddingBottom")){
const err35 = {};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
var _valid10 = _errs74 === errors;
valid29 = valid29 || _valid10;
if(!valid29){
const err36 = {};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
else {
errors = _errs70;
if(vErrors !== null){
if(_errs70){
vErrors.length = _errs70;
}
else {
vErrors = null;
}
}
}
var valid28 = _errs69 === errors;
if(valid28){
validate22.errors = [{instancePath,schemaPath:"#/allOf/8/then/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
}
var _valid9 = _errs67 === errors;
valid25 = _valid9;
}
if(!valid25){
const err37 = {instancePath,schemaPath:"#/allOf/8/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs61 === errors;
if(valid0){
const _errs75 = errors;
const _errs76 = errors;
let valid30 = true;
const _errs77 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing21;
if((data.layoutMode === undefined) && (missing21 = "layoutMode")){
const err38 = {};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
else {
if(data.layoutMode !== undefined){
if("GRID" !== data.layoutMode){
const err39 = {};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
}
var _valid11 = _errs77 === errors;
errors = _errs76;
if(vErrors !== null){
if(_errs76){
vErrors.length = _errs76;
}
else {
vErrors = null;
}
}
let ifClause1;
if(_valid11){
const _errs79 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing22;
if(((data.gridRowCount === undefined) && (missing22 = "gridRowCount")) || ((data.gridColumnCount === undefined) && (missing22 = "gridColumnCount"))){
validate22.errors = [{instancePath,schemaPath:"#/allOf/9/then/required",keyword:"required",params:{missingProperty: missing22},message:"must have required property '"+missing22+"'"}];
return false;
}
}
var _valid11 = _errs79 === errors;
valid30 = _valid11;
ifClause1 = "then";
}
else {
const _errs80 = errors;
const _errs81 = errors;
const _errs82 = errors;
const _errs83 = errors;
let valid33 = false;
const _errs84 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing23;
if((data.gridRowCount === undefined) && (missing23 = "gridRowCount")){
const err40 = {};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
var _valid12 = _errs84 === errors;
valid33 = valid33 || _valid12;
const _errs85 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing24;
if((data.gridColumnCount === undefined) && (missing24 = "gridColumnCount")){
const err41 = {};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
var _valid12 = _errs85 === errors;
valid33 = valid33 || _valid12;
const _errs86 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing25;
if((data.gridRowGap === undefined) && (missing25 = "gridRowGap")){
const err42 = {};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
var _valid12 = _errs86 === errors;
valid33 = valid33 || _valid12;
const _errs87 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing26;
if((data.gridColumnGap === undefined) && (missing26 = "gridColumnGap")){
const err43 = {};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
var _valid12 = _errs87 === errors;
valid33 = valid33 || _valid12;
const _errs88 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing27;
if((data.gridRowSizes === undefined) && (missing27 = "gridRowSizes")){
const err44 = {};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
var _valid12 = _errs88 === errors;
valid33 = valid33 || _valid12;
const _errs89 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing28;
if((data.gridColumnSizes === undefined) && (missing28 = "gridColumnSizes")){
const err45 = {};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
var _valid12 = _errs89 === errors;
valid33 = valid33 || _valid12;
if(!valid33){
const err46 = {};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
else {
errors = _errs83;
if(vErrors !== null){
if(_errs83){
vErrors.length = _errs83;
}
else {
vErrors = null;
}
}
}
var valid32 = _errs82 === errors;
if(valid32){
validate22.errors = [{instancePath,schemaPath:"#/allOf/9/else/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs81;
if(vErrors !== null){
if(_errs81){
vErrors.length = _errs81;
}
else {
vErrors = null;
}
}
}
var _valid11 = _errs80 === errors;
valid30 = _valid11;
ifClause1 = "else";
}
if(!valid30){
const err47 = {instancePath,schemaPath:"#/allOf/9/if",keyword:"if",params:{failingKeyword: ifClause1},message:"must match \""+ifClause1+"\" schema"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs75 === errors;
if(valid0){
if(props0 !== true){
props0 = props0 || {};
props0.layoutMode = true;
}
const _errs90 = errors;
const _errs91 = errors;
let valid34 = true;
const _errs92 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("TEXT" !== data.type){
const err48 = {};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
var _valid13 = _errs92 === errors;
errors = _errs91;
if(vErrors !== null){
if(_errs91){
vErrors.length = _errs91;
}
else {
vErrors = null;
}
}
if(!_valid13){
const _errs94 = errors;
const _errs95 = errors;
const _errs96 = errors;
const _errs97 = errors;
let valid37 = false;
const _errs98 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing29;
if((data.styledTextSegments === undefined) && (missing29 = "styledTextSegments")){
const err49 = {};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
var _valid14 = _errs98 === errors;
valid37 = valid37 || _valid14;
const _errs99 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing30;
if((data.textWrapStyle === undefined) && (missing30 = "textWrapStyle")){
const err50 = {};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
var _valid14 = _errs99 === errors;
valid37 = valid37 || _valid14;
const _errs100 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing31;
if((data.hangingList === undefined) && (missing31 = "hangingList")){
const err51 = {};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
var _valid14 = _errs100 === errors;
valid37 = valid37 || _valid14;
const _errs101 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing32;
if((data.listMarker === undefined) && (missing32 = "listMarker")){
const err52 = {};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
var _valid14 = _errs101 === errors;
valid37 = valid37 || _valid14;
const _errs102 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing33;
if((data.listText === undefined) && (missing33 = "listText")){
const err53 = {};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
var _valid14 = _errs102 === errors;
valid37 = valid37 || _valid14;
if(!valid37){
const err54 = {};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
else {
errors = _errs97;
if(vErrors !== null){
if(_errs97){
vErrors.length = _errs97;
}
else {
vErrors = null;
}
}
}
var valid36 = _errs96 === errors;
if(valid36){
validate22.errors = [{instancePath,schemaPath:"#/allOf/10/else/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs95;
if(vErrors !== null){
if(_errs95){
vErrors.length = _errs95;
}
else {
vErrors = null;
}
}
}
var _valid13 = _errs94 === errors;
valid34 = _valid13;
}
if(!valid34){
const err55 = {instancePath,schemaPath:"#/allOf/10/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid0 = _errs90 === errors;
if(valid0){
if(props0 !== true){
props0 = props0 || {};
props0.type = true;
}
}
}
}
}
}
}
}
}
}
}
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing34;
if((((data.type === undefined) && (missing34 = "type")) || ((data.id === undefined) && (missing34 = "id"))) || ((data.name === undefined) && (missing34 = "name"))){
validate22.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing34},message:"must have required property '"+missing34+"'"}];
return false;
}
else {
if(props0 !== true){
props0 = props0 || {};
props0.type = true;
props0.id = true;
props0.name = true;
props0.x = true;
props0.y = true;
props0.width = true;
props0.height = true;
props0.relativeTransform = true;
props0.untransformedWidth = true;
props0.untransformedHeight = true;
props0.visible = true;
props0.opacity = true;
props0.blendMode = true;
props0.constraints = true;
props0.fills = true;
props0.strokes = true;
props0.strokeWeight = true;
props0.strokeTopWeight = true;
props0.strokeRightWeight = true;
props0.strokeBottomWeight = true;
props0.strokeLeftWeight = true;
props0.strokeAlign = true;
props0.dashPattern = true;
props0.cornerRadius = true;
props0.topLeftRadius = true;
props0.topRightRadius = true;
props0.bottomRightRadius = true;
props0.bottomLeftRadius = true;
props0.effects = true;
props0.clipsContent = true;
props0.children = true;
props0.characters = true;
props0.fontName = true;
props0.fontSize = true;
props0.fontWeight = true;
props0.lineHeight = true;
props0.letterSpacing = true;
props0.textAlignHorizontal = true;
props0.textAlignVertical = true;
props0.textAutoResize = true;
props0.textCase = true;
props0.textDecoration = true;
props0.textDecorationStyle = true;
props0.textDecorationOffset = true;
props0.textDecorationThickness = true;
props0.textDecorationColor = true;
props0.textTruncation = true;
props0.maxLines = true;
props0.textWrapStyle = true;
props0.paragraphIndent = true;
props0.hangingList = true;
props0.listMarker = true;
props0.listText = true;
props0.imageRef = true;
props0.vectorPaths = true;
props0.layoutMode = true;
props0.layoutWrap = true;
props0.paddingLeft = true;
props0.paddingRight = true;
props0.paddingTop = true;
props0.paddingBottom = true;
props0.itemSpacing = true;
props0.counterAxisSpacing = true;
props0.itemReverseZIndex = true;
props0.primaryAxisAlignItems = true;
props0.counterAxisAlignItems = true;
props0.layoutSizingHorizontal = true;
props0.layoutSizingVertical = true;
props0.layoutPositioning = true;
props0.minWidth = true;
props0.maxWidth = true;
props0.minHeight = true;
props0.maxHeight = true;
props0.gridRowCount = true;
props0.gridColumnCount = true;
props0.gridRowGap = true;
props0.gridColumnGap = true;
props0.gridRowSizes = true;
props0.gridColumnSizes = true;
props0.gridRowAnchorIndex = true;
props0.gridColumnAnchorIndex = true;
props0.gridRowSpan = true;
props0.gridColumnSpan = true;
props0.gridChildHorizontalAlign = true;
props0.gridChildVerticalAlign = true;
props0.scrollBehavior = true;
props0.fillStyleId = true;
props0.strokeStyleId = true;
props0.textStyleId = true;
props0.effectStyleId = true;
props0.componentId = true;
props0.componentName = true;
props0.componentVariants = true;
props0.variantOf = true;
props0.variantProperties = true;
props0.styledTextSegments = true;
}
if(data.type !== undefined){
let data12 = data.type;
const _errs103 = errors;
if(!((((((((data12 === "FRAME") || (data12 === "GROUP")) || (data12 === "TEXT")) || (data12 === "RECTANGLE")) || (data12 === "ELLIPSE")) || (data12 === "LINE")) || (data12 === "VECTOR")) || (data12 === "SVG"))){
validate22.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema38.properties.type.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs103 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.id !== undefined){
let data13 = data.id;
const _errs104 = errors;
if(errors === _errs104){
if(typeof data13 === "string"){
if(func1(data13) > 255){
validate22.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data13) < 1){
validate22.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs104 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.name !== undefined){
const _errs106 = errors;
if(typeof data.name !== "string"){
validate22.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid38 = _errs106 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.x !== undefined){
const _errs108 = errors;
if(!(typeof data.x == "number")){
validate22.errors = [{instancePath:instancePath+"/x",schemaPath:"#/properties/x/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid38 = _errs108 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.y !== undefined){
const _errs110 = errors;
if(!(typeof data.y == "number")){
validate22.errors = [{instancePath:instancePath+"/y",schemaPath:"#/properties/y/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid38 = _errs110 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.width !== undefined){
let data17 = data.width;
const _errs112 = errors;
if(errors === _errs112){
if(typeof data17 == "number"){
if(data17 < 0 || isNaN(data17)){
validate22.errors = [{instancePath:instancePath+"/width",schemaPath:"#/properties/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/width",schemaPath:"#/properties/width/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs112 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.height !== undefined){
let data18 = data.height;
const _errs114 = errors;
if(errors === _errs114){
if(typeof data18 == "number"){
if(data18 < 0 || isNaN(data18)){
validate22.errors = [{instancePath:instancePath+"/height",schemaPath:"#/properties/height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/height",schemaPath:"#/properties/height/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs114 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.relativeTransform !== undefined){
let data19 = data.relativeTransform;
const _errs116 = errors;
const _errs117 = errors;
if(errors === _errs117){
if(Array.isArray(data19)){
if(data19.length > 2){
validate22.errors = [{instancePath:instancePath+"/relativeTransform",schemaPath:"#/$defs/transform/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data19.length < 2){
validate22.errors = [{instancePath:instancePath+"/relativeTransform",schemaPath:"#/$defs/transform/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
var valid40 = true;
const len0 = data19.length;
for(let i0=0; i0<len0; i0++){
let data20 = data19[i0];
const _errs119 = errors;
if(errors === _errs119){
if(Array.isArray(data20)){
if(data20.length > 3){
validate22.errors = [{instancePath:instancePath+"/relativeTransform/" + i0,schemaPath:"#/$defs/transform/items/maxItems",keyword:"maxItems",params:{limit: 3},message:"must NOT have more than 3 items"}];
return false;
}
else {
if(data20.length < 3){
validate22.errors = [{instancePath:instancePath+"/relativeTransform/" + i0,schemaPath:"#/$defs/transform/items/minItems",keyword:"minItems",params:{limit: 3},message:"must NOT have fewer than 3 items"}];
return false;
}
else {
var valid41 = true;
const len1 = data20.length;
for(let i1=0; i1<len1; i1++){
const _errs121 = errors;
if(!(typeof data20[i1] == "number")){
validate22.errors = [{instancePath:instancePath+"/relativeTransform/" + i0+"/" + i1,schemaPath:"#/$defs/transform/items/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid41 = _errs121 === errors;
if(!valid41){
break;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/relativeTransform/" + i0,schemaPath:"#/$defs/transform/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid40 = _errs119 === errors;
if(!valid40){
break;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/relativeTransform",schemaPath:"#/$defs/transform/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs116 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.untransformedWidth !== undefined){
let data22 = data.untransformedWidth;
const _errs123 = errors;
if(errors === _errs123){
if(typeof data22 == "number"){
if(data22 > 10000000 || isNaN(data22)){
validate22.errors = [{instancePath:instancePath+"/untransformedWidth",schemaPath:"#/properties/untransformedWidth/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000000},message:"must be <= 10000000"}];
return false;
}
else {
if(data22 <= 0 || isNaN(data22)){
validate22.errors = [{instancePath:instancePath+"/untransformedWidth",schemaPath:"#/properties/untransformedWidth/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/untransformedWidth",schemaPath:"#/properties/untransformedWidth/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs123 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.untransformedHeight !== undefined){
let data23 = data.untransformedHeight;
const _errs125 = errors;
if(errors === _errs125){
if(typeof data23 == "number"){
if(data23 > 10000000 || isNaN(data23)){
validate22.errors = [{instancePath:instancePath+"/untransformedHeight",schemaPath:"#/properties/untransformedHeight/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000000},message:"must be <= 10000000"}];
return false;
}
else {
if(data23 <= 0 || isNaN(data23)){
validate22.errors = [{instancePath:instancePath+"/untransformedHeight",schemaPath:"#/properties/untransformedHeight/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/untransformedHeight",schemaPath:"#/properties/untransformedHeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs125 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.visible !== undefined){
const _errs127 = errors;
if(typeof data.visible !== "boolean"){
validate22.errors = [{instancePath:instancePath+"/visible",schemaPath:"#/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid38 = _errs127 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.opacity !== undefined){
let data25 = data.opacity;
const _errs129 = errors;
if(errors === _errs129){
if(typeof data25 == "number"){
if(data25 > 1 || isNaN(data25)){
validate22.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data25 < 0 || isNaN(data25)){
validate22.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/opacity",schemaPath:"#/properties/opacity/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs129 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.blendMode !== undefined){
let data26 = data.blendMode;
const _errs131 = errors;
if(!(((((((((((((((((((data26 === "PASS_THROUGH") || (data26 === "NORMAL")) || (data26 === "DARKEN")) || (data26 === "MULTIPLY")) || (data26 === "LINEAR_BURN")) || (data26 === "COLOR_BURN")) || (data26 === "LIGHTEN")) || (data26 === "SCREEN")) || (data26 === "LINEAR_DODGE")) || (data26 === "COLOR_DODGE")) || (data26 === "OVERLAY")) || (data26 === "SOFT_LIGHT")) || (data26 === "HARD_LIGHT")) || (data26 === "DIFFERENCE")) || (data26 === "EXCLUSION")) || (data26 === "HUE")) || (data26 === "SATURATION")) || (data26 === "COLOR")) || (data26 === "LUMINOSITY"))){
validate22.errors = [{instancePath:instancePath+"/blendMode",schemaPath:"#/$defs/blendMode/enum",keyword:"enum",params:{allowedValues: schema40.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs131 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.constraints !== undefined){
let data27 = data.constraints;
const _errs133 = errors;
if(errors === _errs133){
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
let missing35;
if(((data27.horizontal === undefined) && (missing35 = "horizontal")) || ((data27.vertical === undefined) && (missing35 = "vertical"))){
validate22.errors = [{instancePath:instancePath+"/constraints",schemaPath:"#/properties/constraints/required",keyword:"required",params:{missingProperty: missing35},message:"must have required property '"+missing35+"'"}];
return false;
}
else {
const _errs135 = errors;
for(const key0 in data27){
if(!((key0 === "horizontal") || (key0 === "vertical"))){
validate22.errors = [{instancePath:instancePath+"/constraints",schemaPath:"#/properties/constraints/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs135 === errors){
if(data27.horizontal !== undefined){
let data28 = data27.horizontal;
const _errs136 = errors;
if(!(((((data28 === "MIN") || (data28 === "CENTER")) || (data28 === "MAX")) || (data28 === "STRETCH")) || (data28 === "SCALE"))){
validate22.errors = [{instancePath:instancePath+"/constraints/horizontal",schemaPath:"#/$defs/constraintType/enum",keyword:"enum",params:{allowedValues: schema41.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid43 = _errs136 === errors;
}
else {
var valid43 = true;
}
if(valid43){
if(data27.vertical !== undefined){
let data29 = data27.vertical;
const _errs138 = errors;
if(!(((((data29 === "MIN") || (data29 === "CENTER")) || (data29 === "MAX")) || (data29 === "STRETCH")) || (data29 === "SCALE"))){
validate22.errors = [{instancePath:instancePath+"/constraints/vertical",schemaPath:"#/$defs/constraintType/enum",keyword:"enum",params:{allowedValues: schema41.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid43 = _errs138 === errors;
}
else {
var valid43 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/constraints",schemaPath:"#/properties/constraints/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid38 = _errs133 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.fills !== undefined){
let data30 = data.fills;
const _errs140 = errors;
if(errors === _errs140){
if(Array.isArray(data30)){
var valid46 = true;
const len2 = data30.length;
for(let i2=0; i2<len2; i2++){
const _errs142 = errors;
if(!(validate23(data30[i2], {instancePath:instancePath+"/fills/" + i2,parentData:data30,parentDataProperty:i2,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
var valid46 = _errs142 === errors;
if(!valid46){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/fills",schemaPath:"#/properties/fills/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs140 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.strokes !== undefined){
let data32 = data.strokes;
const _errs143 = errors;
if(errors === _errs143){
if(Array.isArray(data32)){
var valid47 = true;
const len3 = data32.length;
for(let i3=0; i3<len3; i3++){
const _errs145 = errors;
if(!(validate23(data32[i3], {instancePath:instancePath+"/strokes/" + i3,parentData:data32,parentDataProperty:i3,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
var valid47 = _errs145 === errors;
if(!valid47){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/strokes",schemaPath:"#/properties/strokes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs143 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.strokeWeight !== undefined){
let data34 = data.strokeWeight;
const _errs146 = errors;
if(errors === _errs146){
if(typeof data34 == "number"){
if(data34 < 0 || isNaN(data34)){
validate22.errors = [{instancePath:instancePath+"/strokeWeight",schemaPath:"#/properties/strokeWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/strokeWeight",schemaPath:"#/properties/strokeWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs146 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.strokeTopWeight !== undefined){
let data35 = data.strokeTopWeight;
const _errs148 = errors;
if(errors === _errs148){
if(typeof data35 == "number"){
if(data35 < 0 || isNaN(data35)){
validate22.errors = [{instancePath:instancePath+"/strokeTopWeight",schemaPath:"#/properties/strokeTopWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/strokeTopWeight",schemaPath:"#/properties/strokeTopWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs148 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.strokeRightWeight !== undefined){
let data36 = data.strokeRightWeight;
const _errs150 = errors;
if(errors === _errs150){
if(typeof data36 == "number"){
if(data36 < 0 || isNaN(data36)){
validate22.errors = [{instancePath:instancePath+"/strokeRightWeight",schemaPath:"#/properties/strokeRightWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/strokeRightWeight",schemaPath:"#/properties/strokeRightWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs150 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.strokeBottomWeight !== undefined){
let data37 = data.strokeBottomWeight;
const _errs152 = errors;
if(errors === _errs152){
if(typeof data37 == "number"){
if(data37 < 0 || isNaN(data37)){
validate22.errors = [{instancePath:instancePath+"/strokeBottomWeight",schemaPath:"#/properties/strokeBottomWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/strokeBottomWeight",schemaPath:"#/properties/strokeBottomWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs152 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.strokeLeftWeight !== undefined){
let data38 = data.strokeLeftWeight;
const _errs154 = errors;
if(errors === _errs154){
if(typeof data38 == "number"){
if(data38 < 0 || isNaN(data38)){
validate22.errors = [{instancePath:instancePath+"/strokeLeftWeight",schemaPath:"#/properties/strokeLeftWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/strokeLeftWeight",schemaPath:"#/properties/strokeLeftWeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs154 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.strokeAlign !== undefined){
let data39 = data.strokeAlign;
const _errs156 = errors;
if(!(((data39 === "INSIDE") || (data39 === "OUTSIDE")) || (data39 === "CENTER"))){
validate22.errors = [{instancePath:instancePath+"/strokeAlign",schemaPath:"#/properties/strokeAlign/enum",keyword:"enum",params:{allowedValues: schema38.properties.strokeAlign.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs156 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.dashPattern !== undefined){
let data40 = data.dashPattern;
const _errs157 = errors;
if(errors === _errs157){
if(Array.isArray(data40)){
var valid48 = true;
const len4 = data40.length;
for(let i4=0; i4<len4; i4++){
let data41 = data40[i4];
const _errs159 = errors;
if(errors === _errs159){
if(typeof data41 == "number"){
if(data41 < 0 || isNaN(data41)){
validate22.errors = [{instancePath:instancePath+"/dashPattern/" + i4,schemaPath:"#/properties/dashPattern/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/dashPattern/" + i4,schemaPath:"#/properties/dashPattern/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid48 = _errs159 === errors;
if(!valid48){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/dashPattern",schemaPath:"#/properties/dashPattern/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs157 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.cornerRadius !== undefined){
let data42 = data.cornerRadius;
const _errs161 = errors;
if(errors === _errs161){
if(typeof data42 == "number"){
if(data42 < 0 || isNaN(data42)){
validate22.errors = [{instancePath:instancePath+"/cornerRadius",schemaPath:"#/properties/cornerRadius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/cornerRadius",schemaPath:"#/properties/cornerRadius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs161 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.topLeftRadius !== undefined){
let data43 = data.topLeftRadius;
const _errs163 = errors;
if(errors === _errs163){
if(typeof data43 == "number"){
if(data43 < 0 || isNaN(data43)){
validate22.errors = [{instancePath:instancePath+"/topLeftRadius",schemaPath:"#/properties/topLeftRadius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/topLeftRadius",schemaPath:"#/properties/topLeftRadius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs163 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.topRightRadius !== undefined){
let data44 = data.topRightRadius;
const _errs165 = errors;
if(errors === _errs165){
if(typeof data44 == "number"){
if(data44 < 0 || isNaN(data44)){
validate22.errors = [{instancePath:instancePath+"/topRightRadius",schemaPath:"#/properties/topRightRadius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/topRightRadius",schemaPath:"#/properties/topRightRadius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs165 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.bottomRightRadius !== undefined){
let data45 = data.bottomRightRadius;
const _errs167 = errors;
if(errors === _errs167){
if(typeof data45 == "number"){
if(data45 < 0 || isNaN(data45)){
validate22.errors = [{instancePath:instancePath+"/bottomRightRadius",schemaPath:"#/properties/bottomRightRadius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/bottomRightRadius",schemaPath:"#/properties/bottomRightRadius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs167 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.bottomLeftRadius !== undefined){
let data46 = data.bottomLeftRadius;
const _errs169 = errors;
if(errors === _errs169){
if(typeof data46 == "number"){
if(data46 < 0 || isNaN(data46)){
validate22.errors = [{instancePath:instancePath+"/bottomLeftRadius",schemaPath:"#/properties/bottomLeftRadius/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/bottomLeftRadius",schemaPath:"#/properties/bottomLeftRadius/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs169 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.effects !== undefined){
let data47 = data.effects;
const _errs171 = errors;
if(errors === _errs171){
if(Array.isArray(data47)){
var valid49 = true;
const len5 = data47.length;
for(let i5=0; i5<len5; i5++){
const _errs173 = errors;
if(!(validate37(data47[i5], {instancePath:instancePath+"/effects/" + i5,parentData:data47,parentDataProperty:i5,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var valid49 = _errs173 === errors;
if(!valid49){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs171 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.clipsContent !== undefined){
const _errs174 = errors;
if(typeof data.clipsContent !== "boolean"){
validate22.errors = [{instancePath:instancePath+"/clipsContent",schemaPath:"#/properties/clipsContent/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid38 = _errs174 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.children !== undefined){
let data50 = data.children;
const _errs176 = errors;
if(errors === _errs176){
if(Array.isArray(data50)){
var valid50 = true;
const len6 = data50.length;
for(let i6=0; i6<len6; i6++){
const _errs178 = errors;
if(!(wrapper0.validate(data50[i6], {instancePath:instancePath+"/children/" + i6,parentData:data50,parentDataProperty:i6,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
errors = vErrors.length;
}
var valid50 = _errs178 === errors;
if(!valid50){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/children",schemaPath:"#/properties/children/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs176 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.characters !== undefined){
const _errs179 = errors;
if(typeof data.characters !== "string"){
validate22.errors = [{instancePath:instancePath+"/characters",schemaPath:"#/properties/characters/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid38 = _errs179 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.fontName !== undefined){
let data53 = data.fontName;
const _errs181 = errors;
const _errs182 = errors;
if(errors === _errs182){
if(data53 && typeof data53 == "object" && !Array.isArray(data53)){
let missing36;
if(((data53.family === undefined) && (missing36 = "family")) || ((data53.style === undefined) && (missing36 = "style"))){
validate22.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/required",keyword:"required",params:{missingProperty: missing36},message:"must have required property '"+missing36+"'"}];
return false;
}
else {
const _errs184 = errors;
for(const key1 in data53){
if(!((key1 === "family") || (key1 === "style"))){
validate22.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs184 === errors){
if(data53.family !== undefined){
let data54 = data53.family;
const _errs185 = errors;
if(errors === _errs185){
if(typeof data54 === "string"){
if(func1(data54) > 255){
validate22.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data54) < 1){
validate22.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid52 = _errs185 === errors;
}
else {
var valid52 = true;
}
if(valid52){
if(data53.style !== undefined){
let data55 = data53.style;
const _errs187 = errors;
if(errors === _errs187){
if(typeof data55 === "string"){
if(func1(data55) > 255){
validate22.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data55) < 1){
validate22.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid52 = _errs187 === errors;
}
else {
var valid52 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid38 = _errs181 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.fontSize !== undefined){
let data56 = data.fontSize;
const _errs189 = errors;
if(errors === _errs189){
if(typeof data56 == "number"){
if(data56 <= 0 || isNaN(data56)){
validate22.errors = [{instancePath:instancePath+"/fontSize",schemaPath:"#/properties/fontSize/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/fontSize",schemaPath:"#/properties/fontSize/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs189 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.fontWeight !== undefined){
let data57 = data.fontWeight;
const _errs191 = errors;
if(!((typeof data57 == "number") && (!(data57 % 1) && !isNaN(data57)))){
validate22.errors = [{instancePath:instancePath+"/fontWeight",schemaPath:"#/properties/fontWeight/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs191){
if(typeof data57 == "number"){
if(data57 > 1000 || isNaN(data57)){
validate22.errors = [{instancePath:instancePath+"/fontWeight",schemaPath:"#/properties/fontWeight/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"}];
return false;
}
else {
if(data57 < 1 || isNaN(data57)){
validate22.errors = [{instancePath:instancePath+"/fontWeight",schemaPath:"#/properties/fontWeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid38 = _errs191 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.lineHeight !== undefined){
let data58 = data.lineHeight;
const _errs193 = errors;
const _errs194 = errors;
if(errors === _errs194){
if(data58 && typeof data58 == "object" && !Array.isArray(data58)){
const tag0 = data58.unit;
if(typeof tag0 == "string"){
if(tag0 === "PIXELS"){
const _errs196 = errors;
if(errors === _errs196){
if(data58 && typeof data58 == "object" && !Array.isArray(data58)){
let missing37;
if(((data58.value === undefined) && (missing37 = "value")) || ((data58.unit === undefined) && (missing37 = "unit"))){
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/required",keyword:"required",params:{missingProperty: missing37},message:"must have required property '"+missing37+"'"}];
return false;
}
else {
const _errs198 = errors;
for(const key2 in data58){
if(!((key2 === "value") || (key2 === "unit"))){
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs198 === errors){
if(data58.value !== undefined){
const _errs199 = errors;
if(!(typeof data58.value == "number")){
validate22.errors = [{instancePath:instancePath+"/lineHeight/value",schemaPath:"#/$defs/lineHeight/oneOf/0/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid56 = _errs199 === errors;
}
else {
var valid56 = true;
}
if(valid56){
if(data58.unit !== undefined){
let data60 = data58.unit;
const _errs201 = errors;
if(!((data60 === "PIXELS") || (data60 === "PERCENT"))){
validate22.errors = [{instancePath:instancePath+"/lineHeight/unit",schemaPath:"#/$defs/lineHeight/oneOf/0/properties/unit/enum",keyword:"enum",params:{allowedValues: schema69.oneOf[0].properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid56 = _errs201 === errors;
}
else {
var valid56 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var props6 = true;
}
else if(tag0 === "PERCENT"){
const _errs202 = errors;
if(errors === _errs202){
if(data58 && typeof data58 == "object" && !Array.isArray(data58)){
let missing38;
if(((data58.value === undefined) && (missing38 = "value")) || ((data58.unit === undefined) && (missing38 = "unit"))){
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/required",keyword:"required",params:{missingProperty: missing38},message:"must have required property '"+missing38+"'"}];
return false;
}
else {
const _errs204 = errors;
for(const key3 in data58){
if(!((key3 === "value") || (key3 === "unit"))){
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs204 === errors){
if(data58.value !== undefined){
const _errs205 = errors;
if(!(typeof data58.value == "number")){
validate22.errors = [{instancePath:instancePath+"/lineHeight/value",schemaPath:"#/$defs/lineHeight/oneOf/0/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid58 = _errs205 === errors;
}
else {
var valid58 = true;
}
if(valid58){
if(data58.unit !== undefined){
let data62 = data58.unit;
const _errs207 = errors;
if(!((data62 === "PIXELS") || (data62 === "PERCENT"))){
validate22.errors = [{instancePath:instancePath+"/lineHeight/unit",schemaPath:"#/$defs/lineHeight/oneOf/0/properties/unit/enum",keyword:"enum",params:{allowedValues: schema69.oneOf[0].properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid58 = _errs207 === errors;
}
else {
var valid58 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
if(props6 !== true){
props6 = true;
}
}
else if(tag0 === "AUTO"){
const _errs208 = errors;
if(errors === _errs208){
if(data58 && typeof data58 == "object" && !Array.isArray(data58)){
let missing39;
if((data58.unit === undefined) && (missing39 = "unit")){
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/1/required",keyword:"required",params:{missingProperty: missing39},message:"must have required property '"+missing39+"'"}];
return false;
}
else {
const _errs210 = errors;
for(const key4 in data58){
if(!(key4 === "unit")){
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs210 === errors){
if(data58.unit !== undefined){
if("AUTO" !== data58.unit){
validate22.errors = [{instancePath:instancePath+"/lineHeight/unit",schemaPath:"#/$defs/lineHeight/oneOf/1/properties/unit/const",keyword:"const",params:{allowedValue: "AUTO"},message:"must be equal to constant"}];
return false;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
if(props6 !== true){
props6 = true;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "unit", tagValue: tag0},message:"value of tag \"unit\" must be in oneOf"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/discriminator",keyword:"discriminator",params:{error: "tag", tag: "unit", tagValue: tag0},message:"tag \"unit\" must be string"}];
return false;
}
}
}
var valid38 = _errs193 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.letterSpacing !== undefined){
let data64 = data.letterSpacing;
const _errs212 = errors;
const _errs213 = errors;
if(errors === _errs213){
if(data64 && typeof data64 == "object" && !Array.isArray(data64)){
let missing40;
if(((data64.value === undefined) && (missing40 = "value")) || ((data64.unit === undefined) && (missing40 = "unit"))){
validate22.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/required",keyword:"required",params:{missingProperty: missing40},message:"must have required property '"+missing40+"'"}];
return false;
}
else {
const _errs215 = errors;
for(const key5 in data64){
if(!((key5 === "value") || (key5 === "unit"))){
validate22.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs215 === errors){
if(data64.value !== undefined){
const _errs216 = errors;
if(!(typeof data64.value == "number")){
validate22.errors = [{instancePath:instancePath+"/letterSpacing/value",schemaPath:"#/$defs/letterSpacing/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid62 = _errs216 === errors;
}
else {
var valid62 = true;
}
if(valid62){
if(data64.unit !== undefined){
let data66 = data64.unit;
const _errs218 = errors;
if(!((data66 === "PIXELS") || (data66 === "PERCENT"))){
validate22.errors = [{instancePath:instancePath+"/letterSpacing/unit",schemaPath:"#/$defs/letterSpacing/properties/unit/enum",keyword:"enum",params:{allowedValues: schema70.properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid62 = _errs218 === errors;
}
else {
var valid62 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid38 = _errs212 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textAlignHorizontal !== undefined){
let data67 = data.textAlignHorizontal;
const _errs219 = errors;
if(!((((data67 === "LEFT") || (data67 === "CENTER")) || (data67 === "RIGHT")) || (data67 === "JUSTIFIED"))){
validate22.errors = [{instancePath:instancePath+"/textAlignHorizontal",schemaPath:"#/properties/textAlignHorizontal/enum",keyword:"enum",params:{allowedValues: schema38.properties.textAlignHorizontal.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs219 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textAlignVertical !== undefined){
let data68 = data.textAlignVertical;
const _errs220 = errors;
if(!(((data68 === "TOP") || (data68 === "CENTER")) || (data68 === "BOTTOM"))){
validate22.errors = [{instancePath:instancePath+"/textAlignVertical",schemaPath:"#/properties/textAlignVertical/enum",keyword:"enum",params:{allowedValues: schema38.properties.textAlignVertical.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs220 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textAutoResize !== undefined){
let data69 = data.textAutoResize;
const _errs221 = errors;
if(!((((data69 === "NONE") || (data69 === "WIDTH_AND_HEIGHT")) || (data69 === "HEIGHT")) || (data69 === "TRUNCATE"))){
validate22.errors = [{instancePath:instancePath+"/textAutoResize",schemaPath:"#/properties/textAutoResize/enum",keyword:"enum",params:{allowedValues: schema38.properties.textAutoResize.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs221 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textCase !== undefined){
let data70 = data.textCase;
const _errs222 = errors;
if(!((((((data70 === "ORIGINAL") || (data70 === "UPPER")) || (data70 === "LOWER")) || (data70 === "TITLE")) || (data70 === "SMALL_CAPS")) || (data70 === "SMALL_CAPS_FORCED"))){
validate22.errors = [{instancePath:instancePath+"/textCase",schemaPath:"#/$defs/textCase/enum",keyword:"enum",params:{allowedValues: schema71.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs222 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textDecoration !== undefined){
let data71 = data.textDecoration;
const _errs224 = errors;
if(!(((data71 === "NONE") || (data71 === "UNDERLINE")) || (data71 === "STRIKETHROUGH"))){
validate22.errors = [{instancePath:instancePath+"/textDecoration",schemaPath:"#/$defs/textDecoration/enum",keyword:"enum",params:{allowedValues: schema72.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs224 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textDecorationStyle !== undefined){
let data72 = data.textDecorationStyle;
const _errs226 = errors;
if(!(((data72 === "SOLID") || (data72 === "WAVY")) || (data72 === "DOTTED"))){
validate22.errors = [{instancePath:instancePath+"/textDecorationStyle",schemaPath:"#/$defs/textDecorationStyle/enum",keyword:"enum",params:{allowedValues: schema73.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs226 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textDecorationOffset !== undefined){
let data73 = data.textDecorationOffset;
const _errs228 = errors;
const _errs229 = errors;
if(errors === _errs229){
if(data73 && typeof data73 == "object" && !Array.isArray(data73)){
let missing41;
if(((data73.value === undefined) && (missing41 = "value")) || ((data73.unit === undefined) && (missing41 = "unit"))){
validate22.errors = [{instancePath:instancePath+"/textDecorationOffset",schemaPath:"#/$defs/textDecorationLength/required",keyword:"required",params:{missingProperty: missing41},message:"must have required property '"+missing41+"'"}];
return false;
}
else {
const _errs231 = errors;
for(const key6 in data73){
if(!((key6 === "value") || (key6 === "unit"))){
validate22.errors = [{instancePath:instancePath+"/textDecorationOffset",schemaPath:"#/$defs/textDecorationLength/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs231 === errors){
if(data73.value !== undefined){
const _errs232 = errors;
if(!(typeof data73.value == "number")){
validate22.errors = [{instancePath:instancePath+"/textDecorationOffset/value",schemaPath:"#/$defs/textDecorationLength/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid67 = _errs232 === errors;
}
else {
var valid67 = true;
}
if(valid67){
if(data73.unit !== undefined){
let data75 = data73.unit;
const _errs234 = errors;
if(!((data75 === "PIXELS") || (data75 === "PERCENT"))){
validate22.errors = [{instancePath:instancePath+"/textDecorationOffset/unit",schemaPath:"#/$defs/textDecorationLength/properties/unit/enum",keyword:"enum",params:{allowedValues: schema74.properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid67 = _errs234 === errors;
}
else {
var valid67 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/textDecorationOffset",schemaPath:"#/$defs/textDecorationLength/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid38 = _errs228 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textDecorationThickness !== undefined){
let data76 = data.textDecorationThickness;
const _errs235 = errors;
const _errs236 = errors;
if(errors === _errs236){
if(data76 && typeof data76 == "object" && !Array.isArray(data76)){
let missing42;
if(((data76.value === undefined) && (missing42 = "value")) || ((data76.unit === undefined) && (missing42 = "unit"))){
validate22.errors = [{instancePath:instancePath+"/textDecorationThickness",schemaPath:"#/$defs/textDecorationLength/required",keyword:"required",params:{missingProperty: missing42},message:"must have required property '"+missing42+"'"}];
return false;
}
else {
const _errs238 = errors;
for(const key7 in data76){
if(!((key7 === "value") || (key7 === "unit"))){
validate22.errors = [{instancePath:instancePath+"/textDecorationThickness",schemaPath:"#/$defs/textDecorationLength/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs238 === errors){
if(data76.value !== undefined){
const _errs239 = errors;
if(!(typeof data76.value == "number")){
validate22.errors = [{instancePath:instancePath+"/textDecorationThickness/value",schemaPath:"#/$defs/textDecorationLength/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid69 = _errs239 === errors;
}
else {
var valid69 = true;
}
if(valid69){
if(data76.unit !== undefined){
let data78 = data76.unit;
const _errs241 = errors;
if(!((data78 === "PIXELS") || (data78 === "PERCENT"))){
validate22.errors = [{instancePath:instancePath+"/textDecorationThickness/unit",schemaPath:"#/$defs/textDecorationLength/properties/unit/enum",keyword:"enum",params:{allowedValues: schema74.properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid69 = _errs241 === errors;
}
else {
var valid69 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/textDecorationThickness",schemaPath:"#/$defs/textDecorationLength/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid38 = _errs235 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textDecorationColor !== undefined){
const _errs242 = errors;
if(!(validate43(data.textDecorationColor, {instancePath:instancePath+"/textDecorationColor",parentData:data,parentDataProperty:"textDecorationColor",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate43.errors : vErrors.concat(validate43.errors);
errors = vErrors.length;
}
var valid38 = _errs242 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textTruncation !== undefined){
let data80 = data.textTruncation;
const _errs243 = errors;
if(!((data80 === "DISABLED") || (data80 === "ENDING"))){
validate22.errors = [{instancePath:instancePath+"/textTruncation",schemaPath:"#/properties/textTruncation/enum",keyword:"enum",params:{allowedValues: schema38.properties.textTruncation.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs243 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.maxLines !== undefined){
let data81 = data.maxLines;
const _errs244 = errors;
if(!((typeof data81 == "number") && (!(data81 % 1) && !isNaN(data81)))){
validate22.errors = [{instancePath:instancePath+"/maxLines",schemaPath:"#/properties/maxLines/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs244){
if(typeof data81 == "number"){
if(data81 > 10000 || isNaN(data81)){
validate22.errors = [{instancePath:instancePath+"/maxLines",schemaPath:"#/properties/maxLines/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000},message:"must be <= 10000"}];
return false;
}
else {
if(data81 < 1 || isNaN(data81)){
validate22.errors = [{instancePath:instancePath+"/maxLines",schemaPath:"#/properties/maxLines/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid38 = _errs244 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textWrapStyle !== undefined){
let data82 = data.textWrapStyle;
const _errs246 = errors;
if(!(((data82 === "AUTO") || (data82 === "BALANCE")) || (data82 === "PRETTY"))){
validate22.errors = [{instancePath:instancePath+"/textWrapStyle",schemaPath:"#/properties/textWrapStyle/enum",keyword:"enum",params:{allowedValues: schema38.properties.textWrapStyle.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs246 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.paragraphIndent !== undefined){
let data83 = data.paragraphIndent;
const _errs247 = errors;
if(errors === _errs247){
if(typeof data83 == "number"){
if(data83 > 100000 || isNaN(data83)){
validate22.errors = [{instancePath:instancePath+"/paragraphIndent",schemaPath:"#/properties/paragraphIndent/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data83 < 0 || isNaN(data83)){
validate22.errors = [{instancePath:instancePath+"/paragraphIndent",schemaPath:"#/properties/paragraphIndent/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/paragraphIndent",schemaPath:"#/properties/paragraphIndent/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs247 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.hangingList !== undefined){
const _errs249 = errors;
if(typeof data.hangingList !== "boolean"){
validate22.errors = [{instancePath:instancePath+"/hangingList",schemaPath:"#/properties/hangingList/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid38 = _errs249 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.listMarker !== undefined){
const _errs251 = errors;
if(typeof data.listMarker !== "boolean"){
validate22.errors = [{instancePath:instancePath+"/listMarker",schemaPath:"#/properties/listMarker/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid38 = _errs251 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.listText !== undefined){
const _errs253 = errors;
if(!(validate46(data.listText, {instancePath:instancePath+"/listText",parentData:data,parentDataProperty:"listText",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate46.errors : vErrors.concat(validate46.errors);
errors = vErrors.length;
}
var valid38 = _errs253 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.imageRef !== undefined){
let data87 = data.imageRef;
const _errs254 = errors;
if(errors === _errs254){
if(typeof data87 === "string"){
if(func1(data87) < 1){
validate22.errors = [{instancePath:instancePath+"/imageRef",schemaPath:"#/properties/imageRef/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/imageRef",schemaPath:"#/properties/imageRef/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs254 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.vectorPaths !== undefined){
let data88 = data.vectorPaths;
const _errs256 = errors;
if(errors === _errs256){
if(Array.isArray(data88)){
var valid70 = true;
const len7 = data88.length;
for(let i7=0; i7<len7; i7++){
let data89 = data88[i7];
const _errs258 = errors;
if(errors === _errs258){
if(data89 && typeof data89 == "object" && !Array.isArray(data89)){
let missing43;
if(((data89.windingRule === undefined) && (missing43 = "windingRule")) || ((data89.data === undefined) && (missing43 = "data"))){
validate22.errors = [{instancePath:instancePath+"/vectorPaths/" + i7,schemaPath:"#/properties/vectorPaths/items/required",keyword:"required",params:{missingProperty: missing43},message:"must have required property '"+missing43+"'"}];
return false;
}
else {
const _errs260 = errors;
for(const key8 in data89){
if(!((key8 === "windingRule") || (key8 === "data"))){
validate22.errors = [{instancePath:instancePath+"/vectorPaths/" + i7,schemaPath:"#/properties/vectorPaths/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs260 === errors){
if(data89.windingRule !== undefined){
let data90 = data89.windingRule;
const _errs261 = errors;
if(!(((data90 === "NONZERO") || (data90 === "EVENODD")) || (data90 === "NONE"))){
validate22.errors = [{instancePath:instancePath+"/vectorPaths/" + i7+"/windingRule",schemaPath:"#/properties/vectorPaths/items/properties/windingRule/enum",keyword:"enum",params:{allowedValues: schema38.properties.vectorPaths.items.properties.windingRule.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid71 = _errs261 === errors;
}
else {
var valid71 = true;
}
if(valid71){
if(data89.data !== undefined){
const _errs262 = errors;
if(typeof data89.data !== "string"){
validate22.errors = [{instancePath:instancePath+"/vectorPaths/" + i7+"/data",schemaPath:"#/properties/vectorPaths/items/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid71 = _errs262 === errors;
}
else {
var valid71 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/vectorPaths/" + i7,schemaPath:"#/properties/vectorPaths/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid70 = _errs258 === errors;
if(!valid70){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/vectorPaths",schemaPath:"#/properties/vectorPaths/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs256 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.layoutMode !== undefined){
let data92 = data.layoutMode;
const _errs264 = errors;
if(!((((data92 === "NONE") || (data92 === "HORIZONTAL")) || (data92 === "VERTICAL")) || (data92 === "GRID"))){
validate22.errors = [{instancePath:instancePath+"/layoutMode",schemaPath:"#/properties/layoutMode/enum",keyword:"enum",params:{allowedValues: schema38.properties.layoutMode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs264 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.layoutWrap !== undefined){
let data93 = data.layoutWrap;
const _errs265 = errors;
if(!((data93 === "NO_WRAP") || (data93 === "WRAP"))){
validate22.errors = [{instancePath:instancePath+"/layoutWrap",schemaPath:"#/properties/layoutWrap/enum",keyword:"enum",params:{allowedValues: schema38.properties.layoutWrap.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs265 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.paddingLeft !== undefined){
let data94 = data.paddingLeft;
const _errs266 = errors;
if(errors === _errs266){
if(typeof data94 == "number"){
if(data94 > 100000 || isNaN(data94)){
validate22.errors = [{instancePath:instancePath+"/paddingLeft",schemaPath:"#/properties/paddingLeft/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data94 < 0 || isNaN(data94)){
validate22.errors = [{instancePath:instancePath+"/paddingLeft",schemaPath:"#/properties/paddingLeft/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/paddingLeft",schemaPath:"#/properties/paddingLeft/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs266 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.paddingRight !== undefined){
let data95 = data.paddingRight;
const _errs268 = errors;
if(errors === _errs268){
if(typeof data95 == "number"){
if(data95 > 100000 || isNaN(data95)){
validate22.errors = [{instancePath:instancePath+"/paddingRight",schemaPath:"#/properties/paddingRight/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data95 < 0 || isNaN(data95)){
validate22.errors = [{instancePath:instancePath+"/paddingRight",schemaPath:"#/properties/paddingRight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/paddingRight",schemaPath:"#/properties/paddingRight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs268 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.paddingTop !== undefined){
let data96 = data.paddingTop;
const _errs270 = errors;
if(errors === _errs270){
if(typeof data96 == "number"){
if(data96 > 100000 || isNaN(data96)){
validate22.errors = [{instancePath:instancePath+"/paddingTop",schemaPath:"#/properties/paddingTop/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data96 < 0 || isNaN(data96)){
validate22.errors = [{instancePath:instancePath+"/paddingTop",schemaPath:"#/properties/paddingTop/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/paddingTop",schemaPath:"#/properties/paddingTop/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs270 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.paddingBottom !== undefined){
let data97 = data.paddingBottom;
const _errs272 = errors;
if(errors === _errs272){
if(typeof data97 == "number"){
if(data97 > 100000 || isNaN(data97)){
validate22.errors = [{instancePath:instancePath+"/paddingBottom",schemaPath:"#/properties/paddingBottom/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data97 < 0 || isNaN(data97)){
validate22.errors = [{instancePath:instancePath+"/paddingBottom",schemaPath:"#/properties/paddingBottom/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/paddingBottom",schemaPath:"#/properties/paddingBottom/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs272 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.itemSpacing !== undefined){
let data98 = data.itemSpacing;
const _errs274 = errors;
if(errors === _errs274){
if(typeof data98 == "number"){
if(data98 > 100000 || isNaN(data98)){
validate22.errors = [{instancePath:instancePath+"/itemSpacing",schemaPath:"#/properties/itemSpacing/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data98 < -100000 || isNaN(data98)){
validate22.errors = [{instancePath:instancePath+"/itemSpacing",schemaPath:"#/properties/itemSpacing/minimum",keyword:"minimum",params:{comparison: ">=", limit: -100000},message:"must be >= -100000"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/itemSpacing",schemaPath:"#/properties/itemSpacing/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs274 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.counterAxisSpacing !== undefined){
let data99 = data.counterAxisSpacing;
const _errs276 = errors;
if(errors === _errs276){
if(typeof data99 == "number"){
if(data99 > 100000 || isNaN(data99)){
validate22.errors = [{instancePath:instancePath+"/counterAxisSpacing",schemaPath:"#/properties/counterAxisSpacing/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data99 < 0 || isNaN(data99)){
validate22.errors = [{instancePath:instancePath+"/counterAxisSpacing",schemaPath:"#/properties/counterAxisSpacing/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/counterAxisSpacing",schemaPath:"#/properties/counterAxisSpacing/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs276 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.itemReverseZIndex !== undefined){
const _errs278 = errors;
if(typeof data.itemReverseZIndex !== "boolean"){
validate22.errors = [{instancePath:instancePath+"/itemReverseZIndex",schemaPath:"#/properties/itemReverseZIndex/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid38 = _errs278 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.primaryAxisAlignItems !== undefined){
let data101 = data.primaryAxisAlignItems;
const _errs280 = errors;
if(!((((data101 === "MIN") || (data101 === "CENTER")) || (data101 === "MAX")) || (data101 === "SPACE_BETWEEN"))){
validate22.errors = [{instancePath:instancePath+"/primaryAxisAlignItems",schemaPath:"#/properties/primaryAxisAlignItems/enum",keyword:"enum",params:{allowedValues: schema38.properties.primaryAxisAlignItems.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs280 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.counterAxisAlignItems !== undefined){
let data102 = data.counterAxisAlignItems;
const _errs281 = errors;
if(!((((data102 === "MIN") || (data102 === "CENTER")) || (data102 === "MAX")) || (data102 === "BASELINE"))){
validate22.errors = [{instancePath:instancePath+"/counterAxisAlignItems",schemaPath:"#/properties/counterAxisAlignItems/enum",keyword:"enum",params:{allowedValues: schema38.properties.counterAxisAlignItems.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs281 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.layoutSizingHorizontal !== undefined){
let data103 = data.layoutSizingHorizontal;
const _errs282 = errors;
if(!(((data103 === "FIXED") || (data103 === "HUG")) || (data103 === "FILL"))){
validate22.errors = [{instancePath:instancePath+"/layoutSizingHorizontal",schemaPath:"#/properties/layoutSizingHorizontal/enum",keyword:"enum",params:{allowedValues: schema38.properties.layoutSizingHorizontal.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs282 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.layoutSizingVertical !== undefined){
let data104 = data.layoutSizingVertical;
const _errs283 = errors;
if(!(((data104 === "FIXED") || (data104 === "HUG")) || (data104 === "FILL"))){
validate22.errors = [{instancePath:instancePath+"/layoutSizingVertical",schemaPath:"#/properties/layoutSizingVertical/enum",keyword:"enum",params:{allowedValues: schema38.properties.layoutSizingVertical.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs283 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.layoutPositioning !== undefined){
let data105 = data.layoutPositioning;
const _errs284 = errors;
if(!((data105 === "AUTO") || (data105 === "ABSOLUTE"))){
validate22.errors = [{instancePath:instancePath+"/layoutPositioning",schemaPath:"#/properties/layoutPositioning/enum",keyword:"enum",params:{allowedValues: schema38.properties.layoutPositioning.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs284 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.minWidth !== undefined){
let data106 = data.minWidth;
const _errs285 = errors;
if(errors === _errs285){
if(typeof data106 == "number"){
if(data106 > 100000 || isNaN(data106)){
validate22.errors = [{instancePath:instancePath+"/minWidth",schemaPath:"#/properties/minWidth/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data106 < 0 || isNaN(data106)){
validate22.errors = [{instancePath:instancePath+"/minWidth",schemaPath:"#/properties/minWidth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/minWidth",schemaPath:"#/properties/minWidth/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs285 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.maxWidth !== undefined){
let data107 = data.maxWidth;
const _errs287 = errors;
if(errors === _errs287){
if(typeof data107 == "number"){
if(data107 > 100000 || isNaN(data107)){
validate22.errors = [{instancePath:instancePath+"/maxWidth",schemaPath:"#/properties/maxWidth/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data107 < 0 || isNaN(data107)){
validate22.errors = [{instancePath:instancePath+"/maxWidth",schemaPath:"#/properties/maxWidth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/maxWidth",schemaPath:"#/properties/maxWidth/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs287 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.minHeight !== undefined){
let data108 = data.minHeight;
const _errs289 = errors;
if(errors === _errs289){
if(typeof data108 == "number"){
if(data108 > 100000 || isNaN(data108)){
validate22.errors = [{instancePath:instancePath+"/minHeight",schemaPath:"#/properties/minHeight/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data108 < 0 || isNaN(data108)){
validate22.errors = [{instancePath:instancePath+"/minHeight",schemaPath:"#/properties/minHeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/minHeight",schemaPath:"#/properties/minHeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs289 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.maxHeight !== undefined){
let data109 = data.maxHeight;
const _errs291 = errors;
if(errors === _errs291){
if(typeof data109 == "number"){
if(data109 > 100000 || isNaN(data109)){
validate22.errors = [{instancePath:instancePath+"/maxHeight",schemaPath:"#/properties/maxHeight/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data109 < 0 || isNaN(data109)){
validate22.errors = [{instancePath:instancePath+"/maxHeight",schemaPath:"#/properties/maxHeight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/maxHeight",schemaPath:"#/properties/maxHeight/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs291 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridRowCount !== undefined){
let data110 = data.gridRowCount;
const _errs293 = errors;
if(!((typeof data110 == "number") && (!(data110 % 1) && !isNaN(data110)))){
validate22.errors = [{instancePath:instancePath+"/gridRowCount",schemaPath:"#/properties/gridRowCount/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs293){
if(typeof data110 == "number"){
if(data110 > 1000 || isNaN(data110)){
validate22.errors = [{instancePath:instancePath+"/gridRowCount",schemaPath:"#/properties/gridRowCount/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"}];
return false;
}
else {
if(data110 < 1 || isNaN(data110)){
validate22.errors = [{instancePath:instancePath+"/gridRowCount",schemaPath:"#/properties/gridRowCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid38 = _errs293 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridColumnCount !== undefined){
let data111 = data.gridColumnCount;
const _errs295 = errors;
if(!((typeof data111 == "number") && (!(data111 % 1) && !isNaN(data111)))){
validate22.errors = [{instancePath:instancePath+"/gridColumnCount",schemaPath:"#/properties/gridColumnCount/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs295){
if(typeof data111 == "number"){
if(data111 > 1000 || isNaN(data111)){
validate22.errors = [{instancePath:instancePath+"/gridColumnCount",schemaPath:"#/properties/gridColumnCount/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"}];
return false;
}
else {
if(data111 < 1 || isNaN(data111)){
validate22.errors = [{instancePath:instancePath+"/gridColumnCount",schemaPath:"#/properties/gridColumnCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid38 = _errs295 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridRowGap !== undefined){
let data112 = data.gridRowGap;
const _errs297 = errors;
if(errors === _errs297){
if(typeof data112 == "number"){
if(data112 > 100000 || isNaN(data112)){
validate22.errors = [{instancePath:instancePath+"/gridRowGap",schemaPath:"#/properties/gridRowGap/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data112 < 0 || isNaN(data112)){
validate22.errors = [{instancePath:instancePath+"/gridRowGap",schemaPath:"#/properties/gridRowGap/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/gridRowGap",schemaPath:"#/properties/gridRowGap/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs297 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridColumnGap !== undefined){
let data113 = data.gridColumnGap;
const _errs299 = errors;
if(errors === _errs299){
if(typeof data113 == "number"){
if(data113 > 100000 || isNaN(data113)){
validate22.errors = [{instancePath:instancePath+"/gridColumnGap",schemaPath:"#/properties/gridColumnGap/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data113 < 0 || isNaN(data113)){
validate22.errors = [{instancePath:instancePath+"/gridColumnGap",schemaPath:"#/properties/gridColumnGap/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/gridColumnGap",schemaPath:"#/properties/gridColumnGap/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid38 = _errs299 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridRowSizes !== undefined){
let data114 = data.gridRowSizes;
const _errs301 = errors;
if(errors === _errs301){
if(Array.isArray(data114)){
if(data114.length > 1000){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes",schemaPath:"#/properties/gridRowSizes/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"}];
return false;
}
else {
if(data114.length < 1){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes",schemaPath:"#/properties/gridRowSizes/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid72 = true;
const len8 = data114.length;
for(let i8=0; i8<len8; i8++){
let data115 = data114[i8];
const _errs303 = errors;
const _errs304 = errors;
const _errs306 = errors;
const _errs307 = errors;
let valid75 = true;
const _errs308 = errors;
if(data115 && typeof data115 == "object" && !Array.isArray(data115)){
if(data115.type !== undefined){
if("FIXED" !== data115.type){
const err56 = {};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
var _valid15 = _errs308 === errors;
errors = _errs307;
if(vErrors !== null){
if(_errs307){
vErrors.length = _errs307;
}
else {
vErrors = null;
}
}
if(_valid15){
const _errs310 = errors;
if(data115 && typeof data115 == "object" && !Array.isArray(data115)){
let missing44;
if((data115.value === undefined) && (missing44 = "value")){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8,schemaPath:"#/$defs/gridTrackSize/allOf/0/then/required",keyword:"required",params:{missingProperty: missing44},message:"must have required property '"+missing44+"'"}];
return false;
}
}
var _valid15 = _errs310 === errors;
valid75 = _valid15;
}
if(!valid75){
const err57 = {instancePath:instancePath+"/gridRowSizes/" + i8,schemaPath:"#/$defs/gridTrackSize/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid74 = _errs306 === errors;
if(valid74){
const _errs311 = errors;
const _errs312 = errors;
let valid77 = true;
const _errs313 = errors;
if(data115 && typeof data115 == "object" && !Array.isArray(data115)){
if(data115.type !== undefined){
if("FLEX" !== data115.type){
const err58 = {};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
var _valid16 = _errs313 === errors;
errors = _errs312;
if(vErrors !== null){
if(_errs312){
vErrors.length = _errs312;
}
else {
vErrors = null;
}
}
if(_valid16){
const _errs315 = errors;
if(data115 && typeof data115 == "object" && !Array.isArray(data115)){
if(data115.value !== undefined){
let data118 = data115.value;
if(typeof data118 == "number"){
if(data118 <= 0 || isNaN(data118)){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8+"/value",schemaPath:"#/$defs/gridTrackSize/allOf/1/then/properties/value/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
}
}
}
var _valid16 = _errs315 === errors;
valid77 = _valid16;
if(valid77){
var props7 = {};
props7.value = true;
props7.type = true;
}
}
if(!valid77){
const err59 = {instancePath:instancePath+"/gridRowSizes/" + i8,schemaPath:"#/$defs/gridTrackSize/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid74 = _errs311 === errors;
if(valid74){
if(props7 !== true){
props7 = props7 || {};
props7.type = true;
}
const _errs317 = errors;
const _errs318 = errors;
let valid80 = true;
const _errs319 = errors;
if(data115 && typeof data115 == "object" && !Array.isArray(data115)){
if(data115.type !== undefined){
if("HUG" !== data115.type){
const err60 = {};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
var _valid17 = _errs319 === errors;
errors = _errs318;
if(vErrors !== null){
if(_errs318){
vErrors.length = _errs318;
}
else {
vErrors = null;
}
}
if(_valid17){
const _errs321 = errors;
const _errs322 = errors;
const _errs323 = errors;
if(data115 && typeof data115 == "object" && !Array.isArray(data115)){
let missing45;
if((data115.value === undefined) && (missing45 = "value")){
const err61 = {};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
var valid82 = _errs323 === errors;
if(valid82){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8,schemaPath:"#/$defs/gridTrackSize/allOf/2/then/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs322;
if(vErrors !== null){
if(_errs322){
vErrors.length = _errs322;
}
else {
vErrors = null;
}
}
}
var _valid17 = _errs321 === errors;
valid80 = _valid17;
}
if(!valid80){
const err62 = {instancePath:instancePath+"/gridRowSizes/" + i8,schemaPath:"#/$defs/gridTrackSize/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid74 = _errs317 === errors;
if(valid74){
if(props7 !== true){
props7 = props7 || {};
props7.type = true;
}
}
}
}
if(errors === _errs304){
if(data115 && typeof data115 == "object" && !Array.isArray(data115)){
let missing46;
if((data115.type === undefined) && (missing46 = "type")){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8,schemaPath:"#/$defs/gridTrackSize/required",keyword:"required",params:{missingProperty: missing46},message:"must have required property '"+missing46+"'"}];
return false;
}
else {
const _errs324 = errors;
for(const key9 in data115){
if(!((key9 === "type") || (key9 === "value"))){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8,schemaPath:"#/$defs/gridTrackSize/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs324 === errors){
if(data115.type !== undefined){
let data120 = data115.type;
const _errs325 = errors;
if(!(((data120 === "FIXED") || (data120 === "FLEX")) || (data120 === "HUG"))){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8+"/type",schemaPath:"#/$defs/gridTrackSize/properties/type/enum",keyword:"enum",params:{allowedValues: schema86.properties.type.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid83 = _errs325 === errors;
}
else {
var valid83 = true;
}
if(valid83){
if(data115.value !== undefined){
let data121 = data115.value;
const _errs326 = errors;
if(errors === _errs326){
if(typeof data121 == "number"){
if(data121 > 100000 || isNaN(data121)){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8+"/value",schemaPath:"#/$defs/gridTrackSize/properties/value/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data121 < 0 || isNaN(data121)){
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8+"/value",schemaPath:"#/$defs/gridTrackSize/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8+"/value",schemaPath:"#/$defs/gridTrackSize/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid83 = _errs326 === errors;
}
else {
var valid83 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/gridRowSizes/" + i8,schemaPath:"#/$defs/gridTrackSize/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid72 = _errs303 === errors;
if(!valid72){
break;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/gridRowSizes",schemaPath:"#/properties/gridRowSizes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs301 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridColumnSizes !== undefined){
let data122 = data.gridColumnSizes;
const _errs328 = errors;
if(errors === _errs328){
if(Array.isArray(data122)){
if(data122.length > 1000){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes",schemaPath:"#/properties/gridColumnSizes/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"}];
return false;
}
else {
if(data122.length < 1){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes",schemaPath:"#/properties/gridColumnSizes/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid84 = true;
const len9 = data122.length;
for(let i9=0; i9<len9; i9++){
let data123 = data122[i9];
const _errs330 = errors;
const _errs331 = errors;
const _errs333 = errors;
const _errs334 = errors;
let valid87 = true;
const _errs335 = errors;
if(data123 && typeof data123 == "object" && !Array.isArray(data123)){
if(data123.type !== undefined){
if("FIXED" !== data123.type){
const err63 = {};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
var _valid18 = _errs335 === errors;
errors = _errs334;
if(vErrors !== null){
if(_errs334){
vErrors.length = _errs334;
}
else {
vErrors = null;
}
}
if(_valid18){
const _errs337 = errors;
if(data123 && typeof data123 == "object" && !Array.isArray(data123)){
let missing47;
if((data123.value === undefined) && (missing47 = "value")){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9,schemaPath:"#/$defs/gridTrackSize/allOf/0/then/required",keyword:"required",params:{missingProperty: missing47},message:"must have required property '"+missing47+"'"}];
return false;
}
}
var _valid18 = _errs337 === errors;
valid87 = _valid18;
}
if(!valid87){
const err64 = {instancePath:instancePath+"/gridColumnSizes/" + i9,schemaPath:"#/$defs/gridTrackSize/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid86 = _errs333 === errors;
if(valid86){
const _errs338 = errors;
const _errs339 = errors;
let valid89 = true;
const _errs340 = errors;
if(data123 && typeof data123 == "object" && !Array.isArray(data123)){
if(data123.type !== undefined){
if("FLEX" !== data123.type){
const err65 = {};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
}
var _valid19 = _errs340 === errors;
errors = _errs339;
if(vErrors !== null){
if(_errs339){
vErrors.length = _errs339;
}
else {
vErrors = null;
}
}
if(_valid19){
const _errs342 = errors;
if(data123 && typeof data123 == "object" && !Array.isArray(data123)){
if(data123.value !== undefined){
let data126 = data123.value;
if(typeof data126 == "number"){
if(data126 <= 0 || isNaN(data126)){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9+"/value",schemaPath:"#/$defs/gridTrackSize/allOf/1/then/properties/value/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
}
}
}
var _valid19 = _errs342 === errors;
valid89 = _valid19;
if(valid89){
var props8 = {};
props8.value = true;
props8.type = true;
}
}
if(!valid89){
const err66 = {instancePath:instancePath+"/gridColumnSizes/" + i9,schemaPath:"#/$defs/gridTrackSize/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid86 = _errs338 === errors;
if(valid86){
if(props8 !== true){
props8 = props8 || {};
props8.type = true;
}
const _errs344 = errors;
const _errs345 = errors;
let valid92 = true;
const _errs346 = errors;
if(data123 && typeof data123 == "object" && !Array.isArray(data123)){
if(data123.type !== undefined){
if("HUG" !== data123.type){
const err67 = {};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
}
var _valid20 = _errs346 === errors;
errors = _errs345;
if(vErrors !== null){
if(_errs345){
vErrors.length = _errs345;
}
else {
vErrors = null;
}
}
if(_valid20){
const _errs348 = errors;
const _errs349 = errors;
const _errs350 = errors;
if(data123 && typeof data123 == "object" && !Array.isArray(data123)){
let missing48;
if((data123.value === undefined) && (missing48 = "value")){
const err68 = {};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
var valid94 = _errs350 === errors;
if(valid94){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9,schemaPath:"#/$defs/gridTrackSize/allOf/2/then/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs349;
if(vErrors !== null){
if(_errs349){
vErrors.length = _errs349;
}
else {
vErrors = null;
}
}
}
var _valid20 = _errs348 === errors;
valid92 = _valid20;
}
if(!valid92){
const err69 = {instancePath:instancePath+"/gridColumnSizes/" + i9,schemaPath:"#/$defs/gridTrackSize/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
validate22.errors = vErrors;
return false;
}
var valid86 = _errs344 === errors;
if(valid86){
if(props8 !== true){
props8 = props8 || {};
props8.type = true;
}
}
}
}
if(errors === _errs331){
if(data123 && typeof data123 == "object" && !Array.isArray(data123)){
let missing49;
if((data123.type === undefined) && (missing49 = "type")){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9,schemaPath:"#/$defs/gridTrackSize/required",keyword:"required",params:{missingProperty: missing49},message:"must have required property '"+missing49+"'"}];
return false;
}
else {
const _errs351 = errors;
for(const key10 in data123){
if(!((key10 === "type") || (key10 === "value"))){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9,schemaPath:"#/$defs/gridTrackSize/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs351 === errors){
if(data123.type !== undefined){
let data128 = data123.type;
const _errs352 = errors;
if(!(((data128 === "FIXED") || (data128 === "FLEX")) || (data128 === "HUG"))){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9+"/type",schemaPath:"#/$defs/gridTrackSize/properties/type/enum",keyword:"enum",params:{allowedValues: schema86.properties.type.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid95 = _errs352 === errors;
}
else {
var valid95 = true;
}
if(valid95){
if(data123.value !== undefined){
let data129 = data123.value;
const _errs353 = errors;
if(errors === _errs353){
if(typeof data129 == "number"){
if(data129 > 100000 || isNaN(data129)){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9+"/value",schemaPath:"#/$defs/gridTrackSize/properties/value/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"}];
return false;
}
else {
if(data129 < 0 || isNaN(data129)){
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9+"/value",schemaPath:"#/$defs/gridTrackSize/properties/value/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9+"/value",schemaPath:"#/$defs/gridTrackSize/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid95 = _errs353 === errors;
}
else {
var valid95 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes/" + i9,schemaPath:"#/$defs/gridTrackSize/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid84 = _errs330 === errors;
if(!valid84){
break;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/gridColumnSizes",schemaPath:"#/properties/gridColumnSizes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs328 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridRowAnchorIndex !== undefined){
let data130 = data.gridRowAnchorIndex;
const _errs355 = errors;
if(!((typeof data130 == "number") && (!(data130 % 1) && !isNaN(data130)))){
validate22.errors = [{instancePath:instancePath+"/gridRowAnchorIndex",schemaPath:"#/properties/gridRowAnchorIndex/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs355){
if(typeof data130 == "number"){
if(data130 > 999 || isNaN(data130)){
validate22.errors = [{instancePath:instancePath+"/gridRowAnchorIndex",schemaPath:"#/properties/gridRowAnchorIndex/maximum",keyword:"maximum",params:{comparison: "<=", limit: 999},message:"must be <= 999"}];
return false;
}
else {
if(data130 < 0 || isNaN(data130)){
validate22.errors = [{instancePath:instancePath+"/gridRowAnchorIndex",schemaPath:"#/properties/gridRowAnchorIndex/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid38 = _errs355 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridColumnAnchorIndex !== undefined){
let data131 = data.gridColumnAnchorIndex;
const _errs357 = errors;
if(!((typeof data131 == "number") && (!(data131 % 1) && !isNaN(data131)))){
validate22.errors = [{instancePath:instancePath+"/gridColumnAnchorIndex",schemaPath:"#/properties/gridColumnAnchorIndex/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs357){
if(typeof data131 == "number"){
if(data131 > 999 || isNaN(data131)){
validate22.errors = [{instancePath:instancePath+"/gridColumnAnchorIndex",schemaPath:"#/properties/gridColumnAnchorIndex/maximum",keyword:"maximum",params:{comparison: "<=", limit: 999},message:"must be <= 999"}];
return false;
}
else {
if(data131 < 0 || isNaN(data131)){
validate22.errors = [{instancePath:instancePath+"/gridColumnAnchorIndex",schemaPath:"#/properties/gridColumnAnchorIndex/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid38 = _errs357 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridRowSpan !== undefined){
let data132 = data.gridRowSpan;
const _errs359 = errors;
if(!((typeof data132 == "number") && (!(data132 % 1) && !isNaN(data132)))){
validate22.errors = [{instancePath:instancePath+"/gridRowSpan",schemaPath:"#/properties/gridRowSpan/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs359){
if(typeof data132 == "number"){
if(data132 > 1000 || isNaN(data132)){
validate22.errors = [{instancePath:instancePath+"/gridRowSpan",schemaPath:"#/properties/gridRowSpan/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"}];
return false;
}
else {
if(data132 < 1 || isNaN(data132)){
validate22.errors = [{instancePath:instancePath+"/gridRowSpan",schemaPath:"#/properties/gridRowSpan/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid38 = _errs359 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridColumnSpan !== undefined){
let data133 = data.gridColumnSpan;
const _errs361 = errors;
if(!((typeof data133 == "number") && (!(data133 % 1) && !isNaN(data133)))){
validate22.errors = [{instancePath:instancePath+"/gridColumnSpan",schemaPath:"#/properties/gridColumnSpan/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs361){
if(typeof data133 == "number"){
if(data133 > 1000 || isNaN(data133)){
validate22.errors = [{instancePath:instancePath+"/gridColumnSpan",schemaPath:"#/properties/gridColumnSpan/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"}];
return false;
}
else {
if(data133 < 1 || isNaN(data133)){
validate22.errors = [{instancePath:instancePath+"/gridColumnSpan",schemaPath:"#/properties/gridColumnSpan/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid38 = _errs361 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridChildHorizontalAlign !== undefined){
let data134 = data.gridChildHorizontalAlign;
const _errs363 = errors;
if(!((((data134 === "MIN") || (data134 === "CENTER")) || (data134 === "MAX")) || (data134 === "AUTO"))){
validate22.errors = [{instancePath:instancePath+"/gridChildHorizontalAlign",schemaPath:"#/properties/gridChildHorizontalAlign/enum",keyword:"enum",params:{allowedValues: schema38.properties.gridChildHorizontalAlign.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs363 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.gridChildVerticalAlign !== undefined){
let data135 = data.gridChildVerticalAlign;
const _errs364 = errors;
if(!((((data135 === "MIN") || (data135 === "CENTER")) || (data135 === "MAX")) || (data135 === "AUTO"))){
validate22.errors = [{instancePath:instancePath+"/gridChildVerticalAlign",schemaPath:"#/properties/gridChildVerticalAlign/enum",keyword:"enum",params:{allowedValues: schema38.properties.gridChildVerticalAlign.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs364 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.scrollBehavior !== undefined){
let data136 = data.scrollBehavior;
const _errs365 = errors;
if(!(((data136 === "SCROLLS") || (data136 === "FIXED")) || (data136 === "STICKY_SCROLLS"))){
validate22.errors = [{instancePath:instancePath+"/scrollBehavior",schemaPath:"#/properties/scrollBehavior/enum",keyword:"enum",params:{allowedValues: schema38.properties.scrollBehavior.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid38 = _errs365 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.fillStyleId !== undefined){
let data137 = data.fillStyleId;
const _errs366 = errors;
if(errors === _errs366){
if(typeof data137 === "string"){
if(func1(data137) > 255){
validate22.errors = [{instancePath:instancePath+"/fillStyleId",schemaPath:"#/properties/fillStyleId/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data137) < 1){
validate22.errors = [{instancePath:instancePath+"/fillStyleId",schemaPath:"#/properties/fillStyleId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/fillStyleId",schemaPath:"#/properties/fillStyleId/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs366 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.strokeStyleId !== undefined){
let data138 = data.strokeStyleId;
const _errs368 = errors;
if(errors === _errs368){
if(typeof data138 === "string"){
if(func1(data138) > 255){
validate22.errors = [{instancePath:instancePath+"/strokeStyleId",schemaPath:"#/properties/strokeStyleId/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data138) < 1){
validate22.errors = [{instancePath:instancePath+"/strokeStyleId",schemaPath:"#/properties/strokeStyleId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/strokeStyleId",schemaPath:"#/properties/strokeStyleId/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs368 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.textStyleId !== undefined){
let data139 = data.textStyleId;
const _errs370 = errors;
if(errors === _errs370){
if(typeof data139 === "string"){
if(func1(data139) > 255){
validate22.errors = [{instancePath:instancePath+"/textStyleId",schemaPath:"#/properties/textStyleId/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data139) < 1){
validate22.errors = [{instancePath:instancePath+"/textStyleId",schemaPath:"#/properties/textStyleId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/textStyleId",schemaPath:"#/properties/textStyleId/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs370 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.effectStyleId !== undefined){
let data140 = data.effectStyleId;
const _errs372 = errors;
if(errors === _errs372){
if(typeof data140 === "string"){
if(func1(data140) > 255){
validate22.errors = [{instancePath:instancePath+"/effectStyleId",schemaPath:"#/properties/effectStyleId/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data140) < 1){
validate22.errors = [{instancePath:instancePath+"/effectStyleId",schemaPath:"#/properties/effectStyleId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/effectStyleId",schemaPath:"#/properties/effectStyleId/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs372 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.componentId !== undefined){
let data141 = data.componentId;
const _errs374 = errors;
if(errors === _errs374){
if(typeof data141 === "string"){
if(func1(data141) > 255){
validate22.errors = [{instancePath:instancePath+"/componentId",schemaPath:"#/properties/componentId/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data141) < 1){
validate22.errors = [{instancePath:instancePath+"/componentId",schemaPath:"#/properties/componentId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/componentId",schemaPath:"#/properties/componentId/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs374 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.componentName !== undefined){
let data142 = data.componentName;
const _errs376 = errors;
if(errors === _errs376){
if(typeof data142 === "string"){
if(func1(data142) > 255){
validate22.errors = [{instancePath:instancePath+"/componentName",schemaPath:"#/properties/componentName/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data142) < 1){
validate22.errors = [{instancePath:instancePath+"/componentName",schemaPath:"#/properties/componentName/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/componentName",schemaPath:"#/properties/componentName/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs376 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.componentVariants !== undefined){
let data143 = data.componentVariants;
const _errs378 = errors;
if(errors === _errs378){
if(Array.isArray(data143)){
if(data143.length > 2){
validate22.errors = [{instancePath:instancePath+"/componentVariants",schemaPath:"#/properties/componentVariants/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data143.length < 1){
validate22.errors = [{instancePath:instancePath+"/componentVariants",schemaPath:"#/properties/componentVariants/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid96 = true;
const len10 = data143.length;
for(let i10=0; i10<len10; i10++){
const _errs380 = errors;
if(!(validate52(data143[i10], {instancePath:instancePath+"/componentVariants/" + i10,parentData:data143,parentDataProperty:i10,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate52.errors : vErrors.concat(validate52.errors);
errors = vErrors.length;
}
var valid96 = _errs380 === errors;
if(!valid96){
break;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/componentVariants",schemaPath:"#/properties/componentVariants/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs378 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.variantOf !== undefined){
let data145 = data.variantOf;
const _errs381 = errors;
if(errors === _errs381){
if(typeof data145 === "string"){
if(func1(data145) > 255){
validate22.errors = [{instancePath:instancePath+"/variantOf",schemaPath:"#/properties/variantOf/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data145) < 1){
validate22.errors = [{instancePath:instancePath+"/variantOf",schemaPath:"#/properties/variantOf/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/variantOf",schemaPath:"#/properties/variantOf/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs381 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.variantProperties !== undefined){
let data146 = data.variantProperties;
const _errs383 = errors;
if(errors === _errs383){
if(data146 && typeof data146 == "object" && !Array.isArray(data146)){
let missing50;
if((data146.Variant === undefined) && (missing50 = "Variant")){
validate22.errors = [{instancePath:instancePath+"/variantProperties",schemaPath:"#/properties/variantProperties/required",keyword:"required",params:{missingProperty: missing50},message:"must have required property '"+missing50+"'"}];
return false;
}
else {
const _errs385 = errors;
for(const key11 in data146){
if(!(key11 === "Variant")){
validate22.errors = [{instancePath:instancePath+"/variantProperties",schemaPath:"#/properties/variantProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs385 === errors){
if(data146.Variant !== undefined){
let data147 = data146.Variant;
const _errs386 = errors;
const _errs388 = errors;
const _errs389 = errors;
if("Default" !== data147){
const err70 = {};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
var valid98 = _errs389 === errors;
if(valid98){
validate22.errors = [{instancePath:instancePath+"/variantProperties/Variant",schemaPath:"#/properties/variantProperties/properties/Variant/not",keyword:"not",params:{},message:"must NOT be valid"}];
return false;
}
else {
errors = _errs388;
if(vErrors !== null){
if(_errs388){
vErrors.length = _errs388;
}
else {
vErrors = null;
}
}
}
if(errors === _errs386){
if(typeof data147 === "string"){
if(func1(data147) > 64){
validate22.errors = [{instancePath:instancePath+"/variantProperties/Variant",schemaPath:"#/properties/variantProperties/properties/Variant/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
else {
if(func1(data147) < 1){
validate22.errors = [{instancePath:instancePath+"/variantProperties/Variant",schemaPath:"#/properties/variantProperties/properties/Variant/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
else {
if(!pattern8.test(data147)){
validate22.errors = [{instancePath:instancePath+"/variantProperties/Variant",schemaPath:"#/properties/variantProperties/properties/Variant/pattern",keyword:"pattern",params:{pattern: "^[^,=]+$"},message:"must match pattern \""+"^[^,=]+$"+"\""}];
return false;
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/variantProperties/Variant",schemaPath:"#/properties/variantProperties/properties/Variant/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/variantProperties",schemaPath:"#/properties/variantProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid38 = _errs383 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data.styledTextSegments !== undefined){
let data148 = data.styledTextSegments;
const _errs390 = errors;
if(errors === _errs390){
if(Array.isArray(data148)){
var valid99 = true;
const len11 = data148.length;
for(let i11=0; i11<len11; i11++){
const _errs392 = errors;
if(!(validate47(data148[i11], {instancePath:instancePath+"/styledTextSegments/" + i11,parentData:data148,parentDataProperty:i11,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate47.errors : vErrors.concat(validate47.errors);
errors = vErrors.length;
}
var valid99 = _errs392 === errors;
if(!valid99){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/styledTextSegments",schemaPath:"#/properties/styledTextSegments/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid38 = _errs390 === errors;
}
else {
var valid38 = true;
}
if(valid38){
let missing51;
if(data.relativeTransform !== undefined && (((data.untransformedWidth === undefined) && (missing51 = "untransformedWidth")) || ((data.untransformedHeight === undefined) && (missing51 = "untransformedHeight")))){
validate22.errors = [{instancePath,schemaPath:"#/dependentRequired",keyword:"dependentRequired",params:{property: "relativeTransform",
    missingProperty: missing51,
    depsCount: 2,
    deps: "untransformedWidth, untransformedHeight"},message:"must have properties untransformedWidth, untransformedHeight when property relativeTransform is present"}];
return false;
}
else {
if(data.untransformedWidth !== undefined && (((data.relativeTransform === undefined) && (missing51 = "relativeTransform")) || ((data.untransformedHeight === undefined) && (missing51 = "untransformedHeight")))){
validate22.errors = [{instancePath,schemaPath:"#/dependentRequired",keyword:"dependentRequired",params:{property: "untransformedWidth",
    missingProperty: missing51,
    depsCount: 2,
    deps: "relativeTransform, untransformedHeight"},message:"must have properties relativeTransform, untransformedHeight when property untransformedWidth is present"}];
return false;
}
else {
if(data.untransformedHeight !== undefined && (((data.relativeTransform === undefined) && (missing51 = "relativeTransform")) || ((data.untransformedWidth === undefined) && (missing51 = "untransformedWidth")))){
validate22.errors = [{instancePath,schemaPath:"#/dependentRequired",keyword:"dependentRequired",params:{property: "untransformedHeight",
    missingProperty: missing51,
    depsCount: 2,
    deps: "relativeTransform, untransformedWidth"},message:"must have properties relativeTransform, untransformedWidth when property untransformedHeight is present"}];
return false;
}
else {
if(data.gridRowAnchorIndex !== undefined && ((data.gridColumnAnchorIndex === undefined) && (missing51 = "gridColumnAnchorIndex"))){
validate22.errors = [{instancePath,schemaPath:"#/dependentRequired",keyword:"dependentRequired",params:{property: "gridRowAnchorIndex",
    missingProperty: missing51,
    depsCount: 1,
    deps: "gridColumnAnchorIndex"},message:"must have property gridColumnAnchorIndex when property gridRowAnchorIndex is present"}];
return false;
}
else {
if(data.gridColumnAnchorIndex !== undefined && ((data.gridRowAnchorIndex === undefined) && (missing51 = "gridRowAnchorIndex"))){
validate22.errors = [{instancePath,schemaPath:"#/dependentRequired",keyword:"dependentRequired",params:{property: "gridColumnAnchorIndex",
    missingProperty: missing51,
    depsCount: 1,
    deps: "gridRowAnchorIndex"},message:"must have property gridRowAnchorIndex when property gridColumnAnchorIndex is present"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate22.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate22.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate22.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate77(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate77.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(!(validate22(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
else {
var props0 = validate22.evaluated.props;
}
var valid0 = _errs0 === errors;
if(valid0){
const _errs1 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("FRAME" !== data.type){
validate77.errors = [{instancePath:instancePath+"/type",schemaPath:"#/allOf/1/properties/type/const",keyword:"const",params:{allowedValue: "FRAME"},message:"must be equal to constant"}];
return false;
}
}
}
var valid0 = _errs1 === errors;
if(valid0){
if(props0 !== true){
props0 = props0 || {};
props0.type = true;
}
}
}
validate77.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate77.evaluated = {"dynamicProps":true,"dynamicItems":false};

export const validateStyles = validate79;
const schema109 = {"description":"Version 2, optional: the local styles the nodes refer to (fillStyleId, strokeStyleId, textStyleId, effectStyleId), at most 1,000.","type":"array","maxItems":1000,"items":{"$ref":"#/$defs/style"}};
const schema95 = {"description":"A local style: PAINT (paints: SOLID or gradient paints, no IMAGE; a paint may bind its color to a COLOR variable), TEXT (fontName, fontSize, lineHeight, letterSpacing, textCase, textDecoration, textWrapStyle, as Figma's TextStyle) or EFFECT (effects: shadows and blurs, as Figma's EffectStyle). Ids are unique among styles.","oneOf":[{"$ref":"#/$defs/paintStyle"},{"$ref":"#/$defs/textStyle"},{"$ref":"#/$defs/effectStyle"}],"discriminator":{"propertyName":"type"}};
const schema96 = {"description":"A PAINT style: 1 to 16 SOLID or gradient paints (no IMAGE); a SOLID paint may bind its color to a COLOR variable.","type":"object","additionalProperties":false,"required":["id","type","name","paints"],"properties":{"type":{"const":"PAINT"},"id":{"type":"string","minLength":1,"maxLength":255},"name":{"type":"string","minLength":1,"maxLength":255,"description":"Slash-separated groups, e.g. Color/brand, Text/Body 16."},"description":{"type":"string","maxLength":255},"paints":{"type":"array","minItems":1,"maxItems":16,"items":{"oneOf":[{"$ref":"#/$defs/solidPaint"},{"$ref":"#/$defs/gradientPaint"}]}}}};

function validate63(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate63.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.id === undefined) && (missing0 = "id")) || ((data.type === undefined) && (missing0 = "type"))) || ((data.name === undefined) && (missing0 = "name"))) || ((data.paints === undefined) && (missing0 = "paints"))){
validate63.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "type") || (key0 === "id")) || (key0 === "name")) || (key0 === "description")) || (key0 === "paints"))){
validate63.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.type !== undefined){
const _errs2 = errors;
if("PAINT" !== data.type){
validate63.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "PAINT"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.id !== undefined){
let data1 = data.id;
const _errs3 = errors;
if(errors === _errs3){
if(typeof data1 === "string"){
if(func1(data1) > 255){
validate63.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data1) < 1){
validate63.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate63.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.name !== undefined){
let data2 = data.name;
const _errs5 = errors;
if(errors === _errs5){
if(typeof data2 === "string"){
if(func1(data2) > 255){
validate63.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data2) < 1){
validate63.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate63.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.description !== undefined){
let data3 = data.description;
const _errs7 = errors;
if(errors === _errs7){
if(typeof data3 === "string"){
if(func1(data3) > 255){
validate63.errors = [{instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
}
else {
validate63.errors = [{instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.paints !== undefined){
let data4 = data.paints;
const _errs9 = errors;
if(errors === _errs9){
if(Array.isArray(data4)){
if(data4.length > 16){
validate63.errors = [{instancePath:instancePath+"/paints",schemaPath:"#/properties/paints/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"}];
return false;
}
else {
if(data4.length < 1){
validate63.errors = [{instancePath:instancePath+"/paints",schemaPath:"#/properties/paints/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid1 = true;
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
const _errs11 = errors;
const _errs12 = errors;
let valid2 = false;
let passing0 = null;
const _errs13 = errors;
if(!(validate24(data5, {instancePath:instancePath+"/paints/" + i0,parentData:data4,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
var _valid0 = _errs13 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
var props0 = true;
}
const _errs14 = errors;
if(!(validate25(data5, {instancePath:instancePath+"/paints/" + i0,parentData:data4,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
var _valid0 = _errs14 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
if(props0 !== true){
props0 = true;
}
}
}
if(!valid2){
const err0 = {instancePath:instancePath+"/paints/" + i0,schemaPath:"#/properties/paints/items/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
validate63.errors = vErrors;
return false;
}
else {
errors = _errs12;
if(vErrors !== null){
if(_errs12){
vErrors.length = _errs12;
}
else {
vErrors = null;
}
}
}
var valid1 = _errs11 === errors;
if(!valid1){
break;
}
}
}
}
}
else {
validate63.errors = [{instancePath:instancePath+"/paints",schemaPath:"#/properties/paints/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
else {
validate63.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate63.errors = vErrors;
return errors === 0;
}
validate63.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema97 = {"description":"A TEXT style, as Figma's TextStyle.","type":"object","additionalProperties":false,"required":["id","type","name","fontName","fontSize"],"properties":{"type":{"const":"TEXT"},"id":{"type":"string","minLength":1,"maxLength":255},"name":{"type":"string","minLength":1,"maxLength":255,"description":"Slash-separated groups, e.g. Color/brand, Text/Body 16."},"description":{"type":"string","maxLength":255},"fontName":{"$ref":"#/$defs/fontName"},"fontSize":{"type":"number","exclusiveMinimum":0,"maximum":10000},"lineHeight":{"$ref":"#/$defs/lineHeight"},"letterSpacing":{"$ref":"#/$defs/letterSpacing"},"textCase":{"enum":["ORIGINAL","UPPER","LOWER","TITLE"]},"textDecoration":{"$ref":"#/$defs/textDecoration"},"textWrapStyle":{"enum":["AUTO","BALANCE","PRETTY"],"description":"How the lines of the TEXTs set in the style are broken (Figma's TextStyle.textWrapStyle; absent: AUTO), the node's textWrapStyle of those TEXTs: binding the style keeps it. A reader that ignores it creates an AUTO style, and binding that style to a TEXT whose textWrapStyle it set resets it to AUTO: its lines break as for a reader that ignores textWrapStyle."}}};

function validate66(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate66.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((data.id === undefined) && (missing0 = "id")) || ((data.type === undefined) && (missing0 = "type"))) || ((data.name === undefined) && (missing0 = "name"))) || ((data.fontName === undefined) && (missing0 = "fontName"))) || ((data.fontSize === undefined) && (missing0 = "fontSize"))){
validate66.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(func7.call(schema97.properties, key0))){
validate66.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.type !== undefined){
const _errs2 = errors;
if("TEXT" !== data.type){
validate66.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "TEXT"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.id !== undefined){
let data1 = data.id;
const _errs3 = errors;
if(errors === _errs3){
if(typeof data1 === "string"){
if(func1(data1) > 255){
validate66.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data1) < 1){
validate66.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.name !== undefined){
let data2 = data.name;
const _errs5 = errors;
if(errors === _errs5){
if(typeof data2 === "string"){
if(func1(data2) > 255){
validate66.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data2) < 1){
validate66.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.description !== undefined){
let data3 = data.description;
const _errs7 = errors;
if(errors === _errs7){
if(typeof data3 === "string"){
if(func1(data3) > 255){
validate66.errors = [{instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
}
else {
validate66.errors = [{instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fontName !== undefined){
let data4 = data.fontName;
const _errs9 = errors;
const _errs10 = errors;
if(errors === _errs10){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
let missing1;
if(((data4.family === undefined) && (missing1 = "family")) || ((data4.style === undefined) && (missing1 = "style"))){
validate66.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs12 = errors;
for(const key1 in data4){
if(!((key1 === "family") || (key1 === "style"))){
validate66.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs12 === errors){
if(data4.family !== undefined){
let data5 = data4.family;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data5 === "string"){
if(func1(data5) > 255){
validate66.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data5) < 1){
validate66.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/fontName/family",schemaPath:"#/$defs/fontName/properties/family/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid2 = _errs13 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data4.style !== undefined){
let data6 = data4.style;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data6 === "string"){
if(func1(data6) > 255){
validate66.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data6) < 1){
validate66.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/fontName/style",schemaPath:"#/$defs/fontName/properties/style/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid2 = _errs15 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/fontName",schemaPath:"#/$defs/fontName/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.fontSize !== undefined){
let data7 = data.fontSize;
const _errs17 = errors;
if(errors === _errs17){
if(typeof data7 == "number"){
if(data7 > 10000 || isNaN(data7)){
validate66.errors = [{instancePath:instancePath+"/fontSize",schemaPath:"#/properties/fontSize/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000},message:"must be <= 10000"}];
return false;
}
else {
if(data7 <= 0 || isNaN(data7)){
validate66.errors = [{instancePath:instancePath+"/fontSize",schemaPath:"#/properties/fontSize/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/fontSize",schemaPath:"#/properties/fontSize/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs17 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.lineHeight !== undefined){
let data8 = data.lineHeight;
const _errs19 = errors;
const _errs20 = errors;
if(errors === _errs20){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
const tag0 = data8.unit;
if(typeof tag0 == "string"){
if(tag0 === "PIXELS"){
const _errs22 = errors;
if(errors === _errs22){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
let missing2;
if(((data8.value === undefined) && (missing2 = "value")) || ((data8.unit === undefined) && (missing2 = "unit"))){
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs24 = errors;
for(const key2 in data8){
if(!((key2 === "value") || (key2 === "unit"))){
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs24 === errors){
if(data8.value !== undefined){
const _errs25 = errors;
if(!(typeof data8.value == "number")){
validate66.errors = [{instancePath:instancePath+"/lineHeight/value",schemaPath:"#/$defs/lineHeight/oneOf/0/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid6 = _errs25 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data8.unit !== undefined){
let data10 = data8.unit;
const _errs27 = errors;
if(!((data10 === "PIXELS") || (data10 === "PERCENT"))){
validate66.errors = [{instancePath:instancePath+"/lineHeight/unit",schemaPath:"#/$defs/lineHeight/oneOf/0/properties/unit/enum",keyword:"enum",params:{allowedValues: schema69.oneOf[0].properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid6 = _errs27 === errors;
}
else {
var valid6 = true;
}
}
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var props0 = true;
}
else if(tag0 === "PERCENT"){
const _errs28 = errors;
if(errors === _errs28){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
let missing3;
if(((data8.value === undefined) && (missing3 = "value")) || ((data8.unit === undefined) && (missing3 = "unit"))){
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs30 = errors;
for(const key3 in data8){
if(!((key3 === "value") || (key3 === "unit"))){
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs30 === errors){
if(data8.value !== undefined){
const _errs31 = errors;
if(!(typeof data8.value == "number")){
validate66.errors = [{instancePath:instancePath+"/lineHeight/value",schemaPath:"#/$defs/lineHeight/oneOf/0/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid8 = _errs31 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data8.unit !== undefined){
let data12 = data8.unit;
const _errs33 = errors;
if(!((data12 === "PIXELS") || (data12 === "PERCENT"))){
validate66.errors = [{instancePath:instancePath+"/lineHeight/unit",schemaPath:"#/$defs/lineHeight/oneOf/0/properties/unit/enum",keyword:"enum",params:{allowedValues: schema69.oneOf[0].properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid8 = _errs33 === errors;
}
else {
var valid8 = true;
}
}
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "AUTO"){
const _errs34 = errors;
if(errors === _errs34){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
let missing4;
if((data8.unit === undefined) && (missing4 = "unit")){
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/1/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'"}];
return false;
}
else {
const _errs36 = errors;
for(const key4 in data8){
if(!(key4 === "unit")){
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs36 === errors){
if(data8.unit !== undefined){
if("AUTO" !== data8.unit){
validate66.errors = [{instancePath:instancePath+"/lineHeight/unit",schemaPath:"#/$defs/lineHeight/oneOf/1/properties/unit/const",keyword:"const",params:{allowedValue: "AUTO"},message:"must be equal to constant"}];
return false;
}
}
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
if(props0 !== true){
props0 = true;
}
}
else {
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "unit", tagValue: tag0},message:"value of tag \"unit\" must be in oneOf"}];
return false;
}
}
else {
validate66.errors = [{instancePath:instancePath+"/lineHeight",schemaPath:"#/$defs/lineHeight/discriminator",keyword:"discriminator",params:{error: "tag", tag: "unit", tagValue: tag0},message:"tag \"unit\" must be string"}];
return false;
}
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.letterSpacing !== undefined){
let data14 = data.letterSpacing;
const _errs38 = errors;
const _errs39 = errors;
if(errors === _errs39){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
let missing5;
if(((data14.value === undefined) && (missing5 = "value")) || ((data14.unit === undefined) && (missing5 = "unit"))){
validate66.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'"}];
return false;
}
else {
const _errs41 = errors;
for(const key5 in data14){
if(!((key5 === "value") || (key5 === "unit"))){
validate66.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs41 === errors){
if(data14.value !== undefined){
const _errs42 = errors;
if(!(typeof data14.value == "number")){
validate66.errors = [{instancePath:instancePath+"/letterSpacing/value",schemaPath:"#/$defs/letterSpacing/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid12 = _errs42 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data14.unit !== undefined){
let data16 = data14.unit;
const _errs44 = errors;
if(!((data16 === "PIXELS") || (data16 === "PERCENT"))){
validate66.errors = [{instancePath:instancePath+"/letterSpacing/unit",schemaPath:"#/$defs/letterSpacing/properties/unit/enum",keyword:"enum",params:{allowedValues: schema70.properties.unit.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid12 = _errs44 === errors;
}
else {
var valid12 = true;
}
}
}
}
}
else {
validate66.errors = [{instancePath:instancePath+"/letterSpacing",schemaPath:"#/$defs/letterSpacing/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs38 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textCase !== undefined){
let data17 = data.textCase;
const _errs45 = errors;
if(!((((data17 === "ORIGINAL") || (data17 === "UPPER")) || (data17 === "LOWER")) || (data17 === "TITLE"))){
validate66.errors = [{instancePath:instancePath+"/textCase",schemaPath:"#/properties/textCase/enum",keyword:"enum",params:{allowedValues: schema97.properties.textCase.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs45 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textDecoration !== undefined){
let data18 = data.textDecoration;
const _errs46 = errors;
if(!(((data18 === "NONE") || (data18 === "UNDERLINE")) || (data18 === "STRIKETHROUGH"))){
validate66.errors = [{instancePath:instancePath+"/textDecoration",schemaPath:"#/$defs/textDecoration/enum",keyword:"enum",params:{allowedValues: schema72.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs46 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.textWrapStyle !== undefined){
let data19 = data.textWrapStyle;
const _errs48 = errors;
if(!(((data19 === "AUTO") || (data19 === "BALANCE")) || (data19 === "PRETTY"))){
validate66.errors = [{instancePath:instancePath+"/textWrapStyle",schemaPath:"#/properties/textWrapStyle/enum",keyword:"enum",params:{allowedValues: schema97.properties.textWrapStyle.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs48 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate66.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate66.errors = vErrors;
return errors === 0;
}
validate66.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema102 = {"description":"An EFFECT style: 1 to 16 effects (Figma's EffectStyle); the converter makes one of a list of effects that at least two nodes have, and those nodes name it by effectStyleId. Also checked: radius, spread and offsets at most 100,000 px (absolute), a shadow's color in 0-1.","type":"object","additionalProperties":false,"required":["id","type","name","effects"],"properties":{"type":{"const":"EFFECT"},"id":{"type":"string","minLength":1,"maxLength":255},"name":{"type":"string","minLength":1,"maxLength":255,"description":"Slash-separated groups, e.g. Shadow/Drop 0 4 12, Blur/Background 16."},"description":{"type":"string","maxLength":255},"effects":{"type":"array","minItems":1,"maxItems":16,"items":{"$ref":"#/$defs/effect"}}}};

function validate67(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate67.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.id === undefined) && (missing0 = "id")) || ((data.type === undefined) && (missing0 = "type"))) || ((data.name === undefined) && (missing0 = "name"))) || ((data.effects === undefined) && (missing0 = "effects"))){
validate67.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "type") || (key0 === "id")) || (key0 === "name")) || (key0 === "description")) || (key0 === "effects"))){
validate67.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.type !== undefined){
const _errs2 = errors;
if("EFFECT" !== data.type){
validate67.errors = [{instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "EFFECT"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.id !== undefined){
let data1 = data.id;
const _errs3 = errors;
if(errors === _errs3){
if(typeof data1 === "string"){
if(func1(data1) > 255){
validate67.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data1) < 1){
validate67.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate67.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.name !== undefined){
let data2 = data.name;
const _errs5 = errors;
if(errors === _errs5){
if(typeof data2 === "string"){
if(func1(data2) > 255){
validate67.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data2) < 1){
validate67.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate67.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.description !== undefined){
let data3 = data.description;
const _errs7 = errors;
if(errors === _errs7){
if(typeof data3 === "string"){
if(func1(data3) > 255){
validate67.errors = [{instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
}
else {
validate67.errors = [{instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.effects !== undefined){
let data4 = data.effects;
const _errs9 = errors;
if(errors === _errs9){
if(Array.isArray(data4)){
if(data4.length > 16){
validate67.errors = [{instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"}];
return false;
}
else {
if(data4.length < 1){
validate67.errors = [{instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid1 = true;
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
const _errs11 = errors;
if(!(validate37(data4[i0], {instancePath:instancePath+"/effects/" + i0,parentData:data4,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var valid1 = _errs11 === errors;
if(!valid1){
break;
}
}
}
}
}
else {
validate67.errors = [{instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
else {
validate67.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate67.errors = vErrors;
return errors === 0;
}
validate67.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate62(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate62.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
const tag0 = data.type;
if(typeof tag0 == "string"){
if(tag0 === "PAINT"){
if(!(validate63(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate63.errors : vErrors.concat(validate63.errors);
errors = vErrors.length;
}
var props0 = true;
}
else if(tag0 === "TEXT"){
if(!(validate66(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate66.errors : vErrors.concat(validate66.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "EFFECT"){
if(!(validate67(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate67.errors : vErrors.concat(validate67.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else {
validate62.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf"}];
return false;
}
}
else {
validate62.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string"}];
return false;
}
}
}
validate62.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate62.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate79(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate79.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(Array.isArray(data)){
if(data.length > 1000){
validate79.errors = [{instancePath,schemaPath:"#/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"}];
return false;
}
else {
var valid0 = true;
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
const _errs1 = errors;
if(!(validate62(data[i0], {instancePath:instancePath+"/" + i0,parentData:data,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate62.errors : vErrors.concat(validate62.errors);
errors = vErrors.length;
}
var valid0 = _errs1 === errors;
if(!valid0){
break;
}
}
}
}
else {
validate79.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
validate79.errors = vErrors;
return errors === 0;
}
validate79.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

export const validateVariables = validate81;
const schema110 = {"description":"Version 2, optional: the page's CSS custom properties of colour or length values as Figma variables in one collection, at most 1,000. Without modes the plugin creates the collection with its one default mode; with modes (a page with a dark theme: Light, Dark), each variable's value is its value in the first mode and valuesByMode its values in the later ones.","type":"object","additionalProperties":false,"required":["collection","variables"],"properties":{"collection":{"type":"string","minLength":1,"maxLength":255},"modes":{"type":"array","minItems":1,"maxItems":10,"uniqueItems":true,"description":"The collection's modes in order (at most 10, Figma's Professional plan's per collection; the backend's MaxVariableModes), e.g. [\"Light\", \"Dark\"]; the page frame shows the first.","items":{"type":"string","minLength":1,"maxLength":255}},"variables":{"type":"array","maxItems":1000,"items":{"$ref":"#/$defs/variable"}}}};
const schema103 = {"description":"A Figma variable of the collection, with its value in the collection's one mode.","oneOf":[{"$ref":"#/$defs/colorVariable"},{"$ref":"#/$defs/floatVariable"}],"discriminator":{"propertyName":"resolvedType"}};
const schema107 = {"description":"A FLOAT variable: value a number (px for lengths).","type":"object","additionalProperties":false,"required":["id","name","resolvedType","value"],"properties":{"id":{"type":"string","minLength":1,"maxLength":255},"name":{"type":"string","minLength":1,"maxLength":255,"description":"Slash-separated groups, e.g. color/brand, size/space-4."},"resolvedType":{"const":"FLOAT"},"value":{"type":"number","description":"px for lengths."},"valuesByMode":{"type":"object","maxProperties":9,"description":"The variable's value in each later mode where it differs from value, keyed by mode name: only modes of the collection after the first (the backend checks it); a mode left out has value.","propertyNames":{"minLength":1,"maxLength":255},"additionalProperties":{"type":"number"}},"codeSyntax":{"type":"object","additionalProperties":false,"required":["WEB"],"properties":{"WEB":{"type":"string","minLength":1,"maxLength":255}}}}};
const schema104 = {"description":"A COLOR variable: value {r, g, b, a} in 0-1.","type":"object","additionalProperties":false,"required":["id","name","resolvedType","value"],"properties":{"id":{"type":"string","minLength":1,"maxLength":255},"name":{"type":"string","minLength":1,"maxLength":255,"description":"Slash-separated groups, e.g. color/brand, size/space-4."},"resolvedType":{"const":"COLOR"},"value":{"$ref":"#/$defs/rgba"},"valuesByMode":{"type":"object","maxProperties":9,"description":"The variable's value in each later mode where it differs from value, keyed by mode name: only modes of the collection after the first (the backend checks it); a mode left out has value.","propertyNames":{"minLength":1,"maxLength":255},"additionalProperties":{"$ref":"#/$defs/rgba"}},"codeSyntax":{"type":"object","additionalProperties":false,"required":["WEB"],"properties":{"WEB":{"type":"string","minLength":1,"maxLength":255}}}}};

function validate74(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate74.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.id === undefined) && (missing0 = "id")) || ((data.name === undefined) && (missing0 = "name"))) || ((data.resolvedType === undefined) && (missing0 = "resolvedType"))) || ((data.value === undefined) && (missing0 = "value"))){
validate74.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((((key0 === "id") || (key0 === "name")) || (key0 === "resolvedType")) || (key0 === "value")) || (key0 === "valuesByMode")) || (key0 === "codeSyntax"))){
validate74.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
if(errors === _errs2){
if(typeof data0 === "string"){
if(func1(data0) > 255){
validate74.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data0) < 1){
validate74.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.name !== undefined){
let data1 = data.name;
const _errs4 = errors;
if(errors === _errs4){
if(typeof data1 === "string"){
if(func1(data1) > 255){
validate74.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data1) < 1){
validate74.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.resolvedType !== undefined){
const _errs6 = errors;
if("COLOR" !== data.resolvedType){
validate74.errors = [{instancePath:instancePath+"/resolvedType",schemaPath:"#/properties/resolvedType/const",keyword:"const",params:{allowedValue: "COLOR"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.value !== undefined){
let data3 = data.value;
const _errs7 = errors;
const _errs8 = errors;
if(errors === _errs8){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
let missing1;
if(((((data3.r === undefined) && (missing1 = "r")) || ((data3.g === undefined) && (missing1 = "g"))) || ((data3.b === undefined) && (missing1 = "b"))) || ((data3.a === undefined) && (missing1 = "a"))){
validate74.errors = [{instancePath:instancePath+"/value",schemaPath:"#/$defs/rgba/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs10 = errors;
for(const key1 in data3){
if(!((((key1 === "r") || (key1 === "g")) || (key1 === "b")) || (key1 === "a"))){
validate74.errors = [{instancePath:instancePath+"/value",schemaPath:"#/$defs/rgba/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs10 === errors){
if(data3.r !== undefined){
let data4 = data3.r;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data4 == "number"){
if(data4 > 1 || isNaN(data4)){
validate74.errors = [{instancePath:instancePath+"/value/r",schemaPath:"#/$defs/rgba/properties/r/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data4 < 0 || isNaN(data4)){
validate74.errors = [{instancePath:instancePath+"/value/r",schemaPath:"#/$defs/rgba/properties/r/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/value/r",schemaPath:"#/$defs/rgba/properties/r/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs11 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data3.g !== undefined){
let data5 = data3.g;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data5 == "number"){
if(data5 > 1 || isNaN(data5)){
validate74.errors = [{instancePath:instancePath+"/value/g",schemaPath:"#/$defs/rgba/properties/g/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data5 < 0 || isNaN(data5)){
validate74.errors = [{instancePath:instancePath+"/value/g",schemaPath:"#/$defs/rgba/properties/g/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/value/g",schemaPath:"#/$defs/rgba/properties/g/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs13 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data3.b !== undefined){
let data6 = data3.b;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data6 == "number"){
if(data6 > 1 || isNaN(data6)){
validate74.errors = [{instancePath:instancePath+"/value/b",schemaPath:"#/$defs/rgba/properties/b/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data6 < 0 || isNaN(data6)){
validate74.errors = [{instancePath:instancePath+"/value/b",schemaPath:"#/$defs/rgba/properties/b/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/value/b",schemaPath:"#/$defs/rgba/properties/b/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs15 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data3.a !== undefined){
let data7 = data3.a;
const _errs17 = errors;
if(errors === _errs17){
if(typeof data7 == "number"){
if(data7 > 1 || isNaN(data7)){
validate74.errors = [{instancePath:instancePath+"/value/a",schemaPath:"#/$defs/rgba/properties/a/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data7 < 0 || isNaN(data7)){
validate74.errors = [{instancePath:instancePath+"/value/a",schemaPath:"#/$defs/rgba/properties/a/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/value/a",schemaPath:"#/$defs/rgba/properties/a/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs17 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/value",schemaPath:"#/$defs/rgba/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.valuesByMode !== undefined){
let data8 = data.valuesByMode;
const _errs19 = errors;
if(errors === _errs19){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(Object.keys(data8).length > 9){
validate74.errors = [{instancePath:instancePath+"/valuesByMode",schemaPath:"#/properties/valuesByMode/maxProperties",keyword:"maxProperties",params:{limit: 9},message:"must NOT have more than 9 properties"}];
return false;
}
else {
for(const key2 in data8){
const _errs21 = errors;
if(typeof key2 === "string"){
if(func1(key2) > 255){
const err0 = {instancePath:instancePath+"/valuesByMode",schemaPath:"#/properties/valuesByMode/propertyNames/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters",propertyName:key2};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(func1(key2) < 1){
const err1 = {instancePath:instancePath+"/valuesByMode",schemaPath:"#/properties/valuesByMode/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key2};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
var valid3 = _errs21 === errors;
if(!valid3){
const err2 = {instancePath:instancePath+"/valuesByMode",schemaPath:"#/properties/valuesByMode/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
validate74.errors = vErrors;
return false;
break;
}
}
if(valid3){
for(const key3 in data8){
let data9 = data8[key3];
const _errs23 = errors;
const _errs24 = errors;
if(errors === _errs24){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
let missing2;
if(((((data9.r === undefined) && (missing2 = "r")) || ((data9.g === undefined) && (missing2 = "g"))) || ((data9.b === undefined) && (missing2 = "b"))) || ((data9.a === undefined) && (missing2 = "a"))){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/rgba/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs26 = errors;
for(const key4 in data9){
if(!((((key4 === "r") || (key4 === "g")) || (key4 === "b")) || (key4 === "a"))){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/rgba/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs26 === errors){
if(data9.r !== undefined){
let data10 = data9.r;
const _errs27 = errors;
if(errors === _errs27){
if(typeof data10 == "number"){
if(data10 > 1 || isNaN(data10)){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/r",schemaPath:"#/$defs/rgba/properties/r/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data10 < 0 || isNaN(data10)){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/r",schemaPath:"#/$defs/rgba/properties/r/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/r",schemaPath:"#/$defs/rgba/properties/r/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid6 = _errs27 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data9.g !== undefined){
let data11 = data9.g;
const _errs29 = errors;
if(errors === _errs29){
if(typeof data11 == "number"){
if(data11 > 1 || isNaN(data11)){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/g",schemaPath:"#/$defs/rgba/properties/g/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data11 < 0 || isNaN(data11)){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/g",schemaPath:"#/$defs/rgba/properties/g/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/g",schemaPath:"#/$defs/rgba/properties/g/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid6 = _errs29 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data9.b !== undefined){
let data12 = data9.b;
const _errs31 = errors;
if(errors === _errs31){
if(typeof data12 == "number"){
if(data12 > 1 || isNaN(data12)){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/b",schemaPath:"#/$defs/rgba/properties/b/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data12 < 0 || isNaN(data12)){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/b",schemaPath:"#/$defs/rgba/properties/b/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/b",schemaPath:"#/$defs/rgba/properties/b/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid6 = _errs31 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data9.a !== undefined){
let data13 = data9.a;
const _errs33 = errors;
if(errors === _errs33){
if(typeof data13 == "number"){
if(data13 > 1 || isNaN(data13)){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/a",schemaPath:"#/$defs/rgba/properties/a/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data13 < 0 || isNaN(data13)){
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/a",schemaPath:"#/$defs/rgba/properties/a/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/a",schemaPath:"#/$defs/rgba/properties/a/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid6 = _errs33 === errors;
}
else {
var valid6 = true;
}
}
}
}
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/valuesByMode/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/rgba/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs23 === errors;
if(!valid4){
break;
}
}
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/valuesByMode",schemaPath:"#/properties/valuesByMode/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.codeSyntax !== undefined){
let data14 = data.codeSyntax;
const _errs35 = errors;
if(errors === _errs35){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
let missing3;
if((data14.WEB === undefined) && (missing3 = "WEB")){
validate74.errors = [{instancePath:instancePath+"/codeSyntax",schemaPath:"#/properties/codeSyntax/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs37 = errors;
for(const key5 in data14){
if(!(key5 === "WEB")){
validate74.errors = [{instancePath:instancePath+"/codeSyntax",schemaPath:"#/properties/codeSyntax/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs37 === errors){
if(data14.WEB !== undefined){
let data15 = data14.WEB;
const _errs38 = errors;
if(errors === _errs38){
if(typeof data15 === "string"){
if(func1(data15) > 255){
validate74.errors = [{instancePath:instancePath+"/codeSyntax/WEB",schemaPath:"#/properties/codeSyntax/properties/WEB/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data15) < 1){
validate74.errors = [{instancePath:instancePath+"/codeSyntax/WEB",schemaPath:"#/properties/codeSyntax/properties/WEB/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/codeSyntax/WEB",schemaPath:"#/properties/codeSyntax/properties/WEB/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
}
}
}
else {
validate74.errors = [{instancePath:instancePath+"/codeSyntax",schemaPath:"#/properties/codeSyntax/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs35 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
else {
validate74.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate74.errors = vErrors;
return errors === 0;
}
validate74.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate73(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate73.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
const tag0 = data.resolvedType;
if(typeof tag0 == "string"){
if(tag0 === "COLOR"){
if(!(validate74(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate74.errors : vErrors.concat(validate74.errors);
errors = vErrors.length;
}
var props0 = true;
}
else if(tag0 === "FLOAT"){
const _errs3 = errors;
if(errors === _errs3){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.id === undefined) && (missing0 = "id")) || ((data.name === undefined) && (missing0 = "name"))) || ((data.resolvedType === undefined) && (missing0 = "resolvedType"))) || ((data.value === undefined) && (missing0 = "value"))){
validate73.errors = [{instancePath,schemaPath:"#/$defs/floatVariable/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs5 = errors;
for(const key0 in data){
if(!((((((key0 === "id") || (key0 === "name")) || (key0 === "resolvedType")) || (key0 === "value")) || (key0 === "valuesByMode")) || (key0 === "codeSyntax"))){
validate73.errors = [{instancePath,schemaPath:"#/$defs/floatVariable/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs5 === errors){
if(data.id !== undefined){
let data0 = data.id;
const _errs6 = errors;
if(errors === _errs6){
if(typeof data0 === "string"){
if(func1(data0) > 255){
validate73.errors = [{instancePath:instancePath+"/id",schemaPath:"#/$defs/floatVariable/properties/id/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data0) < 1){
validate73.errors = [{instancePath:instancePath+"/id",schemaPath:"#/$defs/floatVariable/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate73.errors = [{instancePath:instancePath+"/id",schemaPath:"#/$defs/floatVariable/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs6 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data.name !== undefined){
let data1 = data.name;
const _errs8 = errors;
if(errors === _errs8){
if(typeof data1 === "string"){
if(func1(data1) > 255){
validate73.errors = [{instancePath:instancePath+"/name",schemaPath:"#/$defs/floatVariable/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data1) < 1){
validate73.errors = [{instancePath:instancePath+"/name",schemaPath:"#/$defs/floatVariable/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate73.errors = [{instancePath:instancePath+"/name",schemaPath:"#/$defs/floatVariable/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs8 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data.resolvedType !== undefined){
const _errs10 = errors;
if("FLOAT" !== data.resolvedType){
validate73.errors = [{instancePath:instancePath+"/resolvedType",schemaPath:"#/$defs/floatVariable/properties/resolvedType/const",keyword:"const",params:{allowedValue: "FLOAT"},message:"must be equal to constant"}];
return false;
}
var valid4 = _errs10 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data.value !== undefined){
const _errs11 = errors;
if(!(typeof data.value == "number")){
validate73.errors = [{instancePath:instancePath+"/value",schemaPath:"#/$defs/floatVariable/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid4 = _errs11 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data.valuesByMode !== undefined){
let data4 = data.valuesByMode;
const _errs13 = errors;
if(errors === _errs13){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(Object.keys(data4).length > 9){
validate73.errors = [{instancePath:instancePath+"/valuesByMode",schemaPath:"#/$defs/floatVariable/properties/valuesByMode/maxProperties",keyword:"maxProperties",params:{limit: 9},message:"must NOT have more than 9 properties"}];
return false;
}
else {
for(const key1 in data4){
const _errs15 = errors;
if(typeof key1 === "string"){
if(func1(key1) > 255){
const err0 = {instancePath:instancePath+"/valuesByMode",schemaPath:"#/$defs/floatVariable/properties/valuesByMode/propertyNames/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters",propertyName:key1};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(func1(key1) < 1){
const err1 = {instancePath:instancePath+"/valuesByMode",schemaPath:"#/$defs/floatVariable/properties/valuesByMode/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key1};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
var valid5 = _errs15 === errors;
if(!valid5){
const err2 = {instancePath:instancePath+"/valuesByMode",schemaPath:"#/$defs/floatVariable/properties/valuesByMode/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
validate73.errors = vErrors;
return false;
break;
}
}
if(valid5){
for(const key2 in data4){
const _errs17 = errors;
if(!(typeof data4[key2] == "number")){
validate73.errors = [{instancePath:instancePath+"/valuesByMode/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/floatVariable/properties/valuesByMode/additionalProperties/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
var valid6 = _errs17 === errors;
if(!valid6){
break;
}
}
}
}
}
else {
validate73.errors = [{instancePath:instancePath+"/valuesByMode",schemaPath:"#/$defs/floatVariable/properties/valuesByMode/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs13 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data.codeSyntax !== undefined){
let data6 = data.codeSyntax;
const _errs19 = errors;
if(errors === _errs19){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
let missing1;
if((data6.WEB === undefined) && (missing1 = "WEB")){
validate73.errors = [{instancePath:instancePath+"/codeSyntax",schemaPath:"#/$defs/floatVariable/properties/codeSyntax/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs21 = errors;
for(const key3 in data6){
if(!(key3 === "WEB")){
validate73.errors = [{instancePath:instancePath+"/codeSyntax",schemaPath:"#/$defs/floatVariable/properties/codeSyntax/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs21 === errors){
if(data6.WEB !== undefined){
let data7 = data6.WEB;
const _errs22 = errors;
if(errors === _errs22){
if(typeof data7 === "string"){
if(func1(data7) > 255){
validate73.errors = [{instancePath:instancePath+"/codeSyntax/WEB",schemaPath:"#/$defs/floatVariable/properties/codeSyntax/properties/WEB/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data7) < 1){
validate73.errors = [{instancePath:instancePath+"/codeSyntax/WEB",schemaPath:"#/$defs/floatVariable/properties/codeSyntax/properties/WEB/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate73.errors = [{instancePath:instancePath+"/codeSyntax/WEB",schemaPath:"#/$defs/floatVariable/properties/codeSyntax/properties/WEB/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
}
}
}
else {
validate73.errors = [{instancePath:instancePath+"/codeSyntax",schemaPath:"#/$defs/floatVariable/properties/codeSyntax/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs19 === errors;
}
else {
var valid4 = true;
}
}
}
}
}
}
}
}
}
else {
validate73.errors = [{instancePath,schemaPath:"#/$defs/floatVariable/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
if(props0 !== true){
props0 = true;
}
}
else {
validate73.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "resolvedType", tagValue: tag0},message:"value of tag \"resolvedType\" must be in oneOf"}];
return false;
}
}
else {
validate73.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "resolvedType", tagValue: tag0},message:"tag \"resolvedType\" must be string"}];
return false;
}
}
}
validate73.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate73.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate81(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate81.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.collection === undefined) && (missing0 = "collection")) || ((data.variables === undefined) && (missing0 = "variables"))){
validate81.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((key0 === "collection") || (key0 === "modes")) || (key0 === "variables"))){
validate81.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.collection !== undefined){
let data0 = data.collection;
const _errs2 = errors;
if(errors === _errs2){
if(typeof data0 === "string"){
if(func1(data0) > 255){
validate81.errors = [{instancePath:instancePath+"/collection",schemaPath:"#/properties/collection/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data0) < 1){
validate81.errors = [{instancePath:instancePath+"/collection",schemaPath:"#/properties/collection/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate81.errors = [{instancePath:instancePath+"/collection",schemaPath:"#/properties/collection/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.modes !== undefined){
let data1 = data.modes;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
if(data1.length > 10){
validate81.errors = [{instancePath:instancePath+"/modes",schemaPath:"#/properties/modes/maxItems",keyword:"maxItems",params:{limit: 10},message:"must NOT have more than 10 items"}];
return false;
}
else {
if(data1.length < 1){
validate81.errors = [{instancePath:instancePath+"/modes",schemaPath:"#/properties/modes/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
if(errors === _errs6){
if(typeof data2 === "string"){
if(func1(data2) > 255){
validate81.errors = [{instancePath:instancePath+"/modes/" + i0,schemaPath:"#/properties/modes/items/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data2) < 1){
validate81.errors = [{instancePath:instancePath+"/modes/" + i0,schemaPath:"#/properties/modes/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate81.errors = [{instancePath:instancePath+"/modes/" + i0,schemaPath:"#/properties/modes/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
if(valid1){
let i1 = data1.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data1[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
validate81.errors = [{instancePath:instancePath+"/modes",schemaPath:"#/properties/modes/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"}];
return false;
break;
}
indices0[item0] = i1;
}
}
}
}
}
}
else {
validate81.errors = [{instancePath:instancePath+"/modes",schemaPath:"#/properties/modes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.variables !== undefined){
let data3 = data.variables;
const _errs8 = errors;
if(errors === _errs8){
if(Array.isArray(data3)){
if(data3.length > 1000){
validate81.errors = [{instancePath:instancePath+"/variables",schemaPath:"#/properties/variables/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"}];
return false;
}
else {
var valid3 = true;
const len1 = data3.length;
for(let i2=0; i2<len1; i2++){
const _errs10 = errors;
if(!(validate73(data3[i2], {instancePath:instancePath+"/variables/" + i2,parentData:data3,parentDataProperty:i2,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate73.errors : vErrors.concat(validate73.errors);
errors = vErrors.length;
}
var valid3 = _errs10 === errors;
if(!valid3){
break;
}
}
}
}
else {
validate81.errors = [{instancePath:instancePath+"/variables",schemaPath:"#/properties/variables/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs8 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
else {
validate81.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate81.errors = vErrors;
return errors === 0;
}
validate81.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
