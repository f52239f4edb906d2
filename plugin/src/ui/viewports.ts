// The capture viewports the designer picks: presets and a custom size, within the API's limits
// (docs/api.md "Several viewports": createPageImports, models/limits.go).
import type { PageImportViewportInput } from "@code2des/api";

/** A preset's name. */
export type PresetName = "desktop" | "tablet" | "mobile";

/** A viewport preset: the common widths of each device class, with a first-screen height. */
export interface Preset {
  name: PresetName;
  label: string;
  width: number;
  height: number;
}

/** Desktop 1440, tablet 768, mobile 390 CSS px wide. */
export const Presets: readonly Preset[] = [
  { name: "desktop", label: "Desktop", width: 1440, height: 900 },
  { name: "tablet", label: "Tablet", width: 768, height: 1024 },
  { name: "mobile", label: "Mobile", width: 390, height: 844 },
];

/** The API's bounds of a viewport, in CSS px (models/limits.go). */
export const MinViewportWidth = 320;
export const MaxViewportWidth = 3840;
export const MinViewportHeight = 240;
export const MaxViewportHeight = 4320;
/** At most this many viewports per createPageImports call (models.MaxViewportsPerRequest). */
export const MaxViewportsPerRequest = 5;

/** The viewport choice of the import form. */
export interface ViewportChoice {
  presets: PresetName[];
  /** Whether the custom size is picked, and its width and height as typed. */
  custom: boolean;
  customWidth: string;
  customHeight: string;
}

/**
 * The viewports of a choice, presets first in the order of Presets, then the custom size; or the
 * problem with the choice. The API checks the same rules (and names the entry); checking here
 * first keeps a typo from costing a round trip.
 */
export function viewportsOf(c: ViewportChoice): { viewports: PageImportViewportInput[] } | { problem: string } {
  const viewports: PageImportViewportInput[] = Presets.filter((p) => c.presets.includes(p.name)).map((p) => ({
    width: p.width,
    height: p.height,
  }));
  if (c.custom) {
    const width = wholeNumber(c.customWidth);
    const height = wholeNumber(c.customHeight);
    if (width === null || width < MinViewportWidth || width > MaxViewportWidth) {
      return { problem: `the custom width must be a whole number from ${MinViewportWidth} to ${MaxViewportWidth}` };
    }
    if (height === null || height < MinViewportHeight || height > MaxViewportHeight) {
      return { problem: `the custom height must be a whole number from ${MinViewportHeight} to ${MaxViewportHeight}` };
    }
    viewports.push({ width, height });
  }
  if (viewports.length === 0) return { problem: "pick at least one viewport" };
  if (viewports.length > MaxViewportsPerRequest) return { problem: `pick at most ${MaxViewportsPerRequest} viewports` };
  return { viewports };
}

function wholeNumber(s: string): number | null {
  return /^\s*\d+\s*$/.test(s) ? Number(s) : null;
}
