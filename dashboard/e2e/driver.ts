// The dashboard end to end: drives the dashboard the API serves at /dashboard/ in headless
// Chromium against a running API with its workers, as a team lead would. Run by
// e2e/TestDashboardEndToEnd, which starts the stack, seeds 45 Page Imports and checks afterwards.
//
// Environment: C2D_E2E_API_URL (the API's base URL), C2D_E2E_TOKEN, C2D_E2E_PROJECT_ID,
// C2D_E2E_PAGE_URL and C2D_E2E_READY_SELECTOR (a page that captures), C2D_E2E_NEVER_READY_URL (one
// that fails), C2D_E2E_HOSTILE_URL and C2D_E2E_HOSTILE_TEXT (a page whose title and an element id
// are that markup), C2D_E2E_FILTER_URL (the seeded URL of 15 imports, 5 of them FAILED),
// C2D_E2E_DELETE_ID (a seeded import to delete), C2D_E2E_ARTIFACTS (where screenshots go),
// CHROMIUM_PATH (default /usr/bin/chromium). Prints progress lines, then one line
// `C2D_E2E_RESULT {json}`; exits 1 on the first check that fails.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { JobBound, StepBound, check, env, log } from "../../plugin/e2e/steps.js";

const api = env("C2D_E2E_API_URL");
const token = env("C2D_E2E_TOKEN");
const project = env("C2D_E2E_PROJECT_ID");
const artifacts = env("C2D_E2E_ARTIFACTS");
const hostileText = env("C2D_E2E_HOSTILE_TEXT");
const filterUrl = env("C2D_E2E_FILTER_URL");
const dash = `${api}/dashboard/`;

/** One GraphQL call as the test's own client (setup and read-back, not the dashboard). */
async function gql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${api}/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((e) => e.message).join("; ")}`);
  return body.data as T;
}

async function createImport(url: string): Promise<string> {
  const d = await gql<{ createPageImports: { pageImports: { id: string }[] } }>(
    `mutation($in: CreatePageImportsInput!) { createPageImports(input: $in) { pageImports { id } } }`,
    { in: { projectId: project, sourceUrl: url, viewports: [{ width: 800, height: 600 }], readySelector: env("C2D_E2E_READY_SELECTOR") } },
  );
  const id = d.createPageImports.pageImports[0]?.id;
  if (!id) throw new Error("createPageImports returned no import");
  return id;
}

/** Polls the API (not the page) until the job leaves PROCESSING; returns its status. */
async function settled(kind: "pageImport" | "code2des", id: string): Promise<string> {
  const until = Date.now() + JobBound;
  while (Date.now() < until) {
    const d = await gql<Record<string, { status: string } | null>>(`query($id: ID!) { ${kind}(id: $id) { status } }`, { id });
    const s = d[kind]?.status;
    if (s && s !== "PROCESSING") return s;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${kind} ${id} still processing after ${JobBound} ms`);
}

let shot = 0;
async function screenshot(page: Page, name: string): Promise<void> {
  shot++;
  await page.screenshot({ path: join(artifacts, `${String(shot).padStart(2, "0")}-${name}.png`), fullPage: true });
}

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** Runs axe-core on the page; fails on a serious or critical violation. */
async function axe(page: Page, where: string): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  check(found.length === 0, `axe-core on ${where}: ${found.join("; ")}`);
  log(`axe-core: no serious violation on ${where}`);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: api });
const page = await context.newPage();
const pageErrors: string[] = [];
page.on("pageerror", (e) => pageErrors.push(e.message));
page.on("console", (m) => { if (m.type() === "error") pageErrors.push(m.text()); });
page.setDefaultTimeout(StepBound);
const result: Record<string, unknown> = {};

