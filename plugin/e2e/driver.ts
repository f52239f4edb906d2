// The plugin's UI end to end: drives plugin/dist/ui.html, with plugin/dist/code.js on the figma
// stand-in (harness.ts), in headless Chromium against a running API with its workers, as a
// designer would: settings, project, a refused import, a failed capture and its retry, an import
// of the page, the live status, the review, the diff map, materialize, a second placement, and
// the recent lists re-opening jobs. Run by server/e2e
// (TestPluginUIEndToEnd), which starts the stack and reads the job back through the API.
//
// Environment: C2D_E2E_API_URL (the API's base URL), C2D_E2E_TOKEN, C2D_E2E_PROJECT_ID,
// C2D_E2E_PAGE_URL (the page to import), C2D_E2E_READY_SELECTOR, C2D_E2E_NEVER_READY_URL (a page
// on which the selector never appears) and C2D_E2E_NEVER_READY_MESSAGE (the errorMessage its
// capture fails with); CHROMIUM_PATH (default /usr/bin/chromium); C2D_E2E_SCREENSHOT (a PNG path:
// the import's card after the second placement, for a person to look at). Prints progress lines, then one line `C2D_E2E_RESULT {json}`; exits 1 on
// the first check that fails.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { JobBound, StepBound, bundle, check, env, log, withChromium } from "./steps.js";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../dist");

