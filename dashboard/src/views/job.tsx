// One job's page: for a Page Import its screenshot, capture metadata and conversions; for a
// Code2Des job the capture's screenshot, the result's preview and the diff map side by side with
// the score, the warnings grouped by code with the nodes they name, and the materialization
// record. Actions: retry (failed), delete (confirmed), a new Code2Des (completed import), copy id.
// The job follows its subscription, so a retry's progress shows without reload.
import { useEffect, useState } from "preact/hooks";
import {
  DashboardCode2DesDocument,
  DashboardCode2DesResultDocument,
  DashboardPageImportDocument,
  DeleteCode2DesDocument,
  DeletePageImportDocument,
  PageImportUpdatedDocument,
  Code2DesUpdatedDocument,
  RetryCode2DesDocument,
  RetryPageImportDocument,
  TriggerCode2DesDocument,
  type DashboardCode2DesQuery,
  type DashboardCode2DesResultQuery,
  type DashboardPageImportQuery,
} from "@code2des/api";
import type { Api, ApiError } from "../api.js";
import { formatScore, formatShare, formatTime, formatViewport } from "../format.js";
import { Link, navigate } from "../nav.js";
import { DefaultPageSize, href, type JobKind } from "../route.js";
import { Errors, Loading, StatusBadge } from "./common.js";
import { Preview } from "./preview.js";

type ImportJob = NonNullable<DashboardPageImportQuery["pageImport"]>;
type Code2DesJob = NonNullable<DashboardCode2DesQuery["code2des"]>;
type Result = NonNullable<DashboardCode2DesResultQuery["code2desResult"]>;

export function JobView({ api, kind, id, epoch }: { api: Api; kind: JobKind; id: string; epoch: number }) {
  const [imp, setImp] = useState<ImportJob | null>(null);
  const [job, setJob] = useState<Code2DesJob | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let gone = false;
    (async () => {
      if (kind === "imports") {
        const r = await api.urql.client.query(DashboardPageImportDocument, { id }).toPromise();
        if (gone) return;
        const errs = api.check(r);
        setErrors(errs.filter((e) => e.code !== "NOT_FOUND" && !(e.code === "BAD_USER_INPUT" && e.field === "id")));
        if (isMissing(errs, r.data ? r.data.pageImport : undefined)) setMissing(true);
        else if (r.data?.pageImport) setImp(r.data.pageImport);
      } else {
        const r = await api.urql.client.query(DashboardCode2DesDocument, { id }).toPromise();
        if (gone) return;
        const errs = api.check(r);
        setErrors(errs.filter((e) => e.code !== "NOT_FOUND" && !(e.code === "BAD_USER_INPUT" && e.field === "id")));
        if (isMissing(errs, r.data ? r.data.code2des : undefined)) {
          setMissing(true);
          return;
        }
        const j = r.data?.code2des;
        if (!j) return;
        setJob(j);
        if (j.status === "COMPLETED") {
          const rr = await api.urql.client.query(DashboardCode2DesResultDocument, { id }).toPromise();
          if (gone) return;
          const rerrs = api.check(rr);
          if (rerrs.length > 0) setErrors(rerrs);
          setResult(rr.data?.code2desResult ?? null);
        }
      }
    })();
    return () => { gone = true; };
  }, [kind, id, epoch, reload]);

  // Live status: a change reloads the page's data (a completed job then shows its result).
  useEffect(() => {
    if (missing) return;
    let last = "";
    const onChange = (status: string, attempt: number) => {
      const k = `${status}/${attempt}`;
      if (last !== "" && k !== last) setReload((n) => n + 1);
      last = k;
    };
    const sub =
      kind === "imports"
        ? api.urql.client.subscription(PageImportUpdatedDocument, { id }).subscribe((r) => {
            const p = r.data?.pageImportUpdated;
            if (p) onChange(p.status, p.attempt);
          })
        : api.urql.client.subscription(Code2DesUpdatedDocument, { id }).subscribe((r) => {
            const c = r.data?.code2desUpdated;
            if (c) onChange(c.status, c.attempt);
          });
    return () => sub.unsubscribe();
  }, [kind, id, epoch, missing]);

  if (missing) {
    return (
      <section>
        <h1>Not found</h1>
        <p class="notfound">No {kind === "imports" ? "Page Import" : "Code2Des job"} with this id is visible to you.</p>
        <p><Link href={href({ view: "projects" })}>Back to the projects</Link></p>
      </section>
    );
  }
  if (kind === "imports") {
    if (!imp) return <section><Errors errors={errors} />{errors.length === 0 && <Loading what="the Page Import" />}</section>;
    return <ImportPage api={api} job={imp} errors={errors} onChanged={() => setReload((n) => n + 1)} />;
  }
  if (!job) return <section><Errors errors={errors} />{errors.length === 0 && <Loading what="the Code2Des job" />}</section>;
  return <Code2DesPage api={api} job={job} result={result} errors={errors} onChanged={() => setReload((n) => n + 1)} />;
}

