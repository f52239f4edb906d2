// Builds the plugin into dist/: the main thread (src/code.ts -> dist/code.js) and the UI
// (src/ui/ui.ts bundled and inlined into src/ui/ui.html -> dist/ui.html; Figma loads the UI as one
// HTML string, so the script cannot be a separate file). Output is deterministic: `make plugin`
// rebuilds and fails when the committed dist/ differs.
import { build } from "esbuild";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "dist");
// Figma's main-thread sandbox and its UI iframe both run ES2017 without transforms.
const target = "es2017";

await mkdir(dist, { recursive: true });
await build({
  entryPoints: [resolve(here, "src/code.ts")],
  outfile: resolve(dist, "code.js"),
  bundle: true,
  format: "iife",
  target,
  legalComments: "none",
  logLevel: "warning",
});

const ui = await build({
  entryPoints: [resolve(here, "src/ui/ui.ts")],
  bundle: true,
  // The views are Preact function components written in TSX (tsconfig.ui.json says the same).
  jsx: "automatic",
  jsxImportSource: "preact",
  format: "iife",
  target,
  write: false,
  legalComments: "none",
  logLevel: "warning",
});
const script = ui.outputFiles[0].text.replaceAll("</script", "<\\/script");
const page = await readFile(resolve(here, "src/ui/ui.html"), "utf8");
const marker = "<!-- ui.ts -->";
if (!page.includes(marker)) throw new Error(`src/ui/ui.html has no ${marker} marker for the script`);
await writeFile(resolve(dist, "ui.html"), page.replace(marker, () => `<script>\n${script}</script>`));
