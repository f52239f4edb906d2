// A project's Page Imports or Code2Des jobs in keyset pages, newest first, filtered by what the URL
// holds, with live rows: jobUpdates replaces a row in place (same height, so nothing moves) and
// puts a new job on top of the first page.
import { useEffect, useRef, useState } from "preact/hooks";
import {
  DashboardCode2DesJobsDocument,
  DashboardJobUpdatesDocument,
  DashboardPageImportsDocument,
  PageImportThumbnailDocument,
  type Code2DesRowFragment,
  type PageImportRowFragment,
} from "@code2des/api";
import type { Api, ApiError } from "../api.js";
import { formatScore, formatTime, formatViewport } from "../format.js";
import { Link, navigate } from "../nav.js";
import { href, nextPage, PageSizes, previousPage, Statuses, withFilters, type ListParams, type Route, type Status } from "../route.js";
import { Errors, Loading, StatusBadge, Thumb, ThumbnailWidth } from "./common.js";

type ListRoute = Extract<Route, { view: "list" }>;

/** One row of either list. */
interface Row {
  id: string;
  status: string;
  sourceUrl: string;
  viewport: { width: number; height: number } | null;
  createdAt: string;
  attempt: number;
  warningCount: number | null;
  fidelityScore: number | null;
  thumbnail: string | null;
  errorMessage: string | null;
  /** The Page Import whose screenshot the thumbnail is, and whether it has one. */
  importId: string;
  hasScreenshot: boolean;
}

function importRow(n: PageImportRowFragment, thumbnail: string | null): Row {
  return {
    id: n.id, status: n.status, sourceUrl: n.sourceUrl, viewport: n.viewport, createdAt: n.createdAt, attempt: n.attempt,
    warningCount: null, fidelityScore: null, thumbnail, errorMessage: n.errorMessage ?? null, importId: n.id, hasScreenshot: n.hasScreenshot,
  };
}

function code2desRow(n: Code2DesRowFragment, thumbnail: string | null): Row {
  return {
    id: n.id, status: n.status, sourceUrl: n.pageImport?.sourceUrl ?? "(import deleted)", viewport: n.pageImport?.viewport ?? null,
    createdAt: n.createdAt, attempt: n.attempt, warningCount: n.warningCount ?? null, fidelityScore: n.fidelityScore ?? null,
    thumbnail, errorMessage: n.errorMessage ?? null, importId: n.pageImportId, hasScreenshot: n.pageImport?.hasScreenshot ?? false,
  };
}

interface Page {
  rows: Row[];
  hasNextPage: boolean;
  endCursor: string;
}

