// The designer's flow, the UI's effects: every API call, subscription and message to the main
// thread, each ending in a store.update. Live status comes from the graphql-transport-ws
// subscriptions; when the socket fails (refused, closed, unreachable) the job is polled instead.
import {
  Code2DesByIdDocument,
  Code2DesDiffMapDocument,
  Code2DesResultDocument,
  Code2DesReviewDocument,
  Code2DesUpdatedDocument,
  CreatePageImportsDocument,
  MaterializeCode2DesDocument,
  PageImportByIdDocument,
  PageImportJobsDocument,
  PageImportThumbnailDocument,
  PageImportUpdatedDocument,
  ProjectSummaryDocument,
  RecentCode2DesJobsDocument,
  RecentPageImportsDocument,
  RetryCode2DesDocument,
  RetryPageImportDocument,
  TriggerCode2DesDocument,
  type Code2DesStateFragment,
  type PageImportStateFragment,
} from "@code2des/api";
import { apiOrigin, AuthError, createHandoff, fetchSignInConfig, handoffSignInUrl, isExpiring, pollHandoff, refreshSession, type Session } from "@code2des/api/auth";
import { createApiClient, type ApiClient } from "@code2des/api/client";
import type { AnyVariables, OperationResult, TypedDocumentNode } from "@urql/core";
import type { MainToUi, UiToMain } from "../messages.js";
import { withProject, type Settings } from "../settings.js";
import { apiErrors, isNetworkOnly, type ApiError } from "@code2des/api/errors";
import {
  showing,
  startPlacement,
  withBusy,
  withErrors,
  withImport,
  withJob,
  withPlaced,
  withProgress,
  withRecentPage,
  withRecorded,
  type ErrorPlace,
  type State,
  type Store,
} from "./state.js";
import { viewportsOf } from "./viewports.js";

/** The thumbnail width asked of PageImport.screenshot (one of the API's 160, 320, 640, 1280). */
export const ThumbnailWidth = 320;
/** Milliseconds between two polls of a job when its subscription failed. */
export const PollInterval = 2000;
/** Jobs per page of the recent lists. */
export const RecentPageSize = 10;

/** The code of a materialization the main thread could not finish (messages.ts). */
export const MaterializeFailedCode = "MATERIALIZE_FAILED";

/** An error of the plugin itself (no API call made): a setting or form value it cannot send. */
export const InputProblemCode = "INPUT";

export class Flow {
  private api: ApiClient | null = null;
  /** Live watches (subscription or poll timer) by `import:<id>` / `job:<id>`, with their stop. */
  private watches = new Map<string, () => void>();
  /** Stops the sign-in under way (its polling), or null. */
  private signInAbort: AbortController | null = null;
  /** The refresh under way, shared by the requests that wait for it. */
  private refreshing: Promise<string> | null = null;

  constructor(
    private readonly store: Store,
    private readonly post: (message: UiToMain) => void,
  ) {}

  private get s(): State {
    return this.store.get();
  }

  /** Handles a message of the main thread. */
  receive(message: MainToUi): void {
    switch (message.type) {
      case "init":
        this.store.update((s) => ({
          ...s,
          loaded: true,
          settings: message.settings,
          draft: { apiUrl: message.settings.apiUrl, token: message.settings.token, projectId: message.settings.projectId },
          figmaFileKey: message.figmaFileKey,
          tab: message.settings.token && message.settings.projectId ? s.tab : "settings",
        }));
        this.connect();
        return;
      case "settings-saved":
        this.store.update((s) => ({ ...s, settings: message.settings }));
        return;
      case "materialize-progress":
        this.store.update((s) => withProgress(s, message.code2desId, message.done, message.total));
        return;
      case "materialized":
        this.store.update((s) => withBusy(withPlaced(s, message.code2desId, message.nodeId, message.warnings), `job:${message.code2desId}`, false));
        void this.record(message.code2desId, message.nodeId);
        return;
      case "materialize-failed":
        this.store.update((s) =>
          withBusy(withErrors(s, `job:${message.code2desId}`, [{ code: MaterializeFailedCode, message: message.message }]), `job:${message.code2desId}`, false),
        );
        return;
    }
  }

  /** (Re)creates the API client from the settings and reads the current project. */
  private connect(): void {
    for (const stop of this.watches.values()) stop();
    this.watches.clear();
    this.api?.ws.dispose();
    // A new connection gets a new chance at live updates.
    this.store.update((s) => (s.live === "subscriptions" ? s : { ...s, live: "subscriptions" }));
    const { apiUrl, token, projectId } = this.s.settings;
    this.api = token ? createApiClient({ url: apiUrl, token: () => this.currentToken() }) : null;
    if (this.api && projectId) void this.pickProject(projectId);
  }

