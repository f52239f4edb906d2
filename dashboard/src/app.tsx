// The dashboard's frame: the header and the project's navigation, the "API down" banner, and the
// view of the current route. Every string from the API is rendered as text (Preact escapes it);
// nothing is ever set as HTML.
import { useEffect, useState } from "preact/hooks";
import { DashboardProjectStatsDocument } from "@code2des/api";
import { type Api, errorText, type ApiError } from "./api.js";
import { Link, location$, navigate } from "./nav.js";
import { Base, href, type Route } from "./route.js";
import { useStore } from "./store.js";
import { ListView } from "./views/list.js";
import { JobView } from "./views/job.js";
import { SummaryView } from "./views/summary.js";
import { Errors } from "./views/common.js";
import type { SignInAuth } from "./signin/auth.js";
import { SignInCallback, SignInPage } from "./signin/page.js";

/** The localStorage key of the recently opened project ids (ids only: nothing secret). */
export const RecentProjectsKey = "code2des.dashboard.projects";
/** How many recently opened project ids the picker remembers. */
export const MaxRecentProjects = 10;

export function App({ api, signIn, handoff, go }: { api: Api; signIn: SignInAuth; handoff: string | null; go: (href: string) => void }) {
  const { route, href: here } = useStore(location$);
  const conn = useStore(api.connection);
  const signedIn = api.auth.token() !== null;

  const signingIn = route.view === "signin" || route.view === "signin-callback";
  useEffect(() => {
    if (!signedIn && !signingIn) api.auth.signIn(here);
  }, [signedIn, signingIn, here]);

  const project = route.view === "list" || route.view === "summary" ? route.projectId : null;
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <Link href={Base} class="brand">Code2Des</Link>
        {project !== null && <ProjectNav route={route} projectId={project} />}
        {signedIn && !signingIn && (
          <button type="button" class="link" onClick={() => api.auth.signOut()}>
            Sign out
          </button>
        )}
      </header>
      {conn.down && (
        <div class="banner" role="alert">
          The API is not answering. The dashboard keeps trying and reloads when it is back.
        </div>
      )}
      <main id="main" tabIndex={-1}>
        {route.view === "signin" ? (
          <SignInPage auth={signIn} returnTo={route.returnTo} handoff={handoff} go={go} />
        ) : route.view === "signin-callback" ? (
          <SignInCallback auth={signIn} go={go} />
        ) : !signedIn ? null : route.view === "projects" ? (
          <Projects api={api} />
        ) : route.view === "list" ? (
          <ListView key={`${route.projectId}/${route.kind}`} api={api} route={route} epoch={conn.epoch} />
        ) : route.view === "summary" ? (
          <SummaryView key={route.projectId} api={api} route={route} epoch={conn.epoch} />
        ) : route.view === "job" ? (
          <JobView key={`${route.kind}/${route.id}`} api={api} kind={route.kind} id={route.id} epoch={conn.epoch} />
        ) : (
          <section><h1>Not found</h1><p>There is no such page. <Link href={Base}>Pick a project</Link>.</p></section>
        )}
      </main>
    </>
  );
}

function ProjectNav({ route, projectId }: { route: Route; projectId: string }) {
  const tabs: { label: string; r: Route; on: boolean }[] = [
    { label: "Page Imports", r: { view: "list", projectId, kind: "imports", params: blank() }, on: route.view === "list" && route.kind === "imports" },
    { label: "Code2Des jobs", r: { view: "list", projectId, kind: "code2des", params: blank() }, on: route.view === "list" && route.kind === "code2des" },
    { label: "Summary", r: { view: "summary", projectId, days: 7 }, on: route.view === "summary" },
  ];
  return (
    <nav aria-label={`Project ${projectId}`} class="tabs">
      <span class="project">Project {projectId}</span>
      {tabs.map((t) => (
        <Link key={t.label} href={href(t.r)} class={t.on ? "tab on" : "tab"} aria-current={t.on ? "page" : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

function blank() {
  return { status: null, file: "", url: "", first: 25, after: "", back: [] };
}

function readRecent(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(RecentProjectsKey) ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && /^[0-9]{1,19}$/.test(x)).slice(0, MaxRecentProjects) : [];
  } catch {
    return [];
  }
}

/** The project picker: the API has no list of projects, so a project id is typed (the stack prints it) and checked with projectJobStats. */
function Projects({ api }: { api: Api }) {
  const [id, setId] = useState("");
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const recent = readRecent();
  const open = async (e: Event) => {
    e.preventDefault();
    const v = id.trim();
    if (!/^[0-9]{1,19}$/.test(v)) {
      setErrors([{ code: "BAD_USER_INPUT", field: "projectId", message: "a project id is a number" }]);
      return;
    }
    setBusy(true);
    const r = await api.urql.client.query(DashboardProjectStatsDocument, { projectId: v }).toPromise();
    setBusy(false);
    const errs = api.check(r);
    setErrors(errs);
    if (errs.length > 0 || !r.data) return;
    localStorage.setItem(RecentProjectsKey, JSON.stringify([v, ...recent.filter((x) => x !== v)].slice(0, MaxRecentProjects)));
    navigate(href({ view: "list", projectId: v, kind: "imports", params: blank() }));
  };
  return (
    <section>
      <h1>Projects</h1>
      <form onSubmit={open} class="row">
        <label for="project-id">Project id</label>
        <input id="project-id" inputMode="numeric" autoComplete="off" value={id} onInput={(e) => setId(e.currentTarget.value)} />
        <button type="submit" disabled={busy}>Open project</button>
      </form>
      <Errors errors={errors} />
      {recent.length > 0 && (
        <>
          <h2>Recently opened</h2>
          <ul class="plain">
            {recent.map((p) => (
              <li key={p}><Link href={href({ view: "list", projectId: p, kind: "imports", params: blank() })}>Project {p}</Link></li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export { errorText };
