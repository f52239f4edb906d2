// The plugin's sign-in handoff end to end, in headless Chromium against a running API whose
// development sign-in is on: the plugin UI (plugin/dist/ui.html with dist/code.js on the figma
// stand-in, harness.ts) asks for a key pair and opens the sign-in page (figma.openExternal); the
// page (dashboard/src/signin, bundled here) is opened in a second, separate browser context as the
// user's browser would, where the member signs in and the page hands the token over; the plugin's
// poll takes it once, keeps it in figma.clientStorage and opens a project with it. The driver then
// replays the keys it saw on the wire: a second take with the read key, a second delivery with
// the write key and a guessed key get nothing. Run by e2e (TestPluginSignInEndToEnd).
//
// The API's origin in production serves the sign-in page; here one loopback server plays that
// origin: it serves the harness, the plugin and the sign-in page, and passes /auth/* and /graphql
// on to the API (C2D_E2E_API_URL), so the page, the plugin and the API share one origin.
//
// Environment: C2D_E2E_API_URL, C2D_E2E_PROJECT_ID, C2D_E2E_MEMBER (the seeded member to choose),
// CHROMIUM_PATH (default /usr/bin/chromium), C2D_E2E_SCREENSHOT_DIR (PNGs of each step). Prints
// progress lines, then one line `C2D_E2E_RESULT {json}`; exits 1 on the first check that fails.
import { readFile } from "node:fs/promises";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { StepBound, bundle, check, env, log, withChromium } from "./steps.js";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../dist");
const signInEntry = resolve(here, "../../dashboard/src/signin/standalone.tsx");

/** Serves the harness, the plugin and the sign-in page, and passes the API's routes on to api. */
async function serveOrigin(api: string): Promise<{ close: () => void; origin: string }> {
  const signInPage = `<!doctype html><meta charset="utf-8"><title>Sign in</title><div id="app"></div><script type="module" src="/dashboard/signin.js"></script>`;
  const files: Record<string, { type: string; body: string }> = {
    "/harness.html": { type: "text/html", body: `<!doctype html><meta charset="utf-8"><title>figma stand-in</title><script type="module" src="harness.js"></script>` },
    "/harness.js": { type: "text/javascript", body: await bundle(resolve(here, "harness.ts")) },
    "/code.js": { type: "text/javascript", body: await readFile(resolve(dist, "code.js"), "utf8") },
    "/ui.html": { type: "text/html", body: await readFile(resolve(dist, "ui.html"), "utf8") },
    "/dashboard/signin": { type: "text/html", body: signInPage },
    "/dashboard/signin/callback": { type: "text/html", body: signInPage },
    "/dashboard/signin.js": { type: "text/javascript", body: await bundle(signInEntry, true) },
  };
  const target = new URL(api);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (path.startsWith("/auth/") || path === "/graphql") {
      const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on("error", () => res.writeHead(502).end());
      req.pipe(up);
      return;
    }
    const f = files[path];
    res.writeHead(f ? 200 : 404, { "Content-Type": f?.type ?? "text/plain" });
    res.end(f?.body ?? "not found");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address: string | AddressInfo | null = server.address();
  if (typeof address !== "object" || address === null) throw new Error("the server has no TCP address");
  return { close: () => server.close(), origin: `http://127.0.0.1:${address.port}` };
}

/** POSTs body as JSON to the API and returns the status. */
async function post(url: string, body: unknown): Promise<number> {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.C2D_E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) });
}

