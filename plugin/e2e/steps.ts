// What every browser driver (plugin/e2e/driver.ts, plugin/e2e/signin.ts, dashboard/e2e/driver.ts)
// shares: its bounds, its settings from the environment the Go test sets, its checks and its log
// lines (the Go test passes them on to the test log); the plugin's drivers also share how they
// bundle a page's script and run in Chromium.
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";

/** How long work of the API or a worker (a capture, a conversion, a thumbnail) may take to show, in ms. */
export const JobBound = 120_000;
/** How long any other step may take to show, in ms. */
export const StepBound = 30_000;

/** The environment variable name, which the Go test must set. */
export function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
}

/** Fails the driver (and so the Go test) with what was checked unless ok. */
export function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`check failed: ${what}`);
}

const started = Date.now();
/** Prints a line with the seconds since the driver started. */
export const log = (line: string): void => void process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}\n`);

/** Bundles entry (TypeScript; with jsx, Preact's JSX) into one ES module for the browser. */
export async function bundle(entry: string, jsx = false): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    target: "es2022",
    platform: "browser",
    write: false,
    logLevel: "warning",
    ...(jsx ? { jsx: "automatic" as const, jsxImportSource: "preact" } : {}),
  });
  return out.outputFiles[0]?.text ?? "";
}

/** Runs the driver's steps in the system Chromium (CHROMIUM_PATH), failing the driver on an error. */
export async function withChromium(run: (browser: Browser) => Promise<void>): Promise<void> {
  log("starting Chromium");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
  log("Chromium up");
  try {
    await run(browser);
  } catch (e) {
    log(`FAILED: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
}
