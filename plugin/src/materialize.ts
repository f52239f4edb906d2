// materialize(result, options): turns a code2desResult, as the API returns it (tree, styles and
// variables as JSON, images inlined), into native Figma layers with the Plugin API, using only
// the global `figma`. All or nothing: a malformed result, an image or SVG Figma refuses, or a
// Plugin API error half way removes everything already created (nodes, styles, variables) and
// throws a MaterializeError naming the result node and member. Usable without the UI.
import { parseResult, ResultFormatError, type Node, type ResultInput } from "@code2des/api/result";
import { Components } from "./materialize/components.js";
import { MaterializeError, applying, describe, type MaterializeWarning } from "./materialize/errors.js";
import { createImages } from "./materialize/images.js";
import { place } from "./materialize/placement.js";
import { createLibrary } from "./materialize/styles.js";
import { Fonts } from "./materialize/text.js";
import { applyConstraints, buildNode, drawnByList } from "./materialize/tree.js";

export { MaterializeError, type MaterializeWarning } from "./materialize/errors.js";
export { FallbackFamily, FallbackStyle } from "./materialize/text.js";
export { PluginDataKey } from "./materialize/styles.js";
export { ComponentDataKey, ComponentsFrameName, IconDataKey, IconPropertyName, TextPropertyName } from "./materialize/components.js";

/** Nodes created between two yields to Figma (and two progress reports) by default. */
export const DefaultBatchSize = 250;

/** Options of materialize. */
export interface MaterializeOptions {
  /** The job's placementTarget: a page, frame or section id of this file (placement.ts). */
  placementTarget?: string | null;
  /** Called after each batch of nodes and at the end: nodes created so far, of total. */
  onProgress?: (done: number, total: number) => void;
  /** Called for each thing materialized differently from the result (font fallbacks, ...). */
  onWarning?: (warning: MaterializeWarning) => void;
  /** Nodes per batch (default DefaultBatchSize); between batches Figma gets to redraw. */
  batchSize?: number;
}

/**
 * Materializes result and returns its root frame, placed, selected and zoomed to. Throws
 * MaterializeError (nothing left behind) when the result cannot be materialized.
 */
export async function materialize(result: ResultInput, options: MaterializeOptions = {}): Promise<FrameNode> {
  let parsed;
  try {
    parsed = parseResult(result);
  } catch (e) {
    if (e instanceof ResultFormatError) throw new MaterializeError(e.nodeId, e.field, e.reason);
    throw e;
  }
  const warn = (w: MaterializeWarning): void => options.onWarning?.(w);
  const nodes: SceneNode[] = [];
  const library: (BaseStyle | Variable | VariableCollection)[] = [];
  const total = countNodes(parsed.root);
  const batch = Math.max(1, options.batchSize ?? DefaultBatchSize);
  let done = 0;
  try {
    const images = createImages(parsed);
    const fonts = await Fonts.load(parsed, warn);
    const lib = createLibrary(parsed, images, fonts, (o) => library.push(o), warn);
    const svgs = new Map<string, string>();
    for (const [ref, im] of parsed.images) if (typeof im.svg === "string") svgs.set(ref, im.svg);
    const components = new Components((n) => nodes.push(n), parsed.root);
    const constrained: [SceneNode, Node][] = [];
    const root = await buildNode(parsed.root, figma.currentPage, {
      constrained,
      components,
      images,
      fonts,
      library: lib,
      svgs,
      warn,
      track: (n) => nodes.push(n),
      tick: async () => {
        done++;
        if (done % batch === 0) {
          options.onProgress?.(done, total);
          await new Promise<void>((resolve) => setTimeout(resolve, 0));
        }
      },
    });
    if (root.type !== "FRAME") throw new MaterializeError(parsed.root.id, "type", "the root was not created as a FRAME");
    // A page with themes shows its first mode (Light), the page as captured; the designer
    // switches the frame's mode in Figma.
    const collection = lib.collection;
    const pageMode = lib.pageMode;
    if (collection !== null && pageMode !== null) {
      applying(parsed.root.id, "variables.modes", () => root.setExplicitVariableModeForCollection(collection, pageMode));
    }
    await place(root, options.placementTarget, warn);
    components.place(root);
    applyConstraints(constrained);
    options.onProgress?.(total, total);
    return root;
  } catch (e) {
    removeAll(nodes, library);
    if (e instanceof MaterializeError) throw e;
    throw new MaterializeError(null, "(materialize)", describe(e));
  }
}

/** The nodes materialize creates for n: its subtree less the list markers a list draws. */
function countNodes(n: Node): number {
  let count = 1;
  for (const c of n.children ?? []) if (!drawnByList(c, n)) count += countNodes(c);
  return count;
}

/** Removes what a failed materialize created, children before parents. */
function removeAll(nodes: SceneNode[], library: (BaseStyle | Variable | VariableCollection)[]): void {
  for (const n of [...nodes].reverse()) {
    if (!n.removed) n.remove();
  }
  for (const o of [...library].reverse()) o.remove();
}
