// Errors and warnings of materializing. Every failure names the result node and the member
// (field) it was applying, so the designer and the logs can find it in the result.
import { ResultFormatError } from "@code2des/api/result";

/**
 * A result that could not be materialized; nothing of it is left on the canvas. nodeId is the
 * result's node id (null for styles, variables and images outside any node), field the member.
 */
export class MaterializeError extends Error {
  constructor(
    readonly nodeId: string | null,
    readonly field: string,
    readonly reason: string,
  ) {
    super(nodeId === null ? `${field}: ${reason}` : `node ${nodeId}, ${field}: ${reason}`);
    this.name = "MaterializeError";
  }
}

/** Something materialized differently from the result, shown to the designer. */
export interface MaterializeWarning {
  /** A stable UPPER_SNAKE code (FONT_SUBSTITUTED, SVG_RASTER_FALLBACK, ...). */
  code: string;
  message: string;
  /** The result node it is about, if any. */
  nodeId: string | null;
}

/** The text of a thrown value: an Error's message, else the value as a string. */
export function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Runs a Plugin API call that applies field of node nodeId; a throw becomes a MaterializeError
 * naming both (an error that already names them passes through).
 */
export function applying<T>(nodeId: string | null, field: string, apply: () => T): T {
  try {
    return apply();
  } catch (e) {
    throw wrap(e, nodeId, field);
  }
}

/** applying for async calls (loadFontAsync, setFillStyleIdAsync, ...). */
export async function applyingAsync<T>(nodeId: string | null, field: string, apply: () => Promise<T>): Promise<T> {
  try {
    return await apply();
  } catch (e) {
    throw wrap(e, nodeId, field);
  }
}

function wrap(e: unknown, nodeId: string | null, field: string): MaterializeError {
  if (e instanceof MaterializeError) return e;
  if (e instanceof ResultFormatError) return new MaterializeError(e.nodeId, e.field, e.reason);
  return new MaterializeError(nodeId, field, `Figma refused it: ${describe(e)}`);
}
