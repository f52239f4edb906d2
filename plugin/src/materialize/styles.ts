// Local styles and variables (result version 2): the variable collection first (one mode), then
// the paint, text and effect styles (binding paint colours to the variables), each created once per
// result id; nodes are bound to them by id afterwards (setFillStyleIdAsync, ...). Each Figma
// object carries the result id as plugin data (key PluginDataKey), so the file says where it
// came from.
import type { ParsedResult } from "@code2des/api/result";
import { applying, MaterializeError } from "./errors.js";
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
}

/** Creates the variable collection and variables, then the styles. Registers each with track. */
export function createLibrary(result: ParsedResult, images: Images, fonts: Fonts, track: (o: BaseStyle | Variable | VariableCollection) => void): Library {
  const variables = new Map<string, Variable>();
  let collection: VariableCollection | null = null;
  if (result.variables !== null) {
    const v = result.variables;
    const c = applying(null, "variables.collection", () => figma.variables.createVariableCollection(v.collection));
    collection = c;
    track(c);
    const modeId = c.modes[0]?.modeId;
    if (modeId === undefined) throw new MaterializeError(null, "variables.collection", "Figma created the collection without a mode");
    v.variables.forEach((d, i) => {
      const f = `variables.variables[${i}]`;
      const variable = applying(null, `${f}.name`, () => figma.variables.createVariable(d.name, c, d.resolvedType));
      track(variable);
      variable.setPluginData(PluginDataKey, d.id);
      applying(null, `${f}.value`, () => variable.setValueForMode(modeId, d.value));
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
      const effects = figmaEffects(s.effects);
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
    style.setPluginData(PluginDataKey, s.id);
    styles.set(s.id, style);
  });
  return { collection, variables, styles };
}
