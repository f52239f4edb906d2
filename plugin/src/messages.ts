// The one typed message union between the main thread (code.ts) and the UI iframe (ui/ui.ts).
// figma.ui.postMessage / parent.postMessage({ pluginMessage }) carry exactly these.

/** UI -> main thread. */
export type UiToMain = { type: "close" };

/** Main thread -> UI. */
export type MainToUi = { type: "ready" };