export function ListView({ api, route, epoch }: { api: Api; route: ListRoute; epoch: number }) {
  const { projectId, kind, params } = route;
  const [page, setPage] = useState<Page | null>(null);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [live, setLive] = useState(false);
  const pageRef = useRef<Page | null>(null);
  pageRef.current = page;
  const key = JSON.stringify(params);

  // The page itself.
  useEffect(() => {
    let gone = false;
    setErrors([]);
    const started = performance.now();
    const load = async () => {
      const first = params.first;
      const after = params.after || null;
      let next: Page | null = null;
      if (kind === "imports") {
        const r = await api.urql.client
          .query(DashboardPageImportsDocument, { projectId, status: params.status, sourceUrl: params.url || null, first, after })
          .toPromise();
        if (gone) return;
        setErrors(api.check(r));
        const c = r.data?.pageImports;
        if (c) next = { rows: c.edges.map((e) => importRow(e.node, e.node.screenshot?.url ?? null)), hasNextPage: c.pageInfo.hasNextPage, endCursor: c.pageInfo.endCursor ?? "" };
      } else {
        const r = await api.urql.client
          .query(DashboardCode2DesJobsDocument, { projectId, status: params.status, figmaFileKey: params.file || null, first, after })
          .toPromise();
        if (gone) return;
        setErrors(api.check(r));
        const c = r.data?.code2desJobs;
        if (c) next = { rows: c.edges.map((e) => code2desRow(e.node, e.node.pageImport?.screenshot?.url ?? null)), hasNextPage: c.pageInfo.hasNextPage, endCursor: c.pageInfo.endCursor ?? "" };
      }
      if (next) {
        setPage(next);
        // Measured by the browser test: from the request to the rows on screen.
        requestAnimationFrame(() => performance.measure("dashboard:list-rendered", { start: started, end: performance.now() }));
      }
    };
    void load();
    return () => { gone = true; };
  }, [projectId, kind, key, epoch]);

  // Live rows.
  useEffect(() => {
    const sub = api.urql.client.subscription(DashboardJobUpdatesDocument, { projectId }).subscribe((r) => {
      if (r.error) {
        setLive(false);
        api.check(r);
        return;
      }
      setLive(true);
      const u = r.data?.jobUpdates;
      const cur = pageRef.current;
      if (!u || !cur) return;
      let changed: Row | null = null;
      if (kind === "imports" && u.pageImport) {
        const old = cur.rows.find((x) => x.id === u.pageImport?.id);
        changed = importRow(u.pageImport, old?.thumbnail ?? null);
      } else if (kind === "code2des" && u.code2des) {
        const old = cur.rows.find((x) => x.id === u.code2des?.id);
        changed = code2desRow(u.code2des, old?.thumbnail ?? null);
      }
      if (!changed) return;
      const row = changed;
      const i = cur.rows.findIndex((x) => x.id === row.id);
      let rows: Row[];
      if (i >= 0) {
        rows = cur.rows.slice();
        rows[i] = row;
      } else if (!params.after && matches(row, params, kind, u.code2des?.figmaFileKey ?? "")) {
        rows = [row, ...cur.rows].slice(0, params.first);
      } else {
        return;
      }
      if (i >= 0 && params.status && row.status !== params.status) {
        // The row no longer matches its filter; it stays until the page is loaded again, marked by its new status.
      }
      setPage({ ...cur, rows, hasNextPage: cur.hasNextPage || rows.length < cur.rows.length + (i >= 0 ? 0 : 1) });
      if (!row.thumbnail && row.hasScreenshot) void thumbnail(api, row.importId).then((url) => {
        const now = pageRef.current;
        if (!url || !now) return;
        setPage({ ...now, rows: now.rows.map((x) => (x.importId === row.importId && !x.thumbnail ? { ...x, thumbnail: url } : x)) });
      });
    });
    return () => sub.unsubscribe();
  }, [projectId, kind, key, epoch]);

  const go = (p: ListParams) => navigate(href({ ...route, params: p }));
  return (
    <section aria-labelledby="list-title">
      <h1 id="list-title">{kind === "imports" ? "Page Imports" : "Code2Des jobs"}</h1>
      <Filters route={route} go={go} />
      <Errors errors={errors} />
      {page === null ? (
        errors.length === 0 && <Loading what={kind === "imports" ? "Page Imports" : "Code2Des jobs"} />
      ) : page.rows.length === 0 ? (
        <p class="empty">{params.after ? "No more jobs." : "No jobs match."}</p>
      ) : (
        <div class="table-wrap">
          <table class="jobs">
            <caption class="sr-only">{kind === "imports" ? "Page Imports, newest first" : "Code2Des jobs, newest first"}</caption>
            <thead>
              <tr>
                <th scope="col"><span class="sr-only">Thumbnail</span></th>
                <th scope="col">Status</th>
                <th scope="col">Source URL</th>
                <th scope="col">Viewport</th>
                <th scope="col">Created</th>
                <th scope="col">Attempt</th>
                <th scope="col">Warnings</th>
                <th scope="col">Fidelity</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((r) => (
                <tr key={r.id} data-id={r.id} data-status={r.status}>
                  <td><Thumb url={r.thumbnail} alt={`Screenshot of ${r.sourceUrl}`} /></td>
                  <td><StatusBadge status={r.status} /></td>
                  <td class="url">
                    <Link href={href({ view: "job", kind, id: r.id })} aria-label={`Open ${kind === "imports" ? "import" : "Code2Des job"} of ${r.sourceUrl}`}>{r.sourceUrl || "(snapshot upload)"}</Link>
                    {r.errorMessage && <span class="reason" title={r.errorMessage}>{r.errorMessage}</span>}
                  </td>
                  <td>{formatViewport(r.viewport)}</td>
                  <td><time dateTime={r.createdAt} title={r.createdAt}>{formatTime(r.createdAt)}</time></td>
                  <td>{r.attempt}</td>
                  <td>{r.warningCount ?? "—"}</td>
                  <td>{formatScore(r.fidelityScore)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav class="pager" aria-label="Pages">
        <button type="button" disabled={!params.after} onClick={() => go(previousPage(params))}>Previous</button>
        <button type="button" disabled={!page?.hasNextPage} onClick={() => page && go(nextPage(params, page.endCursor))}>Next</button>
        <label for="page-size">Rows per page</label>
        <select id="page-size" value={String(params.first)} onChange={(e) => go(withFilters(params, { first: Number(e.currentTarget.value) }))}>
          {PageSizes.map((s) => <option key={s} value={String(s)}>{s}</option>)}
        </select>
        <span class="live" role="status">{live ? "Live" : ""}</span>
      </nav>
    </section>
  );
}

function matches(r: Row, p: ListParams, kind: string, file: string): boolean {
  if (p.status && r.status !== p.status) return false;
  if (kind === "code2des" && p.file && file !== p.file) return false;
  if (kind === "imports" && p.url && r.sourceUrl !== p.url) return false;
  return true;
}

async function thumbnail(api: Api, importId: string): Promise<string | null> {
  const r = await api.urql.client.query(PageImportThumbnailDocument, { id: importId, width: ThumbnailWidth }).toPromise();
  return r.data?.pageImport?.screenshot?.url ?? null;
}

function Filters({ route, go }: { route: ListRoute; go: (p: ListParams) => void }) {
  const p = route.params;
  const [text, setText] = useState(route.kind === "imports" ? p.url : p.file);
  useEffect(() => setText(route.kind === "imports" ? p.url : p.file), [p.url, p.file, route.kind]);
  return (
    <form
      class="filters"
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        go(withFilters(p, route.kind === "imports" ? { url: text.trim() } : { file: text.trim() }));
      }}
    >
      <label for="f-status">Status</label>
      <select id="f-status" value={p.status ?? ""} onChange={(e) => go(withFilters(p, { status: (Statuses.find((s) => s === e.currentTarget.value) ?? null) as Status | null }))}>
        <option value="">Any</option>
        {Statuses.map((s) => <option key={s} value={s}>{s}</option>)}
      </select>
      <label for="f-text">{route.kind === "imports" ? "Source URL" : "Figma file"}</label>
      <input id="f-text" type="text" value={text} onInput={(e) => setText(e.currentTarget.value)} placeholder={route.kind === "imports" ? "https://…" : "file key"} />
      <button type="submit">Filter</button>
    </form>
  );
}
