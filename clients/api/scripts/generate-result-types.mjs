// Writes src/generated/result.ts: the TypeScript types of the result artifact, generated from
// docs/schemas/result.schema.json (and the common.schema.json it refers to) with
// json-schema-to-typescript. Run by `npm run generate`; never edit the output by hand.
import { writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compileFromFile } from "json-schema-to-typescript";

const here = dirname(fileURLToPath(import.meta.url));
const schemas = resolve(here, "../../../docs/schemas");
const out = resolve(here, "../src/generated/result.ts");

const ts = await compileFromFile(resolve(schemas, "result.schema.json"), {
  cwd: schemas,
  bannerComment:
    "// Generated from docs/schemas/result.schema.json by clients/api/scripts/generate-result-types.mjs\n// (npm run generate). Do not edit.",
  additionalProperties: false,
  strictIndexSignatures: true,
  unreachableDefinitions: true,
  style: { printWidth: 100 },
});
await writeFile(out, ts);
