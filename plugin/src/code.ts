// The plugin's main thread: shows the UI and answers its messages (messages.ts). The
// materializer (materialize.ts) does the Figma work and is usable without the UI.
import type { MainToUi, UiToMain } from "./messages.js";

figma.showUI(__html__, { width: 380, height: 600, themeColors: true });

function post(message: MainToUi): void {
  figma.ui.postMessage(message);
}

figma.ui.onmessage = (message: UiToMain) => {
  switch (message.type) {
    case "close":
      figma.closePlugin();
      return;
  }
};

post({ type: "ready" });
