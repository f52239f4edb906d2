// Generated from docs/schemas/result.schema.json by clients/api/scripts/generate-result-types.mjs
// (npm run generate). Do not edit.

/**
 * The Figma node tree of one conversion, the images it uses, its warnings and (optionally) its fidelity. The rules are defined once in server/artifacts (result.go, tree.go) and checked when the completed callback arrives (a result breaking one is refused with 422 and the job failed) and again when the result is read; docs/results.md lists them with their limits. Unknown members are refused outside the node tree, and a member repeated in the top-level object or anywhere in the tree is refused. Lengths count characters. Rules this schema cannot express are named in the descriptions: node tree depth and node count, unique node ids, nesting of uninterpreted node members, every imageRef resolving, and the job-dependent ones (identity, key prefixes, warning_count). Golden examples: testdata/workers/result.json (version 2: styled text, auto layout, styles, variables, diagnostics) and result.v1.json (version 1, still read). Version 2 (docs/results.md "Version 2") adds styledTextSegments on TEXT nodes, the optional top-level members styles, variables and diagnostics and the node members of auto layout, scroll behaviour and style references; a version 1 result has none of them and stays valid. Not expressible here and checked by the backend: a layoutSizing FILL or layoutPositioning ABSOLUTE child needs an auto-layout parent, every fillStyleId/strokeStyleId names a PAINT style and every textStyleId a TEXT style of styles, and a paint style's boundVariables.color names a COLOR variable.
 */
export type ResultJSONSPEC7TheArtifactAConversionWorkerWritesAndPointsResultUrlAt = {
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
   * Version 2, optional: the local styles the nodes refer to (fillStyleId, strokeStyleId, textStyleId), at most 1,000.
   *
   * @maxItems 1000
   */
  styles?: Style[];
  /**
   * Version 2, optional: the page's CSS custom properties of colour or length values as Figma variables in one collection (the plugin creates it with one mode), at most 1,000.
   */
  variables?: {
    collection: string;
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
 * One Figma node. Members other than type, id, name, children, characters, imageRef, fills and strokes are passed to the plugin unchecked (JSON nesting at most 32 levels; an imageRef string inside them must still resolve). Conversion workers usually emit Figma's x, y, width and height (numbers, px), and properties such as fontName, fontSize, effects, opacity or vectorPaths. Version 2 members (Figma Plugin API names and values) are checked: auto layout (layoutMode, layoutWrap, padding*, itemSpacing, counterAxisSpacing, primaryAxisAlignItems, counterAxisAlignItems), child sizing (layoutSizingHorizontal/Vertical, layoutPositioning), scrollBehavior and the style references fillStyleId, strokeStyleId and textStyleId.
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
  fills?: Paint[];
  strokes?: Paint[];
  /**
   * FRAME and GROUP nodes only.
   */
  children?: Node[];
  /**
   * TEXT nodes: the text (required).
   */
  characters?: string;
  /**
   * SVG nodes only: the ref of an image/svg+xml entry, created with figma.createNodeFromSvg.
   */
  imageRef?: string;
  /**
   * FRAME only: auto layout direction.
   */
  layoutMode?: "NONE" | "HORIZONTAL" | "VERTICAL";
  /**
   * WRAP only with layoutMode HORIZONTAL.
   */
  layoutWrap?: "NO_WRAP" | "WRAP";
  /**
   * px, auto-layout frames only.
   */
  paddingLeft?: number;
  /**
   * px, auto-layout frames only.
   */
  paddingRight?: number;
  /**
   * px, auto-layout frames only.
   */
  paddingTop?: number;
  /**
   * px, auto-layout frames only.
   */
  paddingBottom?: number;
  /**
   * px between flowing children, auto-layout frames only (Figma allows negative spacing).
   */
  itemSpacing?: number;
  /**
   * px between wrapped rows; only with layoutWrap WRAP.
   */
  counterAxisSpacing?: number;
  primaryAxisAlignItems?: "MIN" | "CENTER" | "MAX" | "SPACE_BETWEEN";
  /**
   * BASELINE only with layoutMode HORIZONTAL.
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
   * FIXED: a position: fixed element, a child of the root; STICKY_SCROLLS: a position: sticky child of the root.
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
   * TEXT nodes of version-2 results only: ranges of characters in one style each, with the members of Figma's StyledTextSegment (getStyledTextSegments; the plugin applies each with setRange*). start and end count UTF-16 code units (JavaScript string offsets), end exclusive. Also checked (not expressible here): start < end <= the characters' length, not splitting a surrogate pair; the first starts at 0, each next where the one before ends, the last ends at the characters' length (in order, no overlap, no gap: the segments cover the characters exactly; none for empty characters, at least one otherwise); a segment's characters equal its range; styledTextSegments in a version-1 result is refused. The node-level typography members are the first segment's.
   */
  styledTextSegments?: StyledTextSegment[];
};
/**
 * A local style: PAINT (paints: SOLID or gradient paints, no IMAGE; a paint may bind its color to a COLOR variable) or TEXT (fontName, fontSize, lineHeight, letterSpacing, textCase, textDecoration, as Figma's TextStyle). Ids are unique among styles.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "style".
 */
export type Style = {
  id: string;
  type: "PAINT" | "TEXT";
  /**
   * Slash-separated groups, e.g. Color/brand, Text/Body 16.
   */
  name: string;
  description?: string;
  /**
   * @minItems 1
   * @maxItems 16
   */
  paints?:
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ]
    | [
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        },
        {
          type:
            | "SOLID"
            | "GRADIENT_LINEAR"
            | "GRADIENT_RADIAL"
            | "GRADIENT_ANGULAR"
            | "GRADIENT_DIAMOND";
          color?: {
            r: number;
            g: number;
            b: number;
          };
          opacity?: number;
          gradientTransform?: unknown;
          gradientStops?: unknown;
          boundVariables?: {
            color?: VariableAlias;
          };
        }
      ];
  fontName?: {
    family: string;
    style: string;
  };
  fontSize?: number;
  lineHeight?: {
    value?: number;
    unit: "AUTO" | "PIXELS" | "PERCENT";
  };
  letterSpacing?: {
    value: number;
    unit: "PIXELS" | "PERCENT";
  };
  textCase?: "ORIGINAL" | "UPPER" | "LOWER" | "TITLE";
  textDecoration?: "NONE" | "UNDERLINE" | "STRIKETHROUGH";
};
/**
 * A Figma variable of the collection, with its value in the collection's one mode.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "variable".
 */
