// The one typed message union between the main thread (code.ts) and the UI iframe (ui/). The UI
// sends with parent.postMessage({ pluginMessage }, "*"), the main thread with figma.ui.postMessage;
// exactly these shapes travel (structured clone: plain data only).
import type { ApiResult } from "@code2des/api/result";
import type { Settings } from "./settings.js";

/** Something materialized differently from the result (a font fallback, ...), for the designer. */
export interface PlacementWarning {
  code: string;
  message: string;
  nodeId: string | null;
}

/** UI -> main thread. */
export type UiToMain =
  /** The UI has loaded and listens: the main thread answers with `init`. */
  | { type: "ui-ready" }
  /** Store the settings in figma.clientStorage; answered with `settings-saved`. */
  | { type: "save-settings"; settings: Settings }
  /**
   * Materialize a job's result (code2desResult as the API returned it) with materialize();
   * answered with `materialize-progress` messages, then `materialized` or `materialize-failed`.
   */
  | { type: "materialize"; code2desId: string; result: ApiResult; placementTarget: string | null }
  /**
   * Open an http(s) URL in the user's browser (figma.openExternal): the sign-in page of the
   * handoff. Not answered.
   */
  | { type: "open-external"; url: string }
  | { type: "close" };

/** Main thread -> UI. */
export type MainToUi =
  /** The stored settings and the Figma file the jobs are for. */
  | { type: "init"; settings: Settings; figmaFileKey: string }
  | { type: "settings-saved"; settings: Settings }
  /** Nodes created so far of the result's total. */
  | { type: "materialize-progress"; code2desId: string; done: number; total: number }
  /** The root frame's node id, and what was materialized differently from the result. */
  | { type: "materialized"; code2desId: string; nodeId: string; warnings: PlacementWarning[] }
  /** Nothing was left on the canvas; message names the result node and member. */
  | { type: "materialize-failed"; code2desId: string; message: string };
