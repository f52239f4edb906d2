// The UI's views: pure functions of the state (state.ts) that call the flow (flow.ts) on input.
// No <form> submits: Figma sandboxes the plugin iframe, and a sandbox without allow-forms drops
// submissions before their submit event; buttons call the flow directly.
import type { Code2DesStateFragment, PageImportStateFragment } from "@code2des/api";
import type { ComponentChildren } from "preact";
import { displayName } from "@code2des/api/auth";
import { errorText } from "@code2des/api/errors";
import type { Flow } from "./flow.js";
import type { ErrorPlace, ImportForm, Placement, Review, State, Store, Tab } from "./state.js";
import { Presets, type PresetName } from "./viewports.js";

interface Props {
  state: State;
  store: Store;
  flow: Flow;
}

export function App({ state, store, flow }: Props) {
  const tab = (t: Tab, label: string) => (
    <button type="button" role="tab" aria-selected={state.tab === t} onClick={() => store.update((s) => ({ ...s, tab: t }))}>
      {label}
    </button>
  );
  if (!state.loaded) return <p>Loading…</p>;
  return (
    <>
      <nav role="tablist">
        {tab("import", "Import")}
        {tab("recent", "Recent")}
        {tab("settings", "Settings")}
      </nav>
      {state.tab === "settings" && <SettingsView state={state} store={store} flow={flow} />}
      {state.tab === "import" && <ImportView state={state} store={store} flow={flow} />}
      {state.tab === "recent" && <RecentView state={state} store={store} flow={flow} />}
      <footer>Live status: {state.live === "subscriptions" ? "subscriptions" : "polling (the live connection failed)"}</footer>
    </>
  );
}

function Errors({ state, place }: { state: State; place: ErrorPlace }) {
  const errors = state.errors[place];
  if (!errors) return null;
  return (
    <ul class="errors" role="alert">
      {errors.map((e) => (
        <li>{errorText(e)}</li>
      ))}
    </ul>
  );
}

/** " as <name>" for a token whose claims name the user, "" otherwise. */
function signedInAs(token: string): string {
  const name = displayName(token);
  return name ? ` as ${name}` : "";
}

function SettingsView({ state, store, flow }: Props) {
  const draft = state.draft;
  const set = (patch: Partial<State["draft"]>) => store.update((s) => ({ ...s, draft: { ...s.draft, ...patch } }));
  const project = state.project;
  return (
    <section aria-label="Settings">
      <div role="group" aria-label="Account">
        <label>
          API URL
          <input type="url" value={draft.apiUrl} onInput={(e) => set({ apiUrl: e.currentTarget.value })} />
        </label>
        {state.signIn ? (
          <p aria-label="Sign-in status">
            Finish signing in in your browser (it opened{" "}
            <a href={state.signIn.url} target="_blank" rel="noreferrer">
              the sign-in page
            </a>
            ); this waits until {new Date(state.signIn.expiresAt).toLocaleTimeString()}.{" "}
            <button type="button" class="link" onClick={() => flow.cancelSignIn()}>
              Cancel
            </button>
          </p>
        ) : state.settings.token ? (
          <p aria-label="Sign-in status">
            Signed in{signedInAs(state.settings.token)}.{" "}
            <button type="button" onClick={() => flow.signOut()}>
              Sign out
            </button>
          </p>
        ) : (
          <button type="button" disabled={state.busy.signin} onClick={() => void flow.signIn(draft.apiUrl)}>
            Sign in
          </button>
        )}
        <Errors state={state} place="signin" />
        <details>
          <summary>Developer: paste a token</summary>
          <label>
            Token
            <input type="password" autocomplete="off" value={draft.token} onInput={(e) => set({ token: e.currentTarget.value })} />
          </label>
          <p class="hint">
            Local stack: <code>go run ./cmd/localstack token local-user</code>. Kept on this computer (figma.clientStorage), never in the file.
          </p>
        </details>
        <button type="button" onClick={() => flow.saveSettings(draft.apiUrl, draft.token)}>
          Save settings
        </button>
        <Errors state={state} place="settings" />
      </div>
      <div role="group" aria-label="Project picker">
        <label>
          Project
          <input list="known-projects" value={draft.projectId} onInput={(e) => set({ projectId: e.currentTarget.value })} />
        </label>
        <datalist id="known-projects">
          {state.settings.projects.map((p) => (
            <option value={p} />
          ))}
        </datalist>
        {state.settings.projects.length > 1 && (
          <p>
            Recent projects:{" "}
            {state.settings.projects.map((p) => (
              <button type="button" class="link" onClick={() => void flow.pickProject(p)}>
                {p}
              </button>
            ))}
          </p>
        )}
        <button type="button" disabled={state.busy.project} onClick={() => void flow.pickProject(draft.projectId)}>
          Open project
        </button>
        <Errors state={state} place="project" />
        {project && (
          <p aria-label="Project summary">
            Project {project.projectId}, last 7 days: {project.pageImports.total} imports ({project.pageImports.failed} failed),{" "}
            {project.code2desJobs.total} conversions ({project.code2desJobs.failed} failed).
          </p>
        )}
      </div>
    </section>
  );
}