  /** Runs one query or mutation for place: busy meanwhile, its errors shown there, data or null. */
  private async call<D, V extends AnyVariables>(place: ErrorPlace, kind: "query" | "mutation", doc: TypedDocumentNode<D, V>, vars: V): Promise<D | null> {
    if (!this.api) {
      this.store.update((s) => withErrors(s, place, [{ code: InputProblemCode, message: "sign in (Settings) first" }]));
      return null;
    }
    this.store.update((s) => withBusy(s, place, true));
    const client = this.api.client;
    const r: OperationResult<D, V> = await (kind === "query" ? client.query(doc, vars) : client.mutation(doc, vars)).toPromise();
    const errors: ApiError[] = r.error ? apiErrors(r.error) : [];
    this.store.update((s) => withErrors(withBusy(s, place, false), place, errors));
    return r.error ? null : (r.data ?? null);
  }

  /**
   * Signs in through the browser, the handoff Figma documents for plugin OAuth (docs/plugin.md
   * "Sign-in"): a key pair from the API, the sign-in page opened with the write key
   * (figma.openExternal, through the main thread), then the read key asked every poll interval
   * until the page has delivered the tokens, the pair expires, or cancelSignIn. The session is
   * kept with the settings (figma.clientStorage).
   */
  async signIn(apiUrl: string): Promise<void> {
    const url = apiUrl.trim();
    const problem = apiUrlProblem(url);
    if (problem) {
      this.store.update((s) => withErrors(s, "signin", [{ code: InputProblemCode, message: problem }]));
      return;
    }
    this.cancelSignIn();
    const abort = new AbortController();
    this.signInAbort = abort;
    const origin = apiOrigin(url);
    this.store.update((s) => withErrors(withBusy(s, "signin", true), "signin", []));
    try {
      const keys = await createHandoff(origin);
      const page = handoffSignInUrl(origin, keys.writeKey);
      this.post({ type: "open-external", url: page });
      this.store.update((s) => ({ ...s, signIn: { url: page, expiresAt: keys.expiresAt } }));
      this.useSession(url, await pollHandoff(origin, keys, { signal: abort.signal }));
    } catch (e) {
      if (!abort.signal.aborted) this.store.update((s) => withErrors(s, "signin", [authError(e)]));
    } finally {
      if (this.signInAbort === abort) this.signInAbort = null;
      this.store.update((s) => withBusy({ ...s, signIn: null }, "signin", false));
    }
  }

  /** Stops a sign-in under way (the key pair then expires unused). */
  cancelSignIn(): void {
    this.signInAbort?.abort(new Error("sign-in cancelled"));
    this.signInAbort = null;
  }

  /** Forgets the session (the stored tokens) and disconnects. */
  signOut(): void {
    this.cancelSignIn();
    this.useSession(this.s.settings.apiUrl, { token: "", refreshToken: "", expiresAt: 0 });
  }

  /** Keeps session with the settings and reconnects with it. */
  private useSession(apiUrl: string, session: Session): void {
    const settings: Settings = { ...this.s.settings, apiUrl, ...session };
    this.store.update((s) => withErrors({ ...s, settings, draft: { ...s.draft, apiUrl, token: session.token }, project: null }, "signin", []));
    this.post({ type: "save-settings", settings });
    this.connect();
  }

