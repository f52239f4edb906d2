// The UI's state, all of it in one place: a plain value replaced (never mutated) by the pure
// transitions below, held by a Store that tells the view to draw again. Effects (API calls,
// subscriptions, messages to the main thread) live in flow.ts and only ever call store.update.
import type { Code2DesReviewQuery, Code2DesStateFragment, PageImportStateFragment, ProjectSummaryQuery } from "@code2des/api";
import type { PlacementWarning } from "../messages.js";
import { DefaultSettings, type Settings } from "../settings.js";
import type { ApiError } from "@code2des/api/errors";
import type { PresetName } from "./viewports.js";

/** The UI's three screens. */
export type Tab = "import" | "recent" | "settings";

/** The import form as typed. */
export interface ImportForm {
  url: string;
  presets: PresetName[];
  custom: boolean;
  customWidth: string;
  customHeight: string;
  readySelector: string;
}

/** The settings form as typed. */
export interface SettingsDraft {
  apiUrl: string;
  token: string;
  projectId: string;
}

/** A job's result as reviewed before materializing: warnings and fidelity (no diff map). */
export type Review = NonNullable<Code2DesReviewQuery["code2desResult"]>;

/** Project counts by status (the project picker's summary). */
export type ProjectSummary = ProjectSummaryQuery["projectJobStats"];

/** A job's materialization: in progress (done of total nodes), placed, or recorded. */
export interface Placement {
  done: number;
  total: number;
  /** The root frame's node id once the main thread placed it. */
  nodeId?: string;
  warnings: PlacementWarning[];
  /** materializeCode2Des's answer: whether this call recorded the root, and the recorded root. */
  recorded?: boolean;
  recordedNodeId?: string | null;
}

/** One keyset-paged list of the project's recent jobs, newest first. */
export interface RecentList {
  ids: string[];
  endCursor: string | null;
  hasNextPage: boolean;
  loading: boolean;
}

/** Where errors are shown: a form, a list, or one job (`import:<id>`, `job:<id>`). */
export type ErrorPlace = "signin" | "settings" | "project" | "form" | "recent" | `import:${string}` | `job:${string}`;

/** A sign-in under way: the sign-in page opened in the browser, the plugin asking for the tokens. */
export interface SignInProgress {
  /** The sign-in page's URL (shown as a link too, should the browser not have opened). */
  url: string;
  /** When the key pair expires, in milliseconds since the epoch. */
  expiresAt: number;
}

/** Everything the UI shows. */
export interface State {
  /** False until the main thread sent the stored settings. */
  loaded: boolean;
  settings: Settings;
  /** The Figma file the jobs are for (code.ts). */
  figmaFileKey: string;
  tab: Tab;
  /** The sign-in under way, or null. */
  signIn: SignInProgress | null;
  /** The settings form as typed (saved with its button). */
  draft: SettingsDraft;
  form: ImportForm;
  /** A request of this place is in flight (its button is disabled). */
  busy: Partial<Record<ErrorPlace, boolean>>;
  /** The current project's counts, once the picker read them. */
  project: ProjectSummary | null;
  /** Every Page Import and Code2Des job the UI knows, by id, as the API last sent it. */
  imports: Record<string, PageImportStateFragment>;
  jobs: Record<string, Code2DesStateFragment>;
  /** The imports shown on the import screen: the last batch created, or the one re-opened. */
  shown: string[];
  /** The Code2Des job shown with an import, by import id. */
  jobOf: Record<string, string>;
  /** Imports this UI created: converted as soon as they complete. */
  autoConvert: Record<string, boolean>;
  /** A thumbnail URL of each completed import's screenshot, by import id. */
  thumbnails: Record<string, string>;
  reviews: Record<string, Review>;
  /** The diff map of a job as a data: URL, once asked for. */
  diffMaps: Record<string, string>;
  placements: Record<string, Placement>;
  errors: Partial<Record<ErrorPlace, ApiError[]>>;
  /** Whether live status comes from subscriptions, or from polling after they failed. */
  live: "subscriptions" | "polling";
  recentImports: RecentList;
  recentJobs: RecentList;
}

const emptyList: RecentList = { ids: [], endCursor: null, hasNextPage: false, loading: false };

/** The state before the main thread answered. */
export function initialState(): State {
  return {
    loaded: false,
    settings: { ...DefaultSettings, projects: [] },
    figmaFileKey: "",
    tab: "import",
    signIn: null,
    draft: { apiUrl: DefaultSettings.apiUrl, token: "", projectId: "" },
    form: { url: "", presets: ["desktop"], custom: false, customWidth: "1280", customHeight: "800", readySelector: "" },
    busy: {},
    project: null,
    imports: {},
    jobs: {},
    shown: [],
    jobOf: {},
    autoConvert: {},
    thumbnails: {},
    reviews: {},
    diffMaps: {},
    placements: {},
    errors: {},
    live: "subscriptions",
    recentImports: emptyList,
    recentJobs: emptyList,
  };
}

