"use strict";
(() => {
  // src/code.ts
  figma.showUI(__html__, { width: 380, height: 600, themeColors: true });
  function post(message) {
    figma.ui.postMessage(message);
  }
  figma.ui.onmessage = (message) => {
    switch (message.type) {
      case "close":
        figma.closePlugin();
        return;
    }
  };
  post({ type: "ready" });
})();