  /**
   * The token for the next request: refreshed first when it is about to expire and it has a
   * refresh token. A session that cannot be refreshed (none, or the issuer refuses it) asks the
   * designer to sign in again; the request goes out with the old token and the API refuses it.
   */
  private currentToken(): Promise<string> | string {
    const s = this.s.settings;
    if (s.expiresAt === 0 || !isExpiring(s)) return s.token;
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<string> {
    const s = this.s.settings;
    try {
      // No refresh token (the local sign-in): nothing to ask the user pool.
      if (s.refreshToken === "") throw new AuthError(0, "NO_REFRESH_TOKEN", "the session cannot be refreshed");
      const session = await refreshSession(await fetchSignInConfig(apiOrigin(s.apiUrl)), s);
      const settings: Settings = { ...this.s.settings, ...session };
      this.store.update((st) => ({ ...st, settings, draft: { ...st.draft, token: session.token } }));
      this.post({ type: "save-settings", settings });
      return session.token;
    } catch (e) {
      const code = e instanceof AuthError ? e.code : "SIGN_IN_EXPIRED";
      this.store.update((st) => withErrors(st, "signin", [{ code, message: "your sign-in has expired; sign in again" }]));
      return s.token;
    }
  }

  /**
   * Saves the API URL and a pasted token (the developer option; figma.clientStorage, through the
   * main thread) and reconnects. A pasted token has no refresh token and no known expiry.
   */
  saveSettings(apiUrl: string, token: string): void {
    const problem = apiUrlProblem(apiUrl.trim());
    if (problem) {
      this.store.update((s) => withErrors(s, "settings", [{ code: InputProblemCode, message: problem }]));
      return;
    }
    const pasted = token.trim();
    const same = pasted === this.s.settings.token;
    const settings: Settings = {
      ...this.s.settings,
      apiUrl: apiUrl.trim(),
      token: pasted,
      refreshToken: same ? this.s.settings.refreshToken : "",
      expiresAt: same ? this.s.settings.expiresAt : 0,
    };
    this.store.update((s) => withErrors({ ...s, settings, project: null }, "settings", []));
    this.post({ type: "save-settings", settings });
    this.connect();
  }

  /** Opens a project: the API must show it (its counts), then it is the current one and its recent jobs are listed. */
  async pickProject(projectId: string): Promise<void> {
    const id = projectId.trim();
    if (!id) return;
    const data = await this.call("project", "query", ProjectSummaryDocument, { projectId: id });
    if (!data) return;
    const settings = withProject(this.s.settings, id);
    this.store.update((s) => ({ ...s, settings, project: data.projectJobStats }));
    this.post({ type: "save-settings", settings });
    await Promise.all([this.loadRecentImports(true), this.loadRecentJobs(true)]);
  }

  /** Imports the form's URL at each picked viewport (createPageImports) and follows each import. */
  async startImport(): Promise<void> {
    const { form, settings } = this.s;
    const picked = viewportsOf(form);
    let problem: string | null = null;
    if (!settings.projectId) problem = "open a project in Settings first";
    else if (!form.url.trim()) problem = "enter the URL of the page to import";
    else if ("problem" in picked) problem = picked.problem;
    if (problem !== null || "problem" in picked) {
      const message = problem ?? "";
      this.store.update((s) => withErrors(s, "form", [{ code: InputProblemCode, message }]));
      return;
    }
    const readySelector = form.readySelector.trim();
    const data = await this.call("form", "mutation", CreatePageImportsDocument, {
      input: { projectId: settings.projectId, sourceUrl: form.url.trim(), viewports: picked.viewports, readySelector: readySelector || null },
    });
    if (!data) return;
    const created = data.createPageImports.pageImports;
    this.store.update((s) => {
      let next = showing(s, created.map((pi) => pi.id));
      for (const pi of created) next = withImport({ ...next, autoConvert: { ...next.autoConvert, [pi.id]: true } }, pi);
      return next;
    });
    for (const pi of created) this.onImport(pi);
    void this.loadRecentImports(true);
  }

  /** Takes a Page Import the API sent: stores it, and once it completes fetches its thumbnail and converts it. */
  private onImport(pi: PageImportStateFragment): void {
    this.store.update((s) => withImport(s, pi));
    const current = this.s.imports[pi.id] ?? pi;
    if (current.status === "PROCESSING") {
      this.watchImport(pi.id);
      return;
    }
    this.stopWatch(`import:${pi.id}`);
    if (current.status !== "COMPLETED") return;
    if (current.hasScreenshot && !this.s.thumbnails[pi.id]) void this.loadThumbnail(pi.id);
    if (this.s.autoConvert[pi.id] && !this.s.jobOf[pi.id]) {
      this.store.update((s) => ({ ...s, autoConvert: { ...s.autoConvert, [pi.id]: false } }));
      void this.convert(pi.id);
    }
  }

  private onJob(job: Code2DesStateFragment): void {
    this.store.update((s) => withJob(s, job));
    const current = this.s.jobs[job.id] ?? job;
    if (current.status === "PROCESSING") {
      this.watchJob(job.id);
      return;
    }
    this.stopWatch(`job:${job.id}`);
    if (current.status === "COMPLETED" && !this.s.reviews[job.id]) void this.loadReview(job.id);
  }

  private stopWatch(key: string): void {
    this.watches.get(key)?.();
    this.watches.delete(key);
  }

  /**
   * Follows a processing import through pageImportUpdated; a failing socket switches to polling,
   * an error the API sent (NOT_FOUND ...) is shown.
   */
  private watchImport(id: string): void {
    this.watch(`import:${id}`, PageImportUpdatedDocument, { id }, (d) => this.onImport(d.pageImportUpdated), () => this.pollImport(id));
  }

  private watchJob(id: string): void {
    this.watch(`job:${id}`, Code2DesUpdatedDocument, { id }, (d) => this.onJob(d.code2desUpdated), () => this.pollJob(id));
  }

  private watch<D, V extends AnyVariables>(key: `import:${string}` | `job:${string}`, doc: TypedDocumentNode<D, V>, vars: V, next: (data: D) => void, poll: () => void): void {
    if (this.watches.has(key) || !this.api) return;
    if (this.s.live === "polling") {
      poll();
      return;
    }
    const sub = this.api.client.subscription(doc, vars).subscribe((r) => {
      if (r.error) {
        const errors = apiErrors(r.error);
        this.stopWatch(key);
        if (isNetworkOnly(errors)) {
          this.store.update((s) => ({ ...s, live: "polling" }));
          poll();
        } else {
          this.store.update((s) => withErrors(s, key, errors));
        }
        return;
      }
      if (r.data) next(r.data);
    });
    this.watches.set(key, () => sub.unsubscribe());
  }

  private pollImport(id: string): void {
    this.poll(`import:${id}`, async () => {
      const d = await this.call(`import:${id}`, "query", PageImportByIdDocument, { id });
      if (d?.pageImport) this.onImport(d.pageImport);
      return d?.pageImport?.status === "PROCESSING";
    });
  }

  private pollJob(id: string): void {
    this.poll(`job:${id}`, async () => {
      const d = await this.call(`job:${id}`, "query", Code2DesByIdDocument, { id });
      if (d?.code2des) this.onJob(d.code2des);
      return d?.code2des?.status === "PROCESSING";
    });
  }

  /** Reads once now and again every PollInterval while read says the job is still processing. */
  private poll(key: string, read: () => Promise<boolean>): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    this.watches.set(key, () => {
      stopped = true;
      clearTimeout(timer);
    });
    const tick = async (): Promise<void> => {
      const again = await read();
      if (again && !stopped) timer = setTimeout(() => void tick(), PollInterval);
    };
    void tick();
  }

