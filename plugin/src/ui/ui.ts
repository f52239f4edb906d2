// The plugin's UI (an iframe): talks to the API and to the main thread (../messages.ts).
import type { MainToUi } from "../messages.js";

window.onmessage = (event: MessageEvent<{ pluginMessage?: MainToUi }>) => {
  const message = event.data.pluginMessage;
  if (message?.type === "ready") {
    const app = document.getElementById("app");
    if (app) app.textContent = "Code2Des";
  }
};
