// Image fills: every raster the tree's IMAGE paints use is handed to figma.createImage once,
// from the bytes the API inlines (base64), before any node is created; a raster Figma refuses
// fails the whole result, naming the first node and paint that use it.
import type { Node, ParsedResult } from "@code2des/api/result";
import { applying } from "./errors.js";

/** The Figma images of a result, by imageRef. */
export type Images = ReadonlyMap<string, Image>;

/** Where an imageRef is first used: the node and the paint's field. */
interface Use {
  nodeId: string;
  field: string;
}

/** Creates the images the tree's IMAGE paints use (SVG nodes' documents are not images). */
export function createImages(result: ParsedResult): Images {
  const uses = new Map<string, Use>();
  const visit = (n: Node): void => {
    const lists: [string, Node["fills"]][] = [
      ["fills", n.fills],
      ["strokes", n.strokes],
      ...(n.styledTextSegments ?? []).map((s, i): [string, Node["fills"]] => [`styledTextSegments[${i}].fills`, s.fills]),
    ];
    for (const [name, paints] of lists) {
      paints?.forEach((p, i) => {
        if (p.type === "IMAGE" && !uses.has(p.imageRef)) uses.set(p.imageRef, { nodeId: n.id, field: `${name}[${i}].imageRef` });
      });
    }
    n.children?.forEach(visit);
  };
  visit(result.root);
  const images = new Map<string, Image>();
  for (const [ref, use] of uses) {
    const entry = result.images.get(ref);
    // parseResult has checked that every IMAGE paint names a raster with base64.
    const base64 = entry?.base64 ?? "";
    images.set(
      ref,
      applying(use.nodeId, use.field, () => figma.createImage(figma.base64Decode(base64))),
    );
  }
  return images;
}