/**
 * Whether the answer says the job is not there for this user: NOT_FOUND, a malformed id, or a null
 * job with no error at all. Any other error (UNAUTHENTICATED, UNAVAILABLE, ...) is shown as such.
 */
function isMissing(errs: readonly ApiError[], job: unknown): boolean {
  if (errs.some((e) => e.code === "NOT_FOUND" || (e.code === "BAD_USER_INPUT" && e.field === "id"))) return true;
  return errs.length === 0 && job === null;
}

function Meta({ rows }: { rows: [string, string | number | null | undefined][] }) {
  return (
    <dl class="meta">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v === null || v === undefined || v === "" ? "—" : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Retry, delete (confirmed), copy id; what each call answered. */
function Actions(props: { api: Api; kind: JobKind; id: string; projectId: string; status: string; onChanged: () => void; children?: preact.ComponentChildren }) {
  const { api, kind, id, status } = props;
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState("");
  const retry = async () => {
    const r = kind === "imports"
      ? await api.urql.client.mutation(RetryPageImportDocument, { id }).toPromise()
      : await api.urql.client.mutation(RetryCode2DesDocument, { id }).toPromise();
    const errs = api.check(r);
    setErrors(errs);
    if (errs.length === 0) props.onChanged();
  };
  const del = async () => {
    const r = kind === "imports"
      ? await api.urql.client.mutation(DeletePageImportDocument, { id }).toPromise()
      : await api.urql.client.mutation(DeleteCode2DesDocument, { id }).toPromise();
    const errs = api.check(r);
    setErrors(errs);
    setConfirming(false);
    if (errs.length === 0) navigate(href({ view: "list", projectId: props.projectId, kind, params: { status: null, file: "", url: "", first: DefaultPageSize, after: "", back: [] } }));
  };
  return (
    <div class="actions">
      {status === "FAILED" && <button type="button" onClick={() => void retry()}>Retry</button>}
      <button type="button" onClick={() => { void navigator.clipboard?.writeText(id).then(() => setNote("Id copied."), () => setNote(`Id: ${id}`)); }}>Copy id</button>
      {!confirming ? (
        <button type="button" class="danger" onClick={() => setConfirming(true)}>Delete…</button>
      ) : (
        <span class="confirm" role="group" aria-label="Confirm deletion">
          <span>Delete this {kind === "imports" ? "Page Import" : "Code2Des job"}?</span>
          <button type="button" class="danger" onClick={() => void del()}>Delete</button>
          <button type="button" onClick={() => setConfirming(false)}>Cancel</button>
        </span>
      )}
      {props.children}
      <span role="status" class="note">{note}</span>
      <Errors errors={errors} />
    </div>
  );
}

function ImportPage({ api, job, errors, onChanged }: { api: Api; job: ImportJob; errors: ApiError[]; onChanged: () => void }) {
  const [file, setFile] = useState("");
  const [trigErrors, setTrigErrors] = useState<ApiError[]>([]);
  const trigger = async (e: Event) => {
    e.preventDefault();
    const r = await api.urql.client.mutation(TriggerCode2DesDocument, { input: { pageImportId: job.id, figmaFileKey: file.trim() } }).toPromise();
    const errs = api.check(r);
    setTrigErrors(errs);
    const c = r.data?.triggerCode2Des.code2des;
    if (c) navigate(href({ view: "job", kind: "code2des", id: c.id }));
  };
  return (
    <section aria-labelledby="job-title">
      <p class="crumb"><Link href={href({ view: "list", projectId: job.projectId, kind: "imports", params: { status: null, file: "", url: "", first: DefaultPageSize, after: "", back: [] } })}>Page Imports of project {job.projectId}</Link></p>
      <h1 id="job-title" class="wrap">Page Import <span class="mono">{job.id}</span></h1>
      <p><StatusBadge status={job.status} /> <span class="wrap">{job.sourceUrl}</span></p>
      {job.errorMessage && <p class="reason-line">Failure: {job.errorMessage}</p>}
      <Errors errors={errors} />
      <Actions api={api} kind="imports" id={job.id} projectId={job.projectId} status={job.status} onChanged={onChanged} />
      {job.status === "COMPLETED" && (
        <form class="row" onSubmit={trigger} aria-label="New Code2Des">
          <label for="figma-file">Figma file key</label>
          <input id="figma-file" value={file} onInput={(e) => setFile(e.currentTarget.value)} required />
          <button type="submit">Convert (new Code2Des)</button>
        </form>
      )}
      <Errors errors={trigErrors} />
      <div class="images one">
        <figure>
          <figcaption>Screenshot</figcaption>
          {job.screenshot ? <img class="shot" src={job.screenshot.url} alt={`Screenshot of ${job.sourceUrl}`} /> : <p class="empty">No screenshot.</p>}
        </figure>
      </div>
      <h2>Capture</h2>
      <Meta rows={[
        ["Source", job.sourceKind], ["Source URL", job.sourceUrl], ["Viewport", formatViewport(job.viewport)],
        ["Device scale factor", job.deviceScaleFactor], ["Ready selector", job.readySelector], ["Attempt", job.attempt],
        ["Capture hash", job.captureHash], ["Created", formatTime(job.createdAt)], ["Updated", formatTime(job.updatedAt)], ["Created by", job.createdBy],
      ]} />
      <h2>Code2Des jobs</h2>
      {job.code2desJobs.length === 0 ? <p class="empty">None yet.</p> : (
        <ul class="plain">
          {job.code2desJobs.map((c) => (
            <li key={c.id}><StatusBadge status={c.status} /> <Link href={href({ view: "job", kind: "code2des", id: c.id })}>{c.id}</Link> file {c.figmaFileKey}, fidelity {formatScore(c.fidelityScore)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Code2DesPage({ api, job, result, errors, onChanged }: { api: Api; job: Code2DesJob; result: Result | null; errors: ApiError[]; onChanged: () => void }) {
  const title = result && typeof result.root === "object" && result.root !== null && typeof (result.root as { name?: unknown }).name === "string" ? (result.root as { name: string }).name : "";
  const f = result?.fidelity;
  const diff = f?.diffMap;
  return (
    <section aria-labelledby="job-title">
      <p class="crumb"><Link href={href({ view: "list", projectId: job.projectId, kind: "code2des", params: { status: null, file: "", url: "", first: DefaultPageSize, after: "", back: [] } })}>Code2Des jobs of project {job.projectId}</Link></p>
      <h1 id="job-title" class="wrap">Code2Des <span class="mono">{job.id}</span></h1>
      <p><StatusBadge status={job.status} /> <span class="wrap">{job.pageImport?.sourceUrl ?? "(import deleted)"}</span></p>
      {title && <p class="title-line">Page title: <span class="page-title">{title}</span></p>}
      {job.errorMessage && <p class="reason-line">Failure: {job.errorMessage}</p>}
      <Errors errors={errors} />
      <Actions api={api} kind="code2des" id={job.id} projectId={job.projectId} status={job.status} onChanged={onChanged}>
        {job.pageImport && <Link href={href({ view: "job", kind: "imports", id: job.pageImport.id })} class="button">Open the import</Link>}
      </Actions>
      <p class="score">Fidelity score (SSIM): <strong>{formatScore(job.fidelityScore)}</strong>
        {f && <> · pixels off {formatShare(f.diffRatio)} · text coverage {formatShare(f.textCoverage)} · image coverage {formatShare(f.imageCoverage)}</>}
      </p>
      <div class="images">
        <figure>
          <figcaption>Screenshot</figcaption>
          {job.pageImport?.screenshot ? <img class="shot" data-image="screenshot" src={job.pageImport.screenshot.url} alt="Screenshot of the page" /> : <p class="empty">No screenshot.</p>}
        </figure>
        <figure>
          <figcaption>Preview</figcaption>
          {result ? <div data-image="preview"><Preview root={result.root} title={title} /></div> : <p class="empty">{job.status === "COMPLETED" ? "Loading…" : "No result yet."}</p>}
        </figure>
        <figure>
          <figcaption>Diff map</figcaption>
          {diff?.base64 ? <img class="shot" data-image="diff" src={`data:${diff.mimeType === "image/png" ? "image/png" : "application/octet-stream"};base64,${diff.base64}`} alt="Diff map: the screenshot faded, differing pixels red" /> : <p class="empty">{result ? "Not measured." : "No result yet."}</p>}
        </figure>
      </div>
      <h2>Warnings ({result?.warningCount ?? job.warningCount ?? 0})</h2>
      <ByCode entries={result?.warnings} none={result ? "No warnings." : "—"} />
      <h2>Diagnostics ({result?.diagnostics.length ?? 0})</h2>
      <ByCode entries={result?.diagnostics} none={result ? "No diagnostics." : "—"} />
      <h3>Fidelity measurement</h3>
      <Meta rows={[
        ["Fidelity version", f?.version], ["Compared at", f ? `${f.scale}× · ${f.comparedWidth ?? "—"}×${f.comparedHeight ?? "—"} px` : null],
        ["SSIM", formatScore(f?.ssim)], ["Diff threshold", f?.diffThreshold], ["Result capture hash", result?.captureHash],
      ]} />
      <h2>Materialization</h2>
      <Meta rows={[["Figma file", job.figmaFileKey], ["Screen id", job.screenId], ["Placement target", job.placementTarget], ["Materialized", job.materializedAt ? formatTime(job.materializedAt) : "not yet"], ["Root node", job.materializedNodeId]]} />
      <h2>Job</h2>
      <Meta rows={[["Attempt", job.attempt], ["Viewport", formatViewport(job.pageImport?.viewport)], ["Device scale factor", job.pageImport?.deviceScaleFactor], ["Capture hash", job.pageImport?.captureHash], ["Created", formatTime(job.createdAt)], ["Updated", formatTime(job.updatedAt)], ["Created by", job.createdBy]]} />
    </section>
  );
}

/** Warnings or diagnostics grouped by code, each with the node id it names; groups start open when there are at most three. */
function ByCode({ entries, none }: { entries: readonly { code: string; message: string; nodeId?: string | null }[] | undefined; none: string }) {
  const groups = new Map<string, { message: string; nodeId: string | null | undefined }[]>();
  for (const w of entries ?? []) {
    const g = groups.get(w.code) ?? [];
    g.push({ message: w.message, nodeId: w.nodeId });
    groups.set(w.code, g);
  }
  if (groups.size === 0) return <p class="empty">{none}</p>;
  return (
    <div class="warnings">
      {[...groups.entries()].map(([code, list]) => (
        <details key={code} open={groups.size <= 3}>
          <summary><span class="mono">{code}</span> ({list.length})</summary>
          <ul>
            {list.map((w, i) => <li key={i}>{w.nodeId && <span class="mono node">{w.nodeId}</span>} <span class="warning-message">{w.message}</span></li>)}
          </ul>
        </details>
      ))}
    </div>
  );
}
