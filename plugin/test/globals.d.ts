// The tests run under Node.js, whose globals (console, fetch, timers) clash with the ones
// @figma/plugin-typings' index.d.ts declares; they take the official API types from
// plugin-api.d.ts and declare only the global the stand-in installs (test/figma-stub.ts).
declare global {
  // eslint-disable-next-line no-var
  var figma: PluginAPI;
}
export {};
