// Generated from docs/schemas/result.schema.json by clients/api/scripts/generate-result-types.mjs
// (npm run generate). Do not edit.
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
