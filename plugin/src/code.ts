// The plugin's main thread: shows the UI and answers its messages (messages.ts). The Figma work
// is materialize() (materialize.ts), usable without the UI; this file only keeps the settings and
// passes the UI's requests to it, reporting progress back.
import { materialize } from "./materialize.js";
import type { MainToUi, PlacementWarning, UiToMain } from "./messages.js";
import { parseSettings, SettingsStorageKey } from "./settings.js";

/** The pluginData key (on the document root) of this file's key when figma.fileKey is not given. */
export const FileKeyPluginData = "code2des.fileKey";

/** Length of a generated file key (base62 characters). */
const GeneratedFileKeyLength = 22;

figma.showUI(__html__, { width: 420, height: 680, themeColors: true });

function post(message: MainToUi): void {
  figma.ui.postMessage(message);
}

/**
 * The key of this Figma file for triggerCode2Des: figma.fileKey where the plugin gets it (private
 * plugins); otherwise a random base62 key kept in the document's plugin data, so a file's jobs
 * keep one key across sessions and the dashboard can group them.
 */
function figmaFileKey(): string {
  if (figma.fileKey) return figma.fileKey;
  const kept = figma.root.getPluginData(FileKeyPluginData);
  if (kept !== "") return kept;
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let key = "";
  for (let i = 0; i < GeneratedFileKeyLength; i++) key += alphabet[Math.floor(Math.random() * alphabet.length)];
  figma.root.setPluginData(FileKeyPluginData, key);
  return key;
}

async function handle(message: UiToMain): Promise<void> {
  switch (message.type) {
    case "ui-ready": {
      const settings = parseSettings(await figma.clientStorage.getAsync(SettingsStorageKey));
      post({ type: "init", settings, figmaFileKey: figmaFileKey() });
      return;
    }
    case "save-settings": {
      const settings = parseSettings(message.settings);
      await figma.clientStorage.setAsync(SettingsStorageKey, settings);
      post({ type: "settings-saved", settings });
      return;
    }
    case "materialize": {
      const { code2desId } = message;
      const warnings: PlacementWarning[] = [];
      try {
        const root = await materialize(message.result, {
          placementTarget: message.placementTarget,
          onProgress: (done, total) => post({ type: "materialize-progress", code2desId, done, total }),
          onWarning: (w) => warnings.push({ code: w.code, message: w.message, nodeId: w.nodeId }),
        });
        post({ type: "materialized", code2desId, nodeId: root.id, warnings });
      } catch (e) {
        post({ type: "materialize-failed", code2desId, message: e instanceof Error ? e.message : String(e) });
      }
      return;
    }
    case "open-external": {
      // Only web pages: the UI is ours, but a URL from a message is still checked (the main
      // thread's sandbox has no URL class).
      if (/^https?:\/\/[^/\s]+/i.test(message.url)) figma.openExternal(message.url);
      return;
    }
    case "close":
      figma.closePlugin();
      return;
  }
}

figma.ui.onmessage = (message: UiToMain) => {
  void handle(message);
};
