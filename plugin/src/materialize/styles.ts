// Local styles and variables (result version 2): the variable collection first (its modes: the
// default one renamed to the result's first, the later ones added; without modes Figma's one
// default mode), then the paint, text and effect styles (binding paint colours to the variables), each created once per
// result id; nodes are bound to them by id afterwards (setFillStyleIdAsync, ...). Each Figma
// object carries the result id as plugin data (key PluginDataKey), so the file says where it
// came from.
import type { ParsedResult } from "@code2des/api/result";
import { applying, describe, MaterializeError, type MaterializeWarning } from "./errors.js";
import type { Images } from "./images.js";
import { figmaEffects, figmaPaints, type VariablesById } from "./paint.js";
import type { Fonts } from "./text.js";

/** The plugin data key holding a result id on created nodes, styles and variables. */
export const PluginDataKey = "code2des.id";

/** The styles and variables created for one result, by result id. */
export interface Library {
  collection: VariableCollection | null;
  variables: VariablesById;
  styles: ReadonlyMap<string, PaintStyle | TextStyle | EffectStyle>;
  /** The mode the page frame shows (the first) when the collection has more than one, else null. */
  pageMode: string | null;
}

/**
 * Creates the variable collection and variables, then the styles. Registers each with track. A
 * later mode Figma refuses to add (its Starter plan allows one mode per collection) is left out
 * with a VARIABLE_MODES_LIMITED warning: the variables keep the first mode's values, the page as
 * captured.
 */
export function createLibrary(
  result: ParsedResult,
  images: Images,
  fonts: Fonts,
  track: (o: BaseStyle | Variable | VariableCollection) => void,
  warn: (w: MaterializeWarning) => void = () => {},
): Library {
  const variables = new Map<string, Variable>();
  let collection: VariableCollection | null = null;
  let pageMode: string | null = null;
  if (result.variables !== null) {
    const v = result.variables;
    const c = applying(null, "variables.collection", () => figma.variables.createVariableCollection(v.collection));
    collection = c;
    track(c);
    const modeId = c.modes[0]?.modeId;
    if (modeId === undefined) throw new MaterializeError(null, "variables.collection", "Figma created the collection without a mode");
    // Later modes by name, each with its Figma mode id (undefined: Figma refused it).
    const later = new Map<string, string | undefined>();
    if (v.modes !== undefined) {
      const [first, ...rest] = v.modes;
      if (first !== undefined) applying(null, "variables.modes[0]", () => c.renameMode(modeId, first));
      let refused = false;
      for (const name of rest) {
        if (later.has(name) || name === first) throw new MaterializeError(null, "variables.modes", `mode ${JSON.stringify(name)} is not unique`);
        let id: string | undefined;
        if (!refused) {
          try {
            id = c.addMode(name);
          } catch (e) {
            refused = true;
            warn({ code: "VARIABLE_MODES_LIMITED", message: `Figma did not add the variable mode ${name} (${describe(e)}); the variables have their ${first ?? "first"} values only`, nodeId: null });
          }
        }
        later.set(name, id);
      }
      if (later.size > 0 && !refused) pageMode = modeId;
    }
    v.variables.forEach((d, i) => {
      const f = `variables.variables[${i}]`;
      const variable = applying(null, `${f}.name`, () => figma.variables.createVariable(d.name, c, d.resolvedType));
      track(variable);
      variable.setPluginData(PluginDataKey, d.id);
      applying(null, `${f}.value`, () => variable.setValueForMode(modeId, d.value));
      const byMode: Readonly<Record<string, VariableValue | undefined>> = d.valuesByMode ?? {};
      for (const name of Object.keys(byMode)) {
        if (!later.has(name)) throw new MaterializeError(null, `${f}.valuesByMode`, `mode ${JSON.stringify(name)} is not one of the collection's modes after the first`);
      }
      for (const [name, id] of later) {
        if (id === undefined) continue;
        const value = byMode[name] ?? d.value;
        applying(null, `${f}.valuesByMode.${name}`, () => variable.setValueForMode(id, value));
      }
      if (d.codeSyntax !== undefined) {
        const web = d.codeSyntax.WEB;
        applying(null, `${f}.codeSyntax.WEB`, () => variable.setVariableCodeSyntax("WEB", web));
      }
      variables.set(d.id, variable);
    });
  }
  const styles = new Map<string, PaintStyle | TextStyle | EffectStyle>();
  result.styles.forEach((s, i) => {
    const f = `styles[${i}]`;
    if (styles.has(s.id)) throw new MaterializeError(null, `${f}.id`, `style id ${JSON.stringify(s.id)} is not unique`);
    if (s.type === "PAINT") {
      const style = figma.createPaintStyle();
      track(style);
      style.name = s.name;
      if (s.description !== undefined) style.description = s.description;
      const paints = figmaPaints(s.paints, images, variables, null, `${f}.paints`);
      applying(null, `${f}.paints`, () => (style.paints = paints));
      style.setPluginData(PluginDataKey, s.id);
      styles.set(s.id, style);
      return;
    }
    if (s.type === "EFFECT") {
      const style = figma.createEffectStyle();
      track(style);
      style.name = s.name;
      if (s.description !== undefined) style.description = s.description;
      const effects = figmaEffects(s.effects, variables, `${f}.effects`);
      applying(null, `${f}.effects`, () => (style.effects = effects));
      style.setPluginData(PluginDataKey, s.id);
      styles.set(s.id, style);
      return;
    }
    const style = figma.createTextStyle();
    track(style);
    style.name = s.name;
    if (s.description !== undefined) style.description = s.description;
    applying(null, `${f}.fontName`, () => (style.fontName = fonts.use(s.fontName)));
    applying(null, `${f}.fontSize`, () => (style.fontSize = s.fontSize));
    if (s.lineHeight !== undefined) {
      const v = s.lineHeight;
      applying(null, `${f}.lineHeight`, () => (style.lineHeight = v));
    }
    if (s.letterSpacing !== undefined) {
      const v = s.letterSpacing;
      applying(null, `${f}.letterSpacing`, () => (style.letterSpacing = v));
    }
    if (s.textCase !== undefined) {
      const v = s.textCase;
      applying(null, `${f}.textCase`, () => (style.textCase = v));
    }
    if (s.textDecoration !== undefined) {
      const v = s.textDecoration;
      applying(null, `${f}.textDecoration`, () => (style.textDecoration = v));
    }
    if (s.textWrapStyle !== undefined) {
      const v = s.textWrapStyle;
      applying(null, `${f}.textWrapStyle`, () => (style.textWrapStyle = v));
    }
    style.setPluginData(PluginDataKey, s.id);
    styles.set(s.id, style);
  });
  return { collection, variables, styles, pageMode };
}
