// The browser page of the UI test: Figma's part, played by the recording stand-in of `figma`
// (test/figma-stub.ts) plus what a plugin with a UI needs of it: figma.showUI puts the built
// ui.html into an iframe sandboxed as Figma's is (scripts only, so its Origin is `null`), and
// messages cross the way Figma carries them: figma.ui.postMessage(m) arrives in the iframe as a
// window message {pluginMessage: m}; the iframe's parent.postMessage({pluginMessage: m}, "*")
// calls figma.ui.onmessage(m) (test/plugin-host.ts; figma.clientStorage is read back by the
// test). Then the built main thread, dist/code.js, runs with __html__ set, as Figma runs it.
import { install } from "../test/figma-stub.js";
import { addPluginHost } from "../test/plugin-host.js";

/** The id of the UI iframe (the test finds it by it). */
export const UiFrameId = "plugin-ui";

const stub = install();
let frame: HTMLIFrameElement | null = null;
const host = addPluginHost(stub, {
  show(html, options) {
    frame = document.createElement("iframe");
    frame.id = UiFrameId;
    frame.setAttribute("sandbox", "allow-scripts");
    frame.width = String(options?.width ?? 300);
    frame.height = String(options?.height ?? 200);
    frame.srcdoc = html;
    document.body.appendChild(frame);
  },
  deliver(message) {
    frame?.contentWindow?.postMessage({ pluginMessage: message }, "*");
  },
  close() {
    frame?.remove();
  },
});
// The browser has no Buffer, which the stand-in's base64Decode uses; Figma's is standard base64.
Object.assign(stub, {
  base64Decode: (s: string): Uint8Array => Uint8Array.from(atob(s), (c) => c.charCodeAt(0)),
});

window.addEventListener("message", (event: MessageEvent<unknown>) => {
  if (!frame || event.source !== frame.contentWindow) return;
  const data = event.data;
  if (typeof data === "object" && data !== null && "pluginMessage" in data) host.fromUi(data.pluginMessage);
});

/** What the test reads of this page. */
const harness = {
  /** The ids and names of the current page's top-level nodes, in order. */
  topLevel: () => stub.currentPage.children.map((n) => ({ id: n.id, name: n.name })),
  /** What the plugin stored with figma.clientStorage. */
  storage: () => Object.fromEntries(host.storage),
  /** The URLs the plugin opened in the browser (figma.openExternal). */
  opened: () => [...host.opened],
  /** The ids of the nodes selected and zoomed to. */
  selected: () => stub.currentPage.selection.map((n) => n.id),
};
Object.assign(window, { harness });

// Figma gives the main thread the UI's HTML as __html__, then runs it.
const html = await (await fetch("ui.html")).text();
Object.assign(globalThis, { __html__: html });
const script = document.createElement("script");
script.src = "code.js";
document.body.appendChild(script);
