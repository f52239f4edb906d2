// Reading a code2desResult as the API returns it: the node tree, styles and variables arrive as
// JSON scalars (unknown to the type system) and are checked here against the result schema
// (docs/schemas/result.schema.json, compiled into generated/result-validate.js), which narrows
// them to the generated types without a cast. The images are the API's, typed by the codegen.
import type { Code2DesResultQuery } from "./generated/graphql/graphql.js";
import type { Node, Style, Result } from "./generated/result.js";
export type * from "./generated/result.js";
import { validateRoot, validateStyles, validateVariables, type ValidationError } from "./generated/result-validate.js";

/** code2desResult as the Code2DesResult operation returns it. */
export type ApiResult = NonNullable<Code2DesResultQuery["code2desResult"]>;
/** One inlined image of a result: base64 for rasters, svg for SVG documents. */
export type ApiImage = ApiResult["images"][number];

/** What reading needs of an API result: the JSON members and the images. */
export interface ResultInput {
  root: unknown;
  styles: unknown;
  variables?: unknown;
  images: readonly Pick<ApiImage, "ref" | "mimeType" | "width" | "height" | "base64" | "svg">[];
}

/** The root FRAME of a result tree. */
export type RootNode = Node & { type: "FRAME" };
/** The variable collection of a result (version 2). */
export type Variables = NonNullable<Result["variables"]>;

/** A result read and checked: the tree, styles and variables typed, images by ref. */
export interface ParsedResult {
  root: RootNode;
  styles: Style[];
  variables: Variables | null;
  images: ReadonlyMap<string, ResultInput["images"][number]>;
}

/**
 * A result that breaks the result format. nodeId is the node the broken member belongs to (null
 * when it is outside the tree: styles, variables, images); field is the member's path from that
 * node (or from the result), e.g. `fills[0].color`.
 */
export class ResultFormatError extends Error {
  constructor(
    readonly nodeId: string | null,
    readonly field: string,
    readonly reason: string,
  ) {
    super(nodeId === null ? `invalid result: ${field}: ${reason}` : `invalid result: node ${nodeId}, ${field}: ${reason}`);
    this.name = "ResultFormatError";
  }
}

/**
 * Checks r against the result schema and the rules the plugin relies on that JSON Schema cannot
 * state (unique node ids, imageRefs that name an image of the right kind) and returns it typed.
 * Throws ResultFormatError naming the first broken member.
 */
export function parseResult(r: ResultInput): ParsedResult {
  if (!validateRoot(r.root)) {
    throw treeError(r.root, validateRoot.errors);
  }
  const root = r.root;
  const styles = r.styles ?? [];
  if (!validateStyles(styles)) {
    throw new ResultFormatError(null, "styles" + pointerField(firstError(validateStyles.errors)), reason(validateStyles.errors));
  }
  let variables: Variables | null = null;
  if (r.variables !== null && r.variables !== undefined) {
    if (!validateVariables(r.variables)) {
      throw new ResultFormatError(null, "variables" + pointerField(firstError(validateVariables.errors)), reason(validateVariables.errors));
    }
    variables = r.variables;
  }
  const images = new Map<string, ResultInput["images"][number]>();
  r.images.forEach((im, i) => {
    if (images.has(im.ref)) throw new ResultFormatError(null, `images[${i}].ref`, `ref ${JSON.stringify(im.ref)} is not unique`);
    images.set(im.ref, im);
  });
  checkTree(root, images);
  return { root, styles, variables, images };
}

function checkTree(root: Node, images: ParsedResult["images"]): void {
  const ids = new Set<string>();
  const visit = (n: Node): void => {
    if (ids.has(n.id)) throw new ResultFormatError(n.id, "id", "the id is not unique in the tree");
    ids.add(n.id);
    if (n.type === "SVG") {
      const im = n.imageRef === undefined ? undefined : images.get(n.imageRef);
      if (im === undefined || typeof im.svg !== "string") {
        throw new ResultFormatError(n.id, "imageRef", `no SVG image ${JSON.stringify(n.imageRef)} in the result`);
      }
    }
    const paints = [
      ...(n.fills ?? []).map((p, i) => [`fills[${i}]`, p] as const),
      ...(n.strokes ?? []).map((p, i) => [`strokes[${i}]`, p] as const),
      ...(n.styledTextSegments ?? []).flatMap((s, j) => (s.fills ?? []).map((p, i) => [`styledTextSegments[${j}].fills[${i}]`, p] as const)),
    ];
    for (const [field, p] of paints) {
      if (p.type !== "IMAGE") continue;
      const im = images.get(p.imageRef);
      if (im === undefined || typeof im.base64 !== "string") {
        throw new ResultFormatError(n.id, `${field}.imageRef`, `no raster image ${JSON.stringify(p.imageRef)} in the result`);
      }
    }
    n.children?.forEach(visit);
  };
  visit(root);
}

/** The error a validator reports deepest (Ajv stops at the first broken rule of each branch). */
function firstError(errors: ValidationError[] | null | undefined): ValidationError | undefined {
  let best: ValidationError | undefined;
  for (const e of errors ?? []) {
    if (best === undefined || e.instancePath.length > best.instancePath.length) best = e;
  }
  return best;
}

function reason(errors: ValidationError[] | null | undefined): string {
  const e = firstError(errors);
  if (e === undefined) return "does not match the result schema";
  const allowed = e.params["allowedValues"];
  const constant = e.params["allowedValue"];
  const values = Array.isArray(allowed) ? allowed.join(", ") : constant !== undefined ? String(constant) : null;
  return (e.message ?? "does not match the result schema") + (values === null ? "" : ` (${values})`);
}

/** `/fills/0/color` -> `.fills[0].color`, plus the missing or unknown member an error names. */
function pointerField(e: ValidationError | undefined, from = 0): string {
  if (e === undefined) return "";
  const parts = e.instancePath.split("/").slice(1).slice(from).map(unescapePointer);
  const missing = e.params["missingProperty"] ?? e.params["additionalProperty"];
  if (typeof missing === "string") parts.push(missing);
  return parts.map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join("");
}

function unescapePointer(s: string): string {
  return s.split("~1").join("/").split("~0").join("~");
}

/** Names the node a tree error lies in: walks root along the error's path through `children`. */
function treeError(root: unknown, errors: ValidationError[] | null | undefined): ResultFormatError {
  const e = firstError(errors);
  const parts = (e?.instancePath ?? "").split("/").slice(1).map(unescapePointer);
  let node: unknown = root;
  let depth = 0;
  for (let i = 0; i + 1 < parts.length && parts[i] === "children"; i += 2) {
    const children: unknown = isObject(node) ? node["children"] : undefined;
    const next: unknown = Array.isArray(children) ? children[Number(parts[i + 1])] : undefined;
    if (!isObject(next)) break;
    node = next;
    depth = i + 2;
  }
  const id = isObject(node) && typeof node["id"] === "string" ? node["id"] : null;
  const field = pointerField(e, depth).replace(/^\./, "") || "(node)";
  return new ResultFormatError(id ?? (depth === 0 ? "(root)" : null), field, reason(errors));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