try {
  // 1. Signed out, the dashboard asks for sign-in, then comes back where the user was going.
  await page.goto(`${dash}projects/${project}/imports`);
  await page.getByRole("heading", { name: "Sign in to Code2Des" }).waitFor();
  check(new URL(page.url()).searchParams.get("return") === `/dashboard/projects/${project}/imports`, `sign-in returns to the list (${page.url()})`);
  await page.getByRole("button", { name: `Sign in as ${env("C2D_E2E_MEMBER")}` }).waitFor();
  await axe(page, "sign-in");
  await screenshot(page, "signin");
  await page.getByRole("button", { name: `Sign in as ${env("C2D_E2E_MEMBER")}` }).click();
  await page.getByRole("heading", { name: "Page Imports" }).waitFor();
  await page.locator("tr[data-id]").first().waitFor();
  log("signed in; the list is there");

  // 2. The project picker.
  await page.getByRole("link", { name: "Code2Des", exact: true }).click();
  await page.getByLabel("Project id").fill(project);
  await page.getByRole("button", { name: "Open project" }).click();
  await page.getByRole("heading", { name: "Page Imports" }).waitFor();
  await page.getByText("Live").waitFor();
  await screenshot(page, "list");
  await axe(page, "the list");

  // 3. A new import appears on top and goes PROCESSING -> COMPLETED live.
  // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    const seen = {};
    window.statuses = seen;
    new MutationObserver(() => {
      for (const tr of document.querySelectorAll("tr[data-id]")) {
        const id = tr.getAttribute("data-id") || "";
        const s = tr.getAttribute("data-status") || "";
        const list = (seen[id] = seen[id] || []);
        if (list[list.length - 1] !== s) list.push(s);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] });
  })()`);
  const importId = await createImport(env("C2D_E2E_PAGE_URL"));
  result.pageImportId = importId;
  const row = page.locator(`tr[data-id="${importId}"]`);
  await row.waitFor();
  await page.locator(`tr[data-id="${importId}"][data-status="COMPLETED"]`).waitFor({ timeout: JobBound });
  const statuses = await page.evaluate((id) => (window as unknown as { statuses: Record<string, string[]> }).statuses[id] ?? [], importId);
  check(statuses[0] === "PROCESSING" && statuses[statuses.length - 1] === "COMPLETED", `the row went ${statuses.join(" -> ")}; want PROCESSING -> COMPLETED`);
  check(new URL(page.url()).pathname.endsWith("/imports"), "no reload");
  await row.locator(".thumb img").waitFor({ timeout: JobBound });
  log(`the row went ${statuses.join(" -> ")} live, with its thumbnail`);
  await screenshot(page, "live-row");

  // 4. The import's page: convert it, then the Code2Des page shows the three images.
  await row.getByRole("link").click();
  await page.getByRole("heading", { name: /Page Import/ }).waitFor();
  await page.locator("img.shot").waitFor();
  await axe(page, "the import's page");
  await page.getByLabel("Figma file key").fill("dashboardFile");
  await page.getByRole("button", { name: /Convert/ }).click();
  await page.waitForURL(/\/dashboard\/code2des\//);
  await page.getByRole("heading", { level: 1, name: /^Code2Des / }).waitFor();
  const code2desId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  result.code2desId = code2desId;
  await page.locator('[data-image="diff"]').waitFor({ timeout: JobBound });
  await page.locator('[data-image="preview"] svg').waitFor();
  for (const sel of ['[data-image="screenshot"]', '[data-image="diff"]']) {
    await page.waitForFunction((s) => { const i = document.querySelector<HTMLImageElement>(s); return !!i && i.complete && i.naturalWidth > 0; }, sel);
  }
  const score = await page.locator(".score strong").textContent();
  check(/^[0-9.]+$/.test(score ?? ""), `a fidelity score is shown (${score})`);
  log(`Code2Des ${code2desId}: screenshot, preview and diff map shown, score ${score}`);
  await screenshot(page, "code2des-job");
  await axe(page, "the Code2Des page");

  // 5. A hostile title and warning are text.
  const hostileImport = await createImport(env("C2D_E2E_HOSTILE_URL"));
  check((await settled("pageImport", hostileImport)) === "COMPLETED", "the hostile page captured");
  const hostileJob = (await gql<{ triggerCode2Des: { code2des: { id: string } } }>(
    `mutation($id: ID!) { triggerCode2Des(input: {pageImportId: $id, figmaFileKey: "hostileFile"}) { code2des { id } } }`, { id: hostileImport })).triggerCode2Des.code2des.id;
  check((await settled("code2des", hostileJob)) === "COMPLETED", "the hostile page converted");
  await page.goto(`${dash}code2des/${hostileJob}`);
  await page.locator(".page-title").waitFor();
  check((await page.locator(".page-title").textContent()) === hostileText, "the page title is shown as text");
  check((await page.locator(".page-title img, .warnings img").count()) === 0, "no element was made from the title or a warning");
  const warned = await page.locator(".warning-message", { hasText: hostileText }).count();
  check(warned > 0, "a warning naming the hostile id is shown as text");
  check(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss === undefined), "no script ran");
  log("the hostile title and warning are text");
  await screenshot(page, "hostile");

  // 6. A failed import, retried from its page.
  const failing = await createImport(env("C2D_E2E_NEVER_READY_URL"));
  check((await settled("pageImport", failing)) === "FAILED", "the never-ready page failed");
  await page.goto(`${dash}imports/${failing}`);
  await page.locator(".status", { hasText: "FAILED" }).first().waitFor();
  await page.getByRole("button", { name: "Retry" }).click();
  await page.locator(".meta div", { hasText: "Attempt" }).filter({ hasText: "2" }).first().waitFor();
  log("retried: attempt 2");
  await screenshot(page, "retried");

  // 7. Paging and filters (45 seeded imports).
  const total = (await gql<{ projectJobStats: { pageImports: { total: number } } }>(
    `query($p: ID!, $s: Time) { projectJobStats(projectId: $p, since: $s) { pageImports { total } } }`, { p: project, s: new Date(Date.now() - 7 * 86400_000).toISOString() })).projectJobStats.pageImports.total;
  await page.goto(`${dash}projects/${project}/imports?first=10`);
  const seen = new Set<string>();
  let pages = 0;
  for (;;) {
    await page.locator("tr[data-id]").first().waitFor();
    for (const id of await page.locator("tr[data-id]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id") ?? ""))) seen.add(id);
    pages++;
    const next = page.getByRole("button", { name: "Next" });
    if (await next.isDisabled()) break;
    const first = await page.locator("tr[data-id]").first().getAttribute("data-id");
    await next.click();
    await page.waitForFunction((f) => document.querySelector("tr[data-id]")?.getAttribute("data-id") !== f, first);
  }
  check(seen.size === total, `paging saw ${seen.size} imports in ${pages} pages; the API counts ${total}`);
  await page.getByRole("button", { name: "Previous" }).click();
  await page.waitForFunction(() => document.querySelectorAll("tr[data-id]").length === 10);
  log(`paged through ${seen.size} imports in ${pages} pages of 10, and back`);

  await page.goto(`${dash}projects/${project}/imports?first=10`);
  await page.getByLabel("Source URL").fill(filterUrl);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.has("url"));
  // The unfiltered rows stay on screen until the filtered page arrives: wait for rows of the URL only.
  await page.waitForFunction((u) => {
    const links = [...document.querySelectorAll("td.url a")];
    return links.length > 0 && links.every((a) => a.textContent === u);
  }, filterUrl);
  const page1 = await page.locator("tr[data-id]").count();
  const urls1 = await page.locator("td.url a").allTextContents();
  await page.getByRole("button", { name: "Next" }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.has("after"));
  await page.waitForFunction(() => document.querySelectorAll("tr[data-id]").length === 5);
  check(page1 === 10 && urls1.every((u) => u === filterUrl), `the URL filter's first page: ${page1} rows of ${[...new Set(urls1)].join(", ")}`);
  check(await page.getByRole("button", { name: "Next" }).isDisabled(), "the URL filter has two pages");
  await page.getByLabel("Status").selectOption("FAILED");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("status") === "FAILED" && !new URL(location.href).searchParams.has("after"));
  await page.waitForFunction(() => document.querySelectorAll('tr[data-id][data-status="FAILED"]').length === 5 && document.querySelectorAll("tr[data-id]").length === 5);
  // The URL holds the filters: a reload shows the same rows.
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('tr[data-id][data-status="FAILED"]').length === 5);
  check((await page.getByLabel("Source URL").inputValue()) === filterUrl, "the filter survives a reload");
  log("filters: 15 imports of the URL in pages of 10 and 5, 5 of them FAILED, kept in the URL");
  await screenshot(page, "filtered");

  // 8. Time to render 50 rows (reported, not judged).
  await page.goto(`${dash}projects/${project}/imports?first=50`);
  await page.waitForFunction(() => document.querySelectorAll("tr[data-id]").length === 50);
  const ms = await page.evaluate(() => {
    const m = performance.getEntriesByName("dashboard:list-rendered").pop();
    return m ? Math.round(m.startTime + m.duration) : -1;
  });
  result.list50Ms = ms;
  log(`C2D_E2E_LIST_50_MS ${ms} (from navigation start to 50 rows on screen)`);

  // 9. Delete one, with confirmation.
  const del = env("C2D_E2E_DELETE_ID");
  await page.goto(`${dash}imports/${del}`);
  await page.getByRole("button", { name: "Delete…" }).click();
  await screenshot(page, "delete-confirm");
  await page.getByRole("group", { name: "Confirm deletion" }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("heading", { name: "Page Imports" }).waitFor();
  await page.locator("tr[data-id]").first().waitFor();
  check((await page.locator(`tr[data-id="${del}"]`).count()) === 0, "the deleted import is not listed");
  log(`deleted ${del}`);

  // 10. Not found, for an id nobody has and for a malformed one.
  for (const path of ["imports/01900000-0000-7000-8000-000000000000", "code2des/01900000-0000-7000-8000-000000000000", "code2des/not-an-id"]) {
    await page.goto(dash + path);
    await page.getByRole("heading", { name: "Not found" }).waitFor();
  }
  log("unknown ids show not found");
  await screenshot(page, "not-found");

  // 11. The API goes away (every request to it fails) and comes back.
  await page.goto(`${dash}projects/${project}/imports`);
  await page.locator("tr[data-id]").first().waitFor();
  await page.route("**/graphql", (r) => r.abort("connectionrefused"));
  await page.route("**/healthz", (r) => r.abort("connectionrefused"));
  await page.getByLabel("Status").selectOption("COMPLETED");
  await page.getByRole("alert").filter({ hasText: "The API is not answering" }).waitFor();
  await screenshot(page, "api-down");
  await page.unrouteAll();
  await page.getByRole("alert").filter({ hasText: "The API is not answering" }).waitFor({ state: "detached" });
  await page.waitForFunction(() => document.querySelectorAll('tr[data-id][data-status="COMPLETED"]').length > 0);
  log("the API-down banner came and went; the list reloaded");

  // 12. The summary.
  await page.getByRole("link", { name: "Summary" }).click();
  await page.getByRole("heading", { name: "Summary" }).waitFor();
  await page.locator(".chart svg").first().waitFor();
  await page.getByText("seeded failure 0").first().waitFor();
  await screenshot(page, "summary");
  await axe(page, "the summary");

  // 13. 390 px wide: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`projects/${project}/imports`, `code2des/${code2desId}`, `projects/${project}/summary`]) {
    await page.goto(dash + path);
    await page.locator("main h1").first().waitFor();
    check((await page.locator("main h1").first().textContent()) !== "Not found", `${path} is found`);
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    check(width <= 390, `${path} is ${width} px wide at 390`);
    await screenshot(page, `narrow-${path.split("/")[0]}`);
  }
  log("390 px: no horizontal scrolling");

  // 14. A token the API refuses (expired) sends the user to sign in and back to the same page.
  await page.evaluate(() => sessionStorage.setItem("code2des.localSession", JSON.stringify({ token: "refused.not-a-token.x", refreshToken: "", expiresAt: Math.floor(Date.now() / 1000) + 3600 })));
  await page.goto(`${dash}code2des/${code2desId}`);
  await page.getByRole("heading", { name: "Sign in to Code2Des" }).waitFor();
  check(new URL(page.url()).searchParams.get("return") === `/dashboard/code2des/${code2desId}`, `sign-in returns to the job (${page.url()})`);
  await page.getByRole("button", { name: `Sign in as ${env("C2D_E2E_MEMBER")}` }).click();
  await page.locator('[data-image="diff"]').waitFor();
  check(new URL(page.url()).pathname === `/dashboard/code2des/${code2desId}`, "back on the job's page");
  log("a refused token: sign-in, then back on the same page");

  // 15. Sign out forgets the token.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in to Code2Des" }).waitFor();
  check(await page.evaluate(() => sessionStorage.getItem("code2des.localSession") === null && !Object.keys(localStorage).some((k) => /token|session|oidc/i.test(k))), "the token is gone, and none was ever in localStorage");

  const unexpected = pageErrors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to fetch|WebSocket/.test(e));
  check(unexpected.length === 0, `page errors: ${unexpected.join("; ")}`);
  process.stdout.write(`C2D_E2E_RESULT ${JSON.stringify(result)}\n`);
} catch (e) {
  await screenshot(page, "failure").catch(() => undefined);
  log(`the page shows: ${(await page.locator("main").textContent().catch(() => "")) ?? ""}`);
  log(`FAILED at ${page.url()}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