/** Holds the state; update replaces it and tells every listener. */
export class Store {
  private listeners: (() => void)[] = [];
  constructor(private state: State) {}

  get(): State {
    return this.state;
  }

  update(transition: (s: State) => State): void {
    const next = transition(this.state);
    if (next === this.state) return;
    this.state = next;
    for (const l of this.listeners) l();
  }

  subscribe(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/**
 * Whether b is at least as new as a: the later attempt, then the later updatedAt. The API's values
 * never go back, but a poll and a subscription event can cross; the older one must not win.
 */
export function isNewer(a: { attempt: number; updatedAt: string } | undefined, b: { attempt: number; updatedAt: string }): boolean {
  if (!a) return true;
  if (b.attempt !== a.attempt) return b.attempt > a.attempt;
  const [as, af] = instant(a.updatedAt);
  const [bs, bf] = instant(b.updatedAt);
  return bs !== as ? bs > as : bf >= af;
}

/**
 * An RFC 3339 time as [whole seconds since the epoch, fraction as 9 digits]: the API's times have
 * microseconds, which Date.parse would round away.
 */
function instant(t: string): [number, string] {
  const fraction = /\.(\d+)/.exec(t)?.[1] ?? "";
  return [Date.parse(t.replace(/\.\d+/, "")), fraction.padEnd(9, "0").slice(0, 9)];
}

/** The state with a Page Import as the API sent it (kept only if it is not older). */
export function withImport(s: State, pi: PageImportStateFragment): State {
  if (!isNewer(s.imports[pi.id], pi)) return s;
  return { ...s, imports: { ...s.imports, [pi.id]: pi } };
}

/** The state with a Code2Des job as the API sent it (kept only if it is not older). */
export function withJob(s: State, job: Code2DesStateFragment): State {
  if (!isNewer(s.jobs[job.id], job)) return s;
  const jobOf = s.jobOf[job.pageImportId] ? s.jobOf : { ...s.jobOf, [job.pageImportId]: job.id };
  return { ...s, jobs: { ...s.jobs, [job.id]: job }, jobOf };
}

/** The state with place's errors set (an empty list clears them). */
export function withErrors(s: State, place: ErrorPlace, errors: ApiError[]): State {
  const next = { ...s.errors };
  if (errors.length === 0) delete next[place];
  else next[place] = errors;
  return { ...s, errors: next };
}

/** The state with place busy or not. */
export function withBusy(s: State, place: ErrorPlace, busy: boolean): State {
  return { ...s, busy: { ...s.busy, [place]: busy } };
}

/** The state showing imports (in order) on the import screen, each with its chosen job. */
export function showing(s: State, importIds: string[], jobOf: Record<string, string> = {}): State {
  return { ...s, tab: "import", shown: importIds, jobOf: { ...s.jobOf, ...jobOf } };
}

/** The state with a job's placement progress (done of total nodes). */
export function withProgress(s: State, jobId: string, done: number, total: number): State {
  const p = s.placements[jobId];
  return { ...s, placements: { ...s.placements, [jobId]: { warnings: [], ...p, done, total } } };
}

/** The state with a new placement of a job started (an earlier one of the same job is kept on the canvas). */
export function startPlacement(s: State, jobId: string): State {
  return { ...s, placements: { ...s.placements, [jobId]: { done: 0, total: 0, warnings: [] } } };
}

/** The state with the placement's root node id and warnings from the main thread. */
export function withPlaced(s: State, jobId: string, nodeId: string, warnings: PlacementWarning[]): State {
  const p = s.placements[jobId] ?? { done: 0, total: 0, warnings: [] };
  return { ...s, placements: { ...s.placements, [jobId]: { ...p, nodeId, warnings } } };
}

/** The state with materializeCode2Des's answer for a job. */
export function withRecorded(s: State, jobId: string, recorded: boolean, recordedNodeId: string | null): State {
  const p = s.placements[jobId] ?? { done: 0, total: 0, warnings: [] };
  return { ...s, placements: { ...s.placements, [jobId]: { ...p, recorded, recordedNodeId } } };
}

/**
 * The state with one more page of a recent list: its ids appended after the ones already listed
 * (a job created meanwhile may shift a page by one, so an id already there is not repeated).
 */
export function withRecentPage(list: RecentList, ids: string[], endCursor: string | null, hasNextPage: boolean, first: boolean): RecentList {
  const base = first ? [] : list.ids;
  const seen = new Set(base);
  return { ids: [...base, ...ids.filter((id) => !seen.has(id))], endCursor, hasNextPage, loading: false };
}
