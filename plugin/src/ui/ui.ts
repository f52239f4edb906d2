// The plugin's UI (an iframe): one store, one flow, one render per change. Messages from the main
// thread arrive as window messages carrying { pluginMessage } (messages.ts).
import { h, render } from "preact";
import type { MainToUi, UiToMain } from "../messages.js";
import { Flow } from "./flow.js";
import { initialState, Store } from "./state.js";
import { App } from "./views.js";

const store = new Store(initialState());
const post = (message: UiToMain): void => parent.postMessage({ pluginMessage: message }, "*");
const flow = new Flow(store, post);
const root = document.getElementById("app");
if (!root) throw new Error("ui.html has no #app");

const draw = (): void => render(h(App, { state: store.get(), store, flow }), root);
store.subscribe(draw);
draw();

window.onmessage = (event: MessageEvent<{ pluginMessage?: MainToUi }>) => {
  const message = event.data?.pluginMessage;
  if (message) flow.receive(message);
};
post({ type: "ui-ready" });
