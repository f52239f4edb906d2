// Pieces every view uses: errors as the API words them, a job's status, a thumbnail box of fixed
// size (so a row does not move when its picture arrives), loading and empty states.
import { errorText, type ApiError } from "../api.js";

export function Errors({ errors }: { errors: readonly ApiError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul class="errors" role="alert">
      {errors.map((e, i) => (
        <li key={i} data-code={e.code}>{errorText(e)}</li>
      ))}
    </ul>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span class={`status s-${status.toLowerCase()}`}>{status}</span>;
}

/** The width (px) of the thumbnails the lists ask for (PageImport.screenshot(width)). */
export const ThumbnailWidth = 160;

export function Thumb({ url, alt }: { url: string | null | undefined; alt: string }) {
  return <span class="thumb">{url ? <img src={url} alt={alt} width={80} height={100} loading="lazy" /> : <span class="none" aria-hidden="true" />}</span>;
}

export function Loading({ what }: { what: string }) {
  return <p class="loading" role="status">Loading {what}…</p>;
}