async function run(browser: Browser): Promise<void> {
  const api = env("C2D_E2E_API_URL");
  const projectId = env("C2D_E2E_PROJECT_ID");
  const member = env("C2D_E2E_MEMBER");
  const { close, origin } = await serveOrigin(api);
  const apiUrl = `${origin}/graphql`;

  // Figma: the harness page with the plugin.
  const figma = await browser.newContext();
  const page = await figma.newPage();
  page.on("pageerror", (e) => log(`plugin page error: ${e.message}`));
  // The keys as they travel: the read key in the plugin's takes, the tokens in their answers.
  let readKey = "";
  const takes: number[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/auth/handoffs/take")) readKey = String(JSON.parse(r.postData() ?? "{}").readKey ?? "");
  });
  page.on("response", (r) => {
    if (r.url().endsWith("/auth/handoffs/take")) takes.push(r.status());
  });
  // The user's browser: another context, sharing nothing with Figma's.
  const user = await browser.newContext();
  try {
    await page.goto(`${origin}/harness.html`);
    const ui = page.frameLocator("#plugin-ui");
    await ui.getByRole("tab", { name: "Settings" }).waitFor({ timeout: StepBound });
    await ui.getByLabel("API URL").fill(apiUrl, { timeout: StepBound });
    await ui.getByRole("button", { name: "Sign in" }).click();
    await ui.getByLabel("Sign-in status").filter({ hasText: "Finish signing in in your browser" }).waitFor({ timeout: StepBound });
    const opened: string[] = await page.evaluate("window.harness.opened()");
    check(opened.length === 1 && (opened[0] ?? "").startsWith(`${origin}/dashboard/signin#handoff=`), `the plugin opened the sign-in page: ${JSON.stringify(opened)}`);
    const signInUrl = opened[0] ?? "";
    const writeKey = new URLSearchParams(new URL(signInUrl).hash.slice(1)).get("handoff") ?? "";
    log(`the plugin opened ${signInUrl.replace(writeKey, "<write key>")} and polls`);
    await shoot(page, "1-plugin-waiting");

    const browserPage = await user.newPage();
    browserPage.on("pageerror", (e) => log(`sign-in page error: ${e.message}`));
    await browserPage.goto(signInUrl);
    await browserPage.getByRole("heading", { name: "Sign in to the Code2Des Figma plugin" }).waitFor({ timeout: StepBound });
    check(new URL(browserPage.url()).hash === "", `the write key left the address bar: ${browserPage.url()}`);
    await shoot(browserPage, "2-signin-page");
    await browserPage.getByRole("button", { name: `Sign in as ${member}` }).click();
    await browserPage.getByRole("status").filter({ hasText: `The plugin is signed in as ${member}` }).waitFor({ timeout: StepBound });
    await shoot(browserPage, "3-signin-delivered");
    log(`signed in as ${member} in the browser; the page handed the token over`);

    await ui.getByLabel("Sign-in status").filter({ hasText: `Signed in as ${member}` }).waitFor({ timeout: StepBound });
    const stored: Record<string, unknown> = await page.evaluate("window.harness.storage()");
    const settings = stored["code2des.settings"];
    const token = typeof settings === "object" && settings !== null ? Reflect.get(settings, "token") : undefined;
    const expiresAt = typeof settings === "object" && settings !== null ? Reflect.get(settings, "expiresAt") : undefined;
    check(typeof token === "string" && token.split(".").length === 3, "clientStorage holds the token");
    check(typeof expiresAt === "number" && expiresAt * 1000 > Date.now(), `clientStorage holds its expiry: ${String(expiresAt)}`);
    const ok = takes.filter((s) => s === 200).length;
    check(ok === 1 && takes.every((s) => s === 200 || s === 202), `the plugin's takes: ${takes.join(", ")}; want 202s, then one 200`);
    log(`the plugin took the token once after ${takes.length - 1} pending asks`);

    await ui.getByLabel("Project", { exact: true }).fill(projectId);
    await ui.getByRole("button", { name: "Open project" }).click();
    await ui.getByLabel("Project summary").waitFor({ timeout: StepBound });
    await shoot(page, "4-plugin-signed-in");
    log("the plugin opened the project with the handed-over token");

    // Replays: the used read key, the used write key and a guessed key get nothing.
    const secondTake = await post(`${api}/auth/handoffs/take`, { readKey });
    const secondDelivery = await post(`${api}/auth/handoffs/deliver`, { writeKey, token, refreshToken: "" });
    const guessedTake = await post(`${api}/auth/handoffs/take`, { readKey: "A".repeat(43) });
    log(`replays: take ${secondTake}, delivery ${secondDelivery}, guessed ${guessedTake}`);

    await ui.getByRole("button", { name: "Sign out" }).click();
    await ui.getByRole("button", { name: "Sign in" }).waitFor({ timeout: StepBound });
    const after: Record<string, unknown> = await page.evaluate("window.harness.storage()");
    const left = after["code2des.settings"];
    check(typeof left === "object" && left !== null && Reflect.get(left, "token") === "", "signing out forgets the token");
    log("signed out");

    process.stdout.write(
      `C2D_E2E_RESULT ${JSON.stringify({ subject: member, takes, secondTake, secondDelivery, guessedTake, readKeyLength: readKey.length, writeKeyLength: writeKey.length })}\n`,
    );
  } finally {
    await figma.close();
    await user.close();
    close();
  }
}

await withChromium(run);