  private async loadThumbnail(id: string): Promise<void> {
    const d = await this.call(`import:${id}`, "query", PageImportThumbnailDocument, { id, width: ThumbnailWidth });
    const url = d?.pageImport?.screenshot?.url;
    if (url) this.store.update((s) => ({ ...s, thumbnails: { ...s.thumbnails, [id]: url } }));
  }

  /** Starts a Code2Des job of a completed import for this Figma file and follows it. */
  async convert(importId: string): Promise<void> {
    const d = await this.call(`import:${importId}`, "mutation", TriggerCode2DesDocument, {
      input: { pageImportId: importId, figmaFileKey: this.s.figmaFileKey },
    });
    if (!d) return;
    const job = d.triggerCode2Des.code2des;
    this.store.update((s) => ({ ...s, jobOf: { ...s.jobOf, [importId]: job.id } }));
    this.onJob(job);
    void this.loadRecentJobs(true);
  }

  async retryImport(id: string): Promise<void> {
    const d = await this.call(`import:${id}`, "mutation", RetryPageImportDocument, { id });
    if (!d) return;
    this.store.update((s) => ({ ...s, autoConvert: { ...s.autoConvert, [id]: !s.jobOf[id] } }));
    this.onImport(d.retryPageImport.pageImport);
  }

  async retryJob(id: string): Promise<void> {
    const d = await this.call(`job:${id}`, "mutation", RetryCode2DesDocument, { id });
    if (!d) return;
    this.store.update((s) => {
      const reviews = { ...s.reviews };
      const diffMaps = { ...s.diffMaps };
      delete reviews[id];
      delete diffMaps[id];
      return { ...s, reviews, diffMaps };
    });
    this.onJob(d.retryCode2Des.code2des);
  }

  private async loadReview(id: string): Promise<void> {
    const d = await this.call(`job:${id}`, "query", Code2DesReviewDocument, { id });
    const review = d?.code2desResult;
    if (review) this.store.update((s) => ({ ...s, reviews: { ...s.reviews, [id]: review } }));
  }

  /** Fetches the fidelity's diff map (read from storage only now). */
  async loadDiffMap(id: string): Promise<void> {
    const d = await this.call(`job:${id}`, "query", Code2DesDiffMapDocument, { id });
    const map = d?.code2desResult?.fidelity?.diffMap;
    if (map?.base64) {
      const url = `data:${map.mimeType};base64,${map.base64}`;
      this.store.update((s) => ({ ...s, diffMaps: { ...s.diffMaps, [id]: url } }));
    }
  }

