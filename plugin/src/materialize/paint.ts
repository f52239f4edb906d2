// Paints and effects: the result's are Figma's (docs/schemas/result.schema.json describes them
// with the Plugin API's shapes), so SOLID and gradient paints and the effects are handed over as
// they are and the compiler checks they are Figma's. Two differences need a step:
// - an IMAGE paint names its image by imageRef, Figma's by imageHash (the image created from the
//   result's bytes, images.ts);
// - a paint's (or an effect style's shadow's) boundVariables name the result's variable ids (V:1),
//   Figma's its variable ids: bound with figma.variables.setBoundVariableForPaint (and
//   setBoundVariableForEffect); a gradient stop's are written as Figma's aliases of them
//   (ColorStop.boundVariables: the Plugin API has no setter for a stop);
// - a blur effect of a result may lack blurType (results predate progressive blur): NORMAL.
import type { Effect as ResultEffect, Paint as ResultPaint } from "@code2des/api/result";
import { MaterializeError } from "./errors.js";
import type { Images } from "./images.js";

/** The Figma variables of a result, by the result's variable id. */
export type VariablesById = ReadonlyMap<string, Variable>;

/** Figma paints of the result paints of node nodeId's field (fills, strokes, ...). */
export function figmaPaints(
  paints: readonly ResultPaint[],
  images: Images,
  variables: VariablesById,
  nodeId: string | null,
  field: string,
): Paint[] {
  return paints.map((p, i) => figmaPaint(p, images, variables, nodeId, `${field}[${i}]`));
}

function figmaPaint(p: ResultPaint, images: Images, variables: VariablesById, nodeId: string | null, field: string): Paint {
  switch (p.type) {
    case "SOLID": {
      const { boundVariables, ...paint } = p;
      const solid: SolidPaint = paint;
      const alias = boundVariables?.color;
      if (alias === undefined || alias === null) return solid;
      const variable = variables.get(alias.id);
      if (variable === undefined) {
        throw new MaterializeError(nodeId, `${field}.boundVariables.color`, `no variable ${JSON.stringify(alias.id)} in the result`);
      }
      return figma.variables.setBoundVariableForPaint(solid, "color", variable);
    }
    case "IMAGE": {
      const { imageRef, ...paint } = p;
      const image = images.get(imageRef);
      if (image === undefined) throw new MaterializeError(nodeId, `${field}.imageRef`, `no raster image ${JSON.stringify(imageRef)} in the result`);
      const figmaImage: ImagePaint = { ...paint, imageHash: image.hash };
      return figmaImage;
    }
    default: {
      const gradientStops = p.gradientStops.map((stop, j): ColorStop => {
        const { boundVariables, ...rest } = stop;
        const alias = boundVariables?.color;
        if (alias === undefined || alias === null) return rest;
        const variable = variables.get(alias.id);
        if (variable === undefined) {
          throw new MaterializeError(nodeId, `${field}.gradientStops[${j}].boundVariables.color`, `no variable ${JSON.stringify(alias.id)} in the result`);
        }
        return { ...rest, boundVariables: { color: figma.variables.createVariableAlias(variable) } };
      });
      const gradient: GradientPaint = { ...p, gradientStops };
      return gradient;
    }
  }
}

/**
 * Figma effects of the result's effects; a shadow's boundVariables (the converter writes them on
 * an effect style's shadows, where a dark theme changes the colour) bound with
 * figma.variables.setBoundVariableForEffect to the result's variables.
 */
export function figmaEffects(effects: readonly ResultEffect[], variables: VariablesById, field = "effects"): Effect[] {
  return effects.map((e, i): Effect => {
    switch (e.type) {
      case "DROP_SHADOW":
      case "INNER_SHADOW": {
        const { boundVariables, ...shadow } = e;
        const alias = boundVariables?.color;
        if (alias === undefined || alias === null) return shadow;
        const variable = variables.get(alias.id);
        if (variable === undefined) {
          throw new MaterializeError(null, `${field}[${i}].boundVariables.color`, `no variable ${JSON.stringify(alias.id)} in the result`);
        }
        return figma.variables.setBoundVariableForEffect(shadow, "color", variable);
      }
      default:
        return { ...e, blurType: "NORMAL" };
    }
  });
}