/** Serves the harness page, its script (bundled now) and the built plugin on a free loopback port. */
async function serveHarness(): Promise<{ server: Server; url: string }> {
  const bundled = await bundle(resolve(here, "harness.ts"));
  const files: Record<string, { type: string; body: string }> = {
    "/harness.html": { type: "text/html", body: `<!doctype html><meta charset="utf-8"><title>figma stand-in</title><script type="module" src="harness.js"></script>` },
    "/harness.js": { type: "text/javascript", body: bundled },
    "/code.js": { type: "text/javascript", body: await readFile(resolve(dist, "code.js"), "utf8") },
    "/ui.html": { type: "text/html", body: await readFile(resolve(dist, "ui.html"), "utf8") },
  };
  const server = createServer((req, res) => {
    if (req.url === "/favicon.ico") return void res.writeHead(204).end();
    const f = files[req.url ?? ""];
    res.writeHead(f ? 200 : 404, { "Content-Type": f?.type ?? "text/plain" });
    res.end(f?.body ?? "not found");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address: string | AddressInfo | null = server.address();
  if (typeof address !== "object" || address === null) throw new Error("the harness server has no TCP address");
  return { server, url: `http://127.0.0.1:${address.port}/harness.html` };
}

/** What harness.ts exposes as window.harness. */
interface Harness {
  topLevel(): { id: string; name: string }[];
  storage(): Record<string, unknown>;
  selected(): string[];
}

function readHarness<T>(page: Page, read: (h: Harness) => T): Promise<T> {
  return page.evaluate(`(${read.toString()})(window.harness)`);
}

async function run(browser: Browser): Promise<void> {
  const apiUrl = `${env("C2D_E2E_API_URL")}/graphql`;
  const token = env("C2D_E2E_TOKEN");
  const projectId = env("C2D_E2E_PROJECT_ID");
  const pageUrl = env("C2D_E2E_PAGE_URL");
  const readySelector = env("C2D_E2E_READY_SELECTOR");
  const neverReadyUrl = env("C2D_E2E_NEVER_READY_URL");
  const neverReadyMessage = env("C2D_E2E_NEVER_READY_MESSAGE");

  const { server, url } = await serveHarness();
  const page = await browser.newPage();
  page.on("pageerror", (e) => log(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") log(`console ${m.type()}: ${m.text()}`);
  });
  const socketFrames: string[] = [];
  page.on("websocket", (ws) => {
    log(`websocket ${ws.url()}`);
    ws.on("framereceived", (f) => void socketFrames.push(String(f.payload)));
  });
  try {
    await page.goto(url);
    const ui: FrameLocator = page.frameLocator("#plugin-ui");
    await ui.getByRole("tab", { name: "Settings" }).waitFor({ timeout: StepBound });
    log("plugin loaded");

    // Settings: with nothing stored the UI opens on them.
    await ui.getByLabel("API URL").fill(apiUrl, { timeout: StepBound });
    // The pasted token is the developer option, under its disclosure.
    await ui.getByText("Developer: paste a token").click();
    await ui.getByLabel("Token").fill(token);
    await ui.getByRole("button", { name: "Save settings" }).click();
    await ui.getByLabel("Project", { exact: true }).fill(projectId);
    await ui.getByRole("button", { name: "Open project" }).click();
    await ui.getByLabel("Project summary").waitFor({ timeout: StepBound });
    const stored = await readHarness(page, (h) => h.storage());
    const settings = stored["code2des.settings"];
    check(
      JSON.stringify(settings) === JSON.stringify({ apiUrl, token, refreshToken: "", expiresAt: 0, projectId, projects: [projectId] }),
      `clientStorage holds the settings: ${JSON.stringify(stored)}`,
    );
    log("settings saved, project opened");

    // A refused import shows the API's words.
    await ui.getByRole("tab", { name: "Import" }).click();
    await ui.getByLabel("Page URL").fill("ftp://example.com/");
    await ui.getByRole("button", { name: "Import" }).click();
    const refusal = ui.getByRole("alert").filter({ hasText: "BAD_USER_INPUT: input.sourceUrl" });
    await refusal.waitFor({ timeout: StepBound });
    log(`refused as the API says: ${await refusal.innerText()}`);

    // A page whose ready selector never appears: the capture fails with the API's message, and
    // Retry starts attempt 2 (left running; the recent list re-opens it at the end).
    await ui.getByLabel("Page URL").fill(neverReadyUrl);
    await ui.getByRole("checkbox", { name: /Desktop/ }).uncheck();
    await ui.getByRole("checkbox", { name: "Custom" }).check();
    await ui.getByLabel("Custom width").fill("800");
    await ui.getByLabel("Custom height").fill("600");
    await ui.getByLabel("Ready selector").fill(readySelector);
    await ui.getByRole("button", { name: "Import" }).click();
    const failing = ui.locator("article[data-page-import-id]");
    await failing.locator("[data-status=capture]", { hasText: /^FAILED$/ }).waitFor({ timeout: JobBound });
    const failure = await failing.locator(".failure").innerText();
    check(failure === neverReadyMessage, `the failure is the API's errorMessage: ${failure}`);
    const neverReadyId = (await failing.getAttribute("data-page-import-id")) ?? "";
    await failing.getByRole("button", { name: "Retry capture" }).click();
    await failing.getByText("attempt 2").waitFor({ timeout: StepBound });
    log(`import ${neverReadyId} failed (${failure}), retried as attempt 2`);

    // The import: one custom viewport of the test site, with its ready selector.
    await ui.getByLabel("Page URL").fill(pageUrl);
    await ui.getByRole("button", { name: "Import" }).click();
    // The new import's card replaces the failed one's.
    const card = ui.locator(`article[data-page-import-id]:not([data-page-import-id="${neverReadyId}"])`);
    await card.waitFor({ timeout: StepBound });
    check((await ui.locator("article[data-page-import-id]").count()) === 1, "one import shown");
    check((await ui.getByRole("alert").count()) === 0, "the import was accepted");
    const pageImportId = (await card.getAttribute("data-page-import-id")) ?? "";
    log(`import ${pageImportId} created`);

    await card.locator("[data-status=capture]", { hasText: /^COMPLETED$/ }).waitFor({ timeout: JobBound });
    const thumbnail = card.locator("img.thumbnail");
    // The API makes the thumbnail on the first request (decode, crop, scale: slow under -race).
    await thumbnail.waitFor({ timeout: JobBound });
    const thumbnailWidth = await thumbnail.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    check(thumbnailWidth > 0, "the thumbnail loaded from its presigned URL");
    log("capture completed, thumbnail shown");

    const job = card.locator("[data-code2des-id]");
    await job.locator("[data-status=code2des]", { hasText: /^COMPLETED$/ }).waitFor({ timeout: JobBound });
    const code2desId = (await job.getAttribute("data-code2des-id")) ?? "";
    await job.locator("[data-fidelity=ssim]").waitFor({ timeout: JobBound });
    const ssim = await job.locator("[data-fidelity=ssim]").innerText();
    check(/^\d\.\d{3}$/.test(ssim), `a fidelity score is shown before materializing: ${ssim}`);
    log(`conversion ${code2desId} completed, SSIM ${ssim}`);
    await job.getByRole("button", { name: "Show diff map" }).click();
    await job.locator("img.diffmap").waitFor({ timeout: JobBound });
    log("diff map shown");

    // Live status came through the subscriptions: no fallback to polling, and the socket sent
    // the jobs' updates.
    check((await ui.locator("footer").innerText()).includes("subscriptions"), "live status stayed on subscriptions");
    check(socketFrames.some((f) => f.includes('"pageImportUpdated"') && f.includes('"COMPLETED"')), "the capture's completion came over the WebSocket");
    check(socketFrames.some((f) => f.includes('"code2desUpdated"') && f.includes('"COMPLETED"')), "the conversion's completion came over the WebSocket");

    // Materialize: the main thread builds the tree in the stand-in, the UI records the root.
    const before = await readHarness(page, (h) => h.topLevel());
    await job.getByRole("button", { name: "Materialize" }).click();
    await job.locator("[data-recorded=recorded]").waitFor({ timeout: JobBound });
    const nodeId = await job.locator("[data-node-id]").innerText();
    const progress = (await job.locator("[data-progress]").innerText()).split("/").map((s) => Number(s.trim()));
    const after = await readHarness(page, (h) => h.topLevel());
    check(after.length === before.length + 1 && after.at(-1)?.id === nodeId, `the stand-in's new root is node ${nodeId}: ${JSON.stringify(after)}`);
    check(JSON.stringify(await readHarness(page, (h) => h.selected())) === JSON.stringify([nodeId]), "the root is selected");
    const [nodesDone = 0, nodesTotal = 0] = progress;
    check(nodesTotal > 1 && nodesDone === nodesTotal, `progress at its total: ${progress.join(" / ")}`);
    log(`materialized as ${nodeId} (${nodesDone} / ${nodesTotal} nodes), recorded`);

    // A second placement still works; the API keeps the first root.
    await job.getByRole("button", { name: "Materialize again" }).click();
    await job.locator("[data-recorded=kept]").waitFor({ timeout: JobBound });
    const again = await readHarness(page, (h) => h.topLevel());
    const kept = await job.locator("[data-recorded=kept]").innerText();
    check(again.length === after.length + 1 && kept.includes(nodeId), `second placement ${again.at(-1)?.id}, the API kept ${nodeId}: ${kept}`);
    log(`placed again as ${again.at(-1)?.id ?? "?"}; the job's root stays ${nodeId}`);
    const shot = process.env.C2D_E2E_SCREENSHOT;
    if (shot) await card.screenshot({ path: shot });

    // The recent lists re-open the job.
    await ui.getByRole("tab", { name: "Recent" }).click();
    await ui.getByRole("region", { name: "Recent conversions" }).getByRole("button").first().click();
    await ui.locator(`[data-code2des-id="${code2desId}"]`).waitFor({ timeout: StepBound });
    log("re-opened the conversion from the recent list");
    await ui.getByRole("tab", { name: "Recent" }).click();
    await ui.getByRole("region", { name: "Recent imports" }).getByRole("button", { name: /never-ready/ }).click();
    const reopened = ui.locator(`[data-page-import-id="${neverReadyId}"]`);
    await reopened.locator("[data-status=capture]", { hasText: /^FAILED$/ }).waitFor({ timeout: JobBound });
    check((await reopened.innerText()).includes("attempt 2"), "the re-opened import is at attempt 2");
    log("re-opened the failed import: attempt 2 failed too");

    process.stdout.write(`C2D_E2E_RESULT ${JSON.stringify({ pageImportId, code2desId, nodeId, nodesDone, nodesTotal, recorded: true })}\n`);
  } finally {
    await page.close();
    server.close();
  }
}

await withChromium(run);