export type Variable = {
  id: string;
  /**
   * Slash-separated groups, e.g. color/brand, size/space-4.
   */
  name: string;
  resolvedType: "COLOR" | "FLOAT";
  /**
   * COLOR: {r, g, b, a} in 0-1; FLOAT: a number (px for lengths).
   */
  value: {
    [k: string]: unknown | undefined;
  };
  codeSyntax?: {
    WEB: string;
  };
};

/**
 * A Figma Paint. An IMAGE paint names a raster entry of images by imageRef; other paints have no imageRef. Members other than type and imageRef are passed to the plugin unchecked, e.g. color ({r, g, b} each 0..1) for SOLID, scaleMode (FILL, FIT, CROP, TILE) for IMAGE, opacity (0..1), gradientStops.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "paint".
 */
export interface Paint {
  type:
    | "SOLID"
    | "GRADIENT_LINEAR"
    | "GRADIENT_RADIAL"
    | "GRADIENT_ANGULAR"
    | "GRADIENT_DIAMOND"
    | "IMAGE";
  imageRef?: string;
}
/**
 * One styled text segment. Members other than start, end, characters and fills pass to the plugin unchecked; the converter writes all of those listed here.
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
  fontName?: {
    family: string;
    style: string;
  };
  fontSize?: number;
  fontWeight?: number;
  fills?: Paint[];
  textDecoration?: "NONE" | "UNDERLINE" | "STRIKETHROUGH";
  letterSpacing?: {
    value: number;
    unit: "PIXELS" | "PERCENT";
  };
  textCase?: "ORIGINAL" | "UPPER" | "LOWER" | "TITLE" | "SMALL_CAPS" | "SMALL_CAPS_FORCED";
  /**
   * Figma's HyperlinkTarget, or null.
   */
  hyperlink?: null | {
    type: "URL" | "NODE";
    value: string;
  };
}
/**
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "variable_alias".
 */
export interface VariableAlias {
  type: "VARIABLE_ALIAS";
  id: string;
}
