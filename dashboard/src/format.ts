// How values read on the page.

/** A timestamp as `YYYY-MM-DD HH:MM` in the browser's time zone (the full RFC 3339 value is the element's title). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A 0-1 share as a percentage with one decimal; "—" for null. */
export function formatShare(v: number | null | undefined): string {
  return v === null || v === undefined ? "—" : `${(v * 100).toFixed(1)} %`;
}

/** A fidelity score (SSIM) with three decimals; "—" for null. */
export function formatScore(v: number | null | undefined): string {
  return v === null || v === undefined ? "—" : v.toFixed(3);
}

export function formatViewport(v: { width: number; height: number } | null | undefined): string {
  return v ? `${v.width}×${v.height}` : "—";
}
