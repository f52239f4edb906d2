// Writes, from docs/schemas/result.schema.json (and the common.schema.json it refers to):
//   src/generated/result.ts            the result artifact's TypeScript types (json-schema-to-typescript);
//   src/generated/result-validate.js   validators of the members code2desResult returns as JSON
//                                      (root, styles, variables), compiled by Ajv ahead of time
//                                      (standalone code: Figma's plugin sandbox runs no eval);
//   src/generated/result-validate.d.ts their type guards, naming the generated types.
// Run by `npm run generate`; never edit the output by hand.
import { readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";
import Ajv2020 from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const schemas = resolve(here, "../../../docs/schemas");
const generated = resolve(here, "../src/generated");
const banner = "// Generated from docs/schemas/result.schema.json by clients/api/scripts/generate-result-types.mjs\n// (npm run generate). Do not edit.";

const result = JSON.parse(await readFile(resolve(schemas, "result.schema.json"), "utf8"));
const common = JSON.parse(await readFile(resolve(schemas, "common.schema.json"), "utf8"));

const ts = await compile(result, "Result", {
  cwd: schemas,
  bannerComment: banner,
  // Members a schema leaves open are not in the types: the plugin applies only what it knows.
  additionalProperties: false,
  strictIndexSignatures: true,
  unreachableDefinitions: true,
  // Arrays of at most 3 items (a Transform: 2 rows of 3) become tuples, as Figma types them.
  maxItems: 3,
  customName: (schema) => (schema.title === result.title ? "Result" : undefined),
  style: { printWidth: 100 },
});
await writeFile(resolve(generated, "result.ts"), ts);

const base = "https://code2des.invalid/schemas/";
const ajv = new Ajv2020({
  code: { source: true, esm: true, lines: true },
  strict: false,
  validateFormats: false,
  allErrors: false,
  discriminator: true,
});
ajv.addSchema({ ...common, $id: base + "common.schema.json" });
ajv.addSchema({ ...result, $id: base + "result.schema.json" });
const exports = {
  validateRoot: base + "result.schema.json#/properties/root",
  validateStyles: base + "result.schema.json#/properties/styles",
  validateVariables: base + "result.schema.json#/properties/variables",
};
// Ajv's ESM output still require()s its string-length helper (lengths count code points, as JSON
// Schema's maxLength does); the plugin's sandbox and Node's ESM have no require, so it is inlined.
const ucs2length = 'require("ajv/dist/runtime/ucs2length").default';
const code = standaloneCode(ajv, exports);
if (!code.includes(ucs2length) || /require\(/.test(code.replaceAll(ucs2length, ""))) {
  throw new Error("Ajv's standalone code requires other runtime helpers than ucs2length: inline them too");
}
await writeFile(
  resolve(generated, "result-validate.js"),
  `${banner}\n// @ts-nocheck\n${code.replaceAll(ucs2length, "((s) => Array.from(s).length)")}`,
);
await writeFile(
  resolve(generated, "result-validate.d.ts"),
  `${banner}
import type { Node, Style, Result } from "./result.js";

/** One Ajv error: where (a JSON Pointer into the validated value) and what. */
export interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** A validator of one member of the result document, a type guard for its generated type. */
export interface Validator<T> {
  (data: unknown): data is T;
  /** The errors of the last call that returned false. */
  errors?: ValidationError[] | null;
}

/** The node tree (Result["root"]): a FRAME node. */
export declare const validateRoot: Validator<Node & { type: "FRAME" }>;
/** The styles list. */
export declare const validateStyles: Validator<Style[]>;
/** The variable collection. */
export declare const validateVariables: Validator<NonNullable<Result["variables"]>>;
`,
);