function ImportView({ state, store, flow }: Props) {
  const form = state.form;
  const set = (patch: Partial<ImportForm>) => store.update((s) => ({ ...s, form: { ...s.form, ...patch } }));
  const toggle = (name: PresetName, on: boolean) => set({ presets: on ? [...form.presets, name] : form.presets.filter((p) => p !== name) });
  return (
    <>
      <div role="group" aria-label="Import a page">
        <label>
          Page URL
          <input type="url" placeholder="https://example.com/pricing" value={form.url} onInput={(e) => set({ url: e.currentTarget.value })} />
        </label>
        <fieldset>
          <legend>Viewports</legend>
          {Presets.map((p) => (
            <label class="inline">
              <input type="checkbox" checked={form.presets.includes(p.name)} onChange={(e) => toggle(p.name, e.currentTarget.checked)} />
              {p.label} {p.width}
            </label>
          ))}
          <label class="inline">
            <input type="checkbox" checked={form.custom} onChange={(e) => set({ custom: e.currentTarget.checked })} />
            Custom
          </label>
          {form.custom && (
            <span>
              <input aria-label="Custom width" inputMode="numeric" size={5} value={form.customWidth} onInput={(e) => set({ customWidth: e.currentTarget.value })} />
              ×
              <input aria-label="Custom height" inputMode="numeric" size={5} value={form.customHeight} onInput={(e) => set({ customHeight: e.currentTarget.value })} />
            </span>
          )}
        </fieldset>
        <label>
          Ready selector (optional)
          <input placeholder="#app-ready" value={form.readySelector} onInput={(e) => set({ readySelector: e.currentTarget.value })} />
        </label>
        <button type="button" disabled={state.busy.form} onClick={() => void flow.startImport()}>
          Import
        </button>
        <Errors state={state} place="form" />
      </div>
      {state.shown.map((id) => {
        const pi = state.imports[id];
        return pi ? <ImportCard state={state} flow={flow} pi={pi} /> : null;
      })}
    </>
  );
}

function ImportCard({ state, flow, pi }: { state: State; flow: Flow; pi: PageImportStateFragment }) {
  const jobId = state.jobOf[pi.id];
  const job = jobId ? state.jobs[jobId] : undefined;
  const thumbnail = state.thumbnails[pi.id];
  return (
    <article aria-label={`Import ${pi.id}`} data-page-import-id={pi.id}>
      <h3>
        {pi.sourceUrl} at {pi.viewport.width}×{pi.viewport.height}
      </h3>
      <p>
        Capture: <strong data-status="capture">{pi.status}</strong> (attempt {pi.attempt})
      </p>
      {pi.status === "FAILED" && <p class="failure">{pi.errorMessage}</p>}
      <Errors state={state} place={`import:${pi.id}`} />
      {pi.status === "FAILED" && (
        <button type="button" disabled={state.busy[`import:${pi.id}`]} onClick={() => void flow.retryImport(pi.id)}>
          Retry capture
        </button>
      )}
      {thumbnail && <img class="thumbnail" alt="The captured page" src={thumbnail} width={160} />}
      {pi.status === "COMPLETED" && !job && (
        <button type="button" disabled={state.busy[`import:${pi.id}`]} onClick={() => void flow.convert(pi.id)}>
          Convert
        </button>
      )}
      {job && <JobPanel state={state} flow={flow} job={job} />}
    </article>
  );
}

function JobPanel({ state, flow, job }: { state: State; flow: Flow; job: Code2DesStateFragment }) {
  const review = state.reviews[job.id];
  const placement = state.placements[job.id];
  const busy = state.busy[`job:${job.id}`];
  return (
    <div class="job" data-code2des-id={job.id}>
      <p>
        Code2Des: <strong data-status="code2des">{job.status}</strong> (attempt {job.attempt}, screen {job.screenId})
      </p>
      {job.status === "FAILED" && <p class="failure">{job.errorMessage}</p>}
      {job.status === "FAILED" && (
        <button type="button" disabled={busy} onClick={() => void flow.retryJob(job.id)}>
          Retry conversion
        </button>
      )}
      {review && <ReviewView review={review} diffMap={state.diffMaps[job.id]} onDiffMap={() => void flow.loadDiffMap(job.id)} />}
      {job.status === "COMPLETED" && (
        <button type="button" disabled={busy} onClick={() => void flow.materialize(job.id)}>
          {placement?.nodeId ? "Materialize again" : "Materialize"}
        </button>
      )}
      {placement && <PlacementView placement={placement} />}
      {job.materializedNodeId && !placement && <p>Materialized before as node {job.materializedNodeId}.</p>}
      <Errors state={state} place={`job:${job.id}`} />
    </div>
  );
}

