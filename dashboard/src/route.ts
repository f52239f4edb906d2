// The dashboard's routes: every view, its filters and its keyset position live in the URL, so a
// link shows the same page to whoever opens it. Pure functions (tested in test/route.test.ts).

/** Where the API serves the dashboard (server/dashboard.Prefix). */
export const Base = "/dashboard/";

/** The query member of the sign-in page that names the dashboard path to return to. */
export const ReturnParam = "return";

/** A path under the dashboard to return to: returnTo when it is one, else the dashboard's base. */
export function safeReturn(returnTo: string | null | undefined): string {
  return returnTo && returnTo.startsWith(Base) ? returnTo : Base;
}

/** The page sizes a list offers; the Code2Des list's rows cost the most under the API's complexity limit at 50. */
export const PageSizes = [10, 25, 50] as const;
/** The page size of a list whose URL names none. */
export const DefaultPageSize = 25;
/** The most earlier-page cursors a list's URL keeps for Previous (older ones are dropped: Previous then leads to the first page). */
export const MaxBackCursors = 20;
/** The summary windows offered, in days; the API allows at most 92. */
export const SummaryWindows = [1, 7, 30, 92] as const;
/** The summary window whose URL names none. */
export const DefaultSummaryDays = 7;

export type JobKind = "imports" | "code2des";
export type Status = "PROCESSING" | "COMPLETED" | "FAILED";
export const Statuses: readonly Status[] = ["PROCESSING", "COMPLETED", "FAILED"];

/** A list's filters and position. */
export interface ListParams {
  status: Status | null;
  /** Figma file key (Code2Des list only). */
  file: string;
  /** Source URL, matched exactly after the API's normalization (Page Import list only). */
  url: string;
  first: number;
  /** The cursor the page starts after; "" for the first page. */
  after: string;
  /** The cursors of the earlier pages, oldest first ("" is the first page). */
  back: string[];
}

export type Route =
  | { view: "projects" }
  | { view: "signin"; returnTo: string }
  | { view: "signin-callback" }
  | { view: "list"; projectId: string; kind: JobKind; params: ListParams }
  | { view: "summary"; projectId: string; days: number }
  | { view: "job"; kind: JobKind; id: string }
  | { view: "notfound" };

const digits = /^[0-9]{1,19}$/;

function status(v: string | null): Status | null {
  return Statuses.find((s) => s === v) ?? null;
}

function pageSize(v: string | null): number {
  const n = Number(v);
  return PageSizes.find((s) => s === n) ?? DefaultPageSize;
}

/** The route of a location's pathname and search (anything else is "notfound"). */
export function parseRoute(pathname: string, search: string): Route {
  const q = new URLSearchParams(search);
  if (!pathname.startsWith(Base)) return pathname + "/" === Base ? { view: "projects" } : { view: "notfound" };
  const parts = pathname.slice(Base.length).split("/").filter((p) => p !== "").map(decodeURIComponent);
  const [a, b, c] = parts;
  if (parts.length === 0) return { view: "projects" };
  if (a === "signin" && b === "callback" && parts.length === 2) return { view: "signin-callback" };
  if (a === "signin" && parts.length === 1) {
    return { view: "signin", returnTo: safeReturn(q.get(ReturnParam)) };
  }
  if (a === "projects" && b !== undefined && digits.test(b) && parts.length <= 3) {
    if (c === undefined || c === "imports" || c === "code2des") {
      const back = (q.get("back") ?? "").split(",").filter((s, i, all) => s !== "" || i < all.length - 1).slice(-MaxBackCursors);
      return {
        view: "list",
        projectId: b,
        kind: c ?? "imports",
        params: {
          status: status(q.get("status")),
          file: c === "code2des" ? (q.get("file") ?? "") : "",
          url: c === "code2des" ? "" : (q.get("url") ?? ""),
          first: pageSize(q.get("first")),
          after: q.get("after") ?? "",
          back: q.has("back") ? back : [],
        },
      };
    }
    if (c === "summary") {
      const days = Number(q.get("days"));
      return { view: "summary", projectId: b, days: SummaryWindows.find((d) => d === days) ?? DefaultSummaryDays };
    }
  }
  if ((a === "imports" || a === "code2des") && b !== undefined && parts.length === 2) return { view: "job", kind: a, id: b };
  return { view: "notfound" };
}

/** The href of a route (the inverse of parseRoute; defaults are left out). */
export function href(r: Route): string {
  switch (r.view) {
    case "projects":
    case "notfound":
      return Base;
    case "signin":
      return `${Base}signin?${new URLSearchParams({ return: r.returnTo })}`;
    case "signin-callback":
      return `${Base}signin/callback`;
    case "summary":
      return `${Base}projects/${enc(r.projectId)}/summary${r.days === DefaultSummaryDays ? "" : `?days=${r.days}`}`;
    case "job":
      return `${Base}${r.kind}/${enc(r.id)}`;
    case "list": {
      const p = r.params;
      const q = new URLSearchParams();
      if (p.status) q.set("status", p.status);
      if (r.kind === "code2des" && p.file) q.set("file", p.file);
      if (r.kind === "imports" && p.url) q.set("url", p.url);
      if (p.first !== DefaultPageSize) q.set("first", String(p.first));
      if (p.after) {
        q.set("after", p.after);
        q.set("back", p.back.join(","));
      }
      const s = q.toString();
      return `${Base}projects/${enc(r.projectId)}/${r.kind}${s ? "?" + s : ""}`;
    }
  }
}

const enc = encodeURIComponent;

/** The list's next page: starts after endCursor, the current page joins the earlier ones. */
export function nextPage(p: ListParams, endCursor: string): ListParams {
  return { ...p, after: endCursor, back: [...p.back, p.after].slice(-MaxBackCursors) };
}

/** The list's previous page (the first page when no earlier cursor is kept). */
export function previousPage(p: ListParams): ListParams {
  const back = p.back.slice(0, -1);
  const after = p.back[p.back.length - 1] ?? "";
  return { ...p, after, back: after ? back : [] };
}

/** The list's first page with other filters (a filter change starts from the newest). */
export function withFilters(p: ListParams, change: Partial<Pick<ListParams, "status" | "file" | "url" | "first">>): ListParams {
  return { ...p, ...change, after: "", back: [] };
}
