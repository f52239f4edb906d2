// A project's summary over a window: projectJobStats as counts by status with a bar chart in plain
// SVG, and the failure reasons of the window's failed jobs (the newest MaxFailures of each kind,
// grouped by message).
import { useEffect, useState } from "preact/hooks";
import { DashboardFailedJobsDocument, DashboardProjectStatsDocument, type DashboardProjectStatsQuery } from "@code2des/api";
import type { Api, ApiError } from "../api.js";
import { navigate } from "../nav.js";
import { href, SummaryWindows, type Route } from "../route.js";
import { Errors, Loading } from "./common.js";

/** How many failed jobs of each kind the summary reads for their reasons. */
export const MaxFailures = 50;

type Stats = DashboardProjectStatsQuery["projectJobStats"];
type Counts = Stats["pageImports"];

export function SummaryView({ api, route, epoch }: { api: Api; route: Extract<Route, { view: "summary" }>; epoch: number }) {
  const [stats, setStats] = useState<Stats | null>(null);
  const [reasons, setReasons] = useState<{ kind: string; message: string; count: number }[]>([]);
  const [errors, setErrors] = useState<ApiError[]>([]);
  useEffect(() => {
    let gone = false;
    const until = new Date();
    const since = new Date(until.getTime() - route.days * 86_400_000);
    (async () => {
      const [s, f] = await Promise.all([
        api.urql.client.query(DashboardProjectStatsDocument, { projectId: route.projectId, since: since.toISOString(), until: until.toISOString() }).toPromise(),
        api.urql.client.query(DashboardFailedJobsDocument, { projectId: route.projectId, first: MaxFailures }).toPromise(),
      ]);
      if (gone) return;
      setErrors([...api.check(s), ...api.check(f)]);
      setStats(s.data?.projectJobStats ?? null);
      const count = new Map<string, { kind: string; message: string; count: number }>();
      const add = (kind: string, created: string, message: string | null | undefined) => {
        if (new Date(created) < since) return;
        const m = message || "(no message)";
        const k = `${kind}\u0000${m}`;
        const c = count.get(k) ?? { kind, message: m, count: 0 };
        c.count++;
        count.set(k, c);
      };
      for (const e of f.data?.pageImports.edges ?? []) add("Page Import", e.node.createdAt, e.node.errorMessage);
      for (const e of f.data?.code2desJobs.edges ?? []) add("Code2Des", e.node.createdAt, e.node.errorMessage);
      setReasons([...count.values()].sort((a, b) => b.count - a.count));
    })();
    return () => { gone = true; };
  }, [route.projectId, route.days, epoch]);

  return (
    <section aria-labelledby="summary-title">
      <h1 id="summary-title">Summary</h1>
      <form class="row" aria-label="Window">
        <label for="window">Window</label>
        <select id="window" value={String(route.days)} onChange={(e) => navigate(href({ ...route, days: Number(e.currentTarget.value) }))}>
          {SummaryWindows.map((d) => <option key={d} value={String(d)}>last {d === 1 ? "day" : `${d} days`}</option>)}
        </select>
      </form>
      <Errors errors={errors} />
      {!stats ? errors.length === 0 && <Loading what="the summary" /> : (
        <>
          <div class="charts">
            <Chart title="Page Imports" counts={stats.pageImports} />
            <Chart title="Code2Des jobs" counts={stats.code2desJobs} />
          </div>
          <h2>Failure reasons</h2>
          {reasons.length === 0 ? <p class="empty">No failed jobs in this window.</p> : (
            <table class="reasons">
              <thead><tr><th scope="col">Kind</th><th scope="col">Reason</th><th scope="col">Jobs</th></tr></thead>
              <tbody>{reasons.map((r) => <tr key={`${r.kind}/${r.message}`}><td>{r.kind}</td><td class="wrap">{r.message}</td><td>{r.count}</td></tr>)}</tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

const bars: { key: keyof Omit<Counts, "total">; label: string; color: string }[] = [
  { key: "processing", label: "Processing", color: "#1a73e8" },
  { key: "completed", label: "Completed", color: "#188038" },
  { key: "failed", label: "Failed", color: "#c5221f" },
];

/** Counts by status as horizontal bars (plain SVG, scaled to the largest count). */
function Chart({ title, counts }: { title: string; counts: Counts }) {
  const max = Math.max(1, ...bars.map((b) => counts[b.key]));
  const row = 28;
  return (
    <figure class="chart">
      <figcaption>{title}: {counts.total}</figcaption>
      <svg viewBox={`0 0 300 ${row * bars.length}`} role="img" aria-label={`${title}: ${bars.map((b) => `${counts[b.key]} ${b.label.toLowerCase()}`).join(", ")}`}>
        {bars.map((b, i) => (
          <g key={b.key} transform={`translate(0 ${i * row})`}>
            <text x={0} y={18} font-size={13} fill="#202124">{b.label}</text>
            <rect x={90} y={5} height={16} width={Math.max(counts[b.key] > 0 ? 2 : 0, (170 * counts[b.key]) / max)} fill={b.color} />
            <text x={95 + (170 * counts[b.key]) / max} y={18} font-size={13} fill="#202124">{counts[b.key]}</text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
