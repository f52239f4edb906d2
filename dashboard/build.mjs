// Builds the dashboard into dist/: src/main.tsx bundled and minified with its CSS into
// dist/assets/ under content-hashed names (app-<hash>.js, app-<hash>.css), and src/index.html
// with those names written in as dist/index.html. The API binary embeds dist/ (dist.go) and
// serves it at /dashboard/ (server/dashboard): hashed assets cached for a year, index.html never.
// Output is deterministic: `make plugin` rebuilds and fails when the committed dist/ differs.
import { build } from "esbuild";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "dist");
const assets = resolve(dist, "assets");

await rm(assets, { recursive: true, force: true });
await mkdir(assets, { recursive: true });
const result = await build({
  entryPoints: { app: resolve(here, "src/main.tsx") },
  outdir: assets,
  entryNames: "[name]-[hash]",
  bundle: true,
  minify: true,
  jsx: "automatic",
  jsxImportSource: "preact",
  format: "esm",
  target: "es2020",
  platform: "browser",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
});

let js = "";
let css = "";
for (const out of Object.keys(result.metafile.outputs)) {
  if (out.endsWith(".js")) js = basename(out);
  if (out.endsWith(".css")) css = basename(out);
}
if (!js || !css) throw new Error(`the build wrote no script or no stylesheet: ${Object.keys(result.metafile.outputs).join(", ")}`);

const page = await readFile(resolve(here, "src/index.html"), "utf8");
for (const marker of ["{{script}}", "{{stylesheet}}"]) {
  if (!page.includes(marker)) throw new Error(`src/index.html has no ${marker}`);
}
await writeFile(
  resolve(dist, "index.html"),
  page.replace("{{script}}", () => `/dashboard/assets/${js}`).replace("{{stylesheet}}", () => `/dashboard/assets/${css}`),
);
