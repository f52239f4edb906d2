// What a plugin with a UI needs of Figma beyond the materializer's calls, added to the figma
// stand-in (figma-stub.ts): figma.showUI and figma.ui (messages to and from the UI, carried by the
// caller's UiEnd), figma.clientStorage (a Map the test reads back), the document root's plugin data,
// no figma.fileKey (a development plugin without the private API has none), notify, closePlugin,
// and figma.openExternal (the URLs are recorded).
// The main-thread test (code.test.ts) and the browser UI test (e2e/harness.ts) share it.
import type { StubFigma } from "./figma-stub.js";

/** The UI's side as the test provides it. */
export interface UiEnd {
  /** figma.showUI was called with the UI's HTML. */
  show(html: string, options: ShowUIOptions | undefined): void;
  /** figma.ui.postMessage(message) was called: deliver it to the UI. */
  deliver(message: unknown): void;
  /** figma.closePlugin was called. */
  close(): void;
}

/** The host's side the test drives and reads. */
export interface PluginHost {
  /** What the plugin stored with figma.clientStorage, by key (copies, as Figma keeps them). */
  storage: Map<string, unknown>;
  /** The document root's plugin data. */
  rootData: Map<string, string>;
  /** The URLs the plugin opened with figma.openExternal, in order. */
  opened: string[];
  /** A message from the UI: calls figma.ui.onmessage as Figma does. */
  fromUi(message: unknown): void;
}

/** Adds the plugin host members to stub and returns the host's side. */
export function addPluginHost(stub: StubFigma, ui: UiEnd): PluginHost {
  const storage = new Map<string, unknown>();
  const rootData = new Map<string, string>();
  const opened: string[] = [];
  let onmessage: ((message: unknown) => void) | undefined;
  Object.assign(stub, {
    fileKey: undefined,
    root: {
      getPluginData: (key: string): string => rootData.get(key) ?? "",
      setPluginData: (key: string, value: string): void => void rootData.set(key, value),
    },
    clientStorage: {
      async getAsync(key: string): Promise<unknown> {
        return structuredClone(storage.get(key));
      },
      async setAsync(key: string, value: unknown): Promise<void> {
        storage.set(key, structuredClone(value));
      },
    },
    showUI: (html: string, options?: ShowUIOptions): void => ui.show(html, options),
    ui: {
      postMessage: (message: unknown): void => ui.deliver(structuredClone(message)),
      set onmessage(handler: ((message: unknown) => void) | undefined) {
        onmessage = handler;
      },
      get onmessage() {
        return onmessage;
      },
    },
    notify(): void {},
    openExternal: (url: string): void => void opened.push(url),
    closePlugin: (): void => ui.close(),
  });
  return { storage, rootData, opened, fromUi: (message) => onmessage?.(structuredClone(message)) };
}