const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;

function ReviewView({ review, diffMap, onDiffMap }: { review: Review; diffMap: string | undefined; onDiffMap: () => void }) {
  const f = review.fidelity;
  return (
    <div class="review" aria-label="Fidelity">
      {f ? (
        <dl>
          <dt>Fidelity (SSIM)</dt>
          <dd data-fidelity="ssim">{f.ssim === null ? "not measured" : f.ssim.toFixed(3)}</dd>
          {f.diffRatio !== null && (
            <>
              <dt>Pixels off</dt>
              <dd>{percent(f.diffRatio)}</dd>
            </>
          )}
          <dt>Text found</dt>
          <dd>{percent(f.textCoverage)}</dd>
          <dt>Images drawn</dt>
          <dd>{percent(f.imageCoverage)}</dd>
        </dl>
      ) : (
        <p>No fidelity measured for this result.</p>
      )}
      <details>
        <summary>
          {review.warningCount} warning{review.warningCount === 1 ? "" : "s"}
        </summary>
        <ul>
          {review.warnings.map((w) => (
            <li>
              {w.code}: {w.message}
              {w.nodeId ? ` (node ${w.nodeId})` : ""}
            </li>
          ))}
        </ul>
      </details>
      {f?.ssim !== null && f !== null && !diffMap && (
        <button type="button" onClick={onDiffMap}>
          Show diff map
        </button>
      )}
      {diffMap && (
        <div class="scroll">
          <img class="diffmap" alt="Diff map: differing pixels in red" src={diffMap} />
        </div>
      )}
    </div>
  );
}

function PlacementView({ placement: p }: { placement: Placement }) {
  return (
    <div class="placement">
      <label>
        Nodes
        <progress value={p.done} max={Math.max(p.total, 1)} />
        <span data-progress>
          {p.done} / {p.total}
        </span>
      </label>
      {p.nodeId && (
        <p>
          Placed as node <code data-node-id>{p.nodeId}</code>.
        </p>
      )}
      {p.recorded !== undefined && (
        <p data-recorded={p.recorded ? "recorded" : "kept"}>
          {p.recorded ? "Recorded as the job's root." : `The job's root stays node ${p.recordedNodeId ?? "?"} (recorded first).`}
        </p>
      )}
      {p.warnings.length > 0 && (
        <ul class="warnings">
          {p.warnings.map((w) => (
            <li>
              {w.code}: {w.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RecentView({ state, flow }: Props) {
  const list = (title: string, ids: string[], hasNext: boolean, loading: boolean, more: () => void, row: (id: string) => ComponentChildren) => (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul>{ids.map(row)}</ul>
      {hasNext && (
        <button type="button" disabled={loading} onClick={more}>
          More
        </button>
      )}
    </section>
  );
  if (!state.settings.projectId) return <p>Open a project in Settings to see its recent imports.</p>;
  return (
    <>
      <Errors state={state} place="recent" />
      {list("Recent imports", state.recentImports.ids, state.recentImports.hasNextPage, state.recentImports.loading, () => void flow.loadRecentImports(false), (id) => {
        const pi = state.imports[id];
        return (
          pi && (
            <li>
              <button type="button" class="link" onClick={() => void flow.openImport(id)}>
                {pi.sourceUrl} {pi.viewport.width}×{pi.viewport.height}
              </button>{" "}
              {pi.status} · {new Date(pi.createdAt).toLocaleString()}
            </li>
          )
        );
      })}
      {list("Recent conversions", state.recentJobs.ids, state.recentJobs.hasNextPage, state.recentJobs.loading, () => void flow.loadRecentJobs(false), (id) => {
        const job = state.jobs[id];
        return (
          job && (
            <li>
              <button type="button" class="link" onClick={() => void flow.openJob(id)}>
                {job.screenId}
              </button>{" "}
              {job.status}
              {job.fidelityScore !== null ? ` · SSIM ${job.fidelityScore.toFixed(3)}` : ""}
              {job.materializedNodeId ? ` · placed ${job.materializedNodeId}` : ""}
            </li>
          )
        );
      })}
    </>
  );
}