  /**
   * Fetches the job's result (images inlined) and has the main thread materialize it; the main
   * thread reports progress, then the root node, recorded next by record().
   */
  async materialize(id: string): Promise<void> {
    const d = await this.call(`job:${id}`, "query", Code2DesResultDocument, { id });
    const result = d?.code2desResult;
    if (!result) return;
    this.store.update((s) => withBusy(startPlacement(s, id), `job:${id}`, true));
    this.post({ type: "materialize", code2desId: id, result, placementTarget: this.s.jobs[id]?.placementTarget ?? null });
  }

  /** Records the placed root with materializeCode2Des: the first call wins, later ones say which root it kept. */
  private async record(id: string, nodeId: string): Promise<void> {
    const d = await this.call(`job:${id}`, "mutation", MaterializeCode2DesDocument, { input: { code2desId: id, nodeId } });
    if (!d) return;
    const m = d.materializeCode2Des;
    this.store.update((s) => {
      const job = s.jobs[id];
      const next = withRecorded(s, id, m.recorded, m.code2des.materializedNodeId);
      return job ? { ...next, jobs: { ...next.jobs, [id]: { ...job, ...m.code2des } } } : next;
    });
  }

  /** Lists the project's newest imports (first page) or the next page. */
  async loadRecentImports(first: boolean): Promise<void> {
    const { projectId } = this.s.settings;
    if (!projectId) return;
    this.store.update((s) => ({ ...s, recentImports: { ...s.recentImports, loading: true } }));
    const d = await this.call("recent", "query", RecentPageImportsDocument, {
      projectId,
      first: RecentPageSize,
      after: first ? null : this.s.recentImports.endCursor,
    });
    this.store.update((s) => {
      if (!d) return { ...s, recentImports: { ...s.recentImports, loading: false } };
      let next = s;
      for (const e of d.pageImports.edges) next = withImport(next, e.node);
      const page = d.pageImports;
      return { ...next, recentImports: withRecentPage(s.recentImports, page.edges.map((e) => e.node.id), page.pageInfo.endCursor ?? null, page.pageInfo.hasNextPage, first) };
    });
  }

  /** Lists the project's newest Code2Des jobs (first page) or the next page. */
  async loadRecentJobs(first: boolean): Promise<void> {
    const { projectId } = this.s.settings;
    if (!projectId) return;
    this.store.update((s) => ({ ...s, recentJobs: { ...s.recentJobs, loading: true } }));
    const d = await this.call("recent", "query", RecentCode2DesJobsDocument, {
      projectId,
      first: RecentPageSize,
      after: first ? null : this.s.recentJobs.endCursor,
    });
    this.store.update((s) => {
      if (!d) return { ...s, recentJobs: { ...s.recentJobs, loading: false } };
      let next = s;
      for (const e of d.code2desJobs.edges) next = withJob(next, e.node);
      const page = d.code2desJobs;
      return { ...next, recentJobs: withRecentPage(s.recentJobs, page.edges.map((e) => e.node.id), page.pageInfo.endCursor ?? null, page.pageInfo.hasNextPage, first) };
    });
  }

  /** Re-opens an import of the list with its newest Code2Des job. */
  async openImport(id: string): Promise<void> {
    this.store.update((s) => showing(s, [id]));
    const d = await this.call(`import:${id}`, "query", PageImportJobsDocument, { id });
    const pi = this.s.imports[id];
    if (pi) this.onImport(pi);
    const newest = d?.pageImport?.code2desJobs[0];
    if (newest) {
      this.store.update((s) => showing(s, [id], { [id]: newest.id }));
      this.onJob(newest);
    }
  }

  /** Re-opens a Code2Des job of the list, shown with its import. */
  async openJob(id: string): Promise<void> {
    const job = this.s.jobs[id];
    if (!job) return;
    this.store.update((s) => showing(s, [job.pageImportId], { [job.pageImportId]: id }));
    const d = await this.call(`import:${job.pageImportId}`, "query", PageImportByIdDocument, { id: job.pageImportId });
    if (d?.pageImport) this.onImport(d.pageImport);
    this.onJob(job);
  }
}

/** An error of the sign-in as the UI shows it: the API's code and message. */
export function authError(e: unknown): ApiError {
  if (e instanceof AuthError) return { code: e.code, message: e.message };
  return { code: "SIGN_IN_FAILED", message: e instanceof Error ? e.message : String(e) };
}

/** The problem with an API URL as typed (an absolute http or https URL), or null. */
export function apiUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "the API URL must be an absolute URL such as http://127.0.0.1:8080/graphql";
  }
  return u.protocol === "http:" || u.protocol === "https:" ? null : "the API URL must start with http:// or https://";
}
