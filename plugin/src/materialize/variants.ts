// States as variants (docs/results.md "Components", docs/conversion.md "States as variants"): a
// component's first use may list the component's other states (componentVariants). The main
// COMPONENT becomes the variant State=Default; each variant is a clone of it (component.clone())
// with the overrides set on the clone's layers (and rescaled by its rescale), named
// State=<value>; figma.combineAsVariants puts
// them in one COMPONENT_SET named after the component. The page's instances are made from the
// Default component, so the page shows what it showed without variants. Components of one kind
// (variantOf: a nav's current link beside its links) join the set of their Default as variants
// Variant=<value>, built from their own first uses (docs/conversion.md "Variants of one kind").
import type { ComponentVariant, Node, VariantOverride } from "@code2des/api/result";
import { MaterializeError, applying } from "./errors.js";
import type { Images } from "./images.js";
import { figmaEffects, figmaPaints, type VariablesById } from "./paint.js";
import { applySegments, type Fonts } from "./text.js";

/** The variant property the states set. */
export const VariantProperty = "State";
/** The variant property of the components of a set of variants of one kind (variantOf). */
export const KindProperty = "Variant";
/** The value of either property of the main component (the set's Default). */
export const DefaultState = "Default";
/** Space in px between two variants in their component set. */
export const VariantSpacing = 20;

/** What setting a variant's overrides needs. */
export interface VariantContext {
  images: Images;
  fonts: Fonts;
  variables: VariablesById;
  track(node: SceneNode): void;
  /** Whether a child of a result node is not created (a list marker a list draws, tree.ts). */
  skipped(child: Node, parent: Node): boolean;
}

/** A component of the set besides the main one: a variant of one kind and its Variant value. */
export interface KindVariant {
  component: ComponentNode;
  value: string;
}

/**
 * The name of a variant: Figma's "Property=Value" pairs, Variant first when the set has
 * variants of one kind, State when it has states.
 */
export function variantName(state: string, kind?: string): string {
  return kind === undefined ? `${VariantProperty}=${state}` : `${KindProperty}=${kind}, ${VariantProperty}=${state}`;
}

/**
 * Makes the component set of main (the component built from the result tree tree) with its
 * states and its variants of one kind (each already built, from its own first use), in parent,
 * named name; main becomes the Default of each property the set has (State=Default,
 * Variant=Default). The states are clones of main with their overrides; the variants of one
 * kind are in the State Default. They stand in a row to main's right. Returns the set.
 */
export function combineStates(main: ComponentNode, tree: Node, variants: readonly ComponentVariant[], parent: BaseNode & ChildrenMixin, name: string, ctx: VariantContext, kinds: readonly KindVariant[] = []): ComponentSetNode {
  const states = variants.length > 0;
  const nameOf = (state: string, kind: string): string => {
    if (kinds.length === 0) return variantName(state);
    return states ? variantName(state, kind) : `${KindProperty}=${kind}`;
  };
  applying(tree.id, kinds.length > 0 ? "variantOf" : "componentVariants", () => (main.name = nameOf(DefaultState, DefaultState)));
  const all: ComponentNode[] = [main];
  let right = main.x + main.width;
  variants.forEach((v, i) => {
    const state = v.variantProperties.State;
    const copy = applying(tree.id, `componentVariants[${i}]`, () => main.clone());
    ctx.track(copy);
    copy.name = nameOf(state, DefaultState);
    const layers = layersById(copy, tree, ctx);
    for (const o of v.overrides) {
      const layer = layers.get(o.id);
      if (layer === undefined) throw new MaterializeError(tree.id, `componentVariants[${i}].overrides`, `no layer ${JSON.stringify(o.id)} in the component`);
      applyOverride(layer, o, ctx);
    }
    // A state's CSS scale: the variant scaled with its layers, text, strokes and effects.
    if (v.rescale !== undefined) {
      const scale = v.rescale;
      applying(tree.id, `componentVariants[${i}].rescale`, () => copy.rescale(scale));
    }
    copy.x = right + VariantSpacing;
    copy.y = main.y;
    right = copy.x + copy.width;
    all.push(copy);
  });
  for (const k of kinds) {
    k.component.name = nameOf(DefaultState, k.value);
    k.component.x = right + VariantSpacing;
    k.component.y = main.y;
    right = k.component.x + k.component.width;
    all.push(k.component);
  }
  const set = applying(tree.id, kinds.length > 0 ? "variantOf" : "componentVariants", () => figma.combineAsVariants(all, parent));
  ctx.track(set);
  set.name = name;
  return set;
}

/** The layers of a component built from tree, by the result id of the node each was built from. */
function layersById(component: ComponentNode, tree: Node, ctx: VariantContext): Map<string, SceneNode> {
  const out = new Map<string, SceneNode>();
  const walk = (layer: SceneNode, n: Node): void => {
    out.set(n.id, layer);
    const kids = (n.children ?? []).filter((c) => !ctx.skipped(c, n));
    const layers = "children" in layer && n.type !== "SVG" ? layer.children : [];
    kids.forEach((c, i) => {
      const l = layers[i];
      if (l !== undefined) walk(l, c);
    });
  };
  walk(component, tree);
  return out;
}

/** Sets an override's members on layer (setting a paint detaches the layer from its style). */
function applyOverride(layer: SceneNode, o: VariantOverride, ctx: VariantContext): void {
  const id = o.id;
  if (o.visible !== undefined) {
    const v = o.visible;
    applying(id, "visible", () => (layer.visible = v));
  }
  if (o.opacity !== undefined && "opacity" in layer) {
    const v = o.opacity;
    applying(id, "opacity", () => (layer.opacity = v));
  }
  if (o.fills !== undefined && "fills" in layer) {
    const v = figmaPaints(o.fills, ctx.images, ctx.variables, id, "fills");
    applying(id, "fills", () => (layer.fills = v));
  }
  if (o.strokes !== undefined && "strokes" in layer) {
    const v = figmaPaints(o.strokes, ctx.images, ctx.variables, id, "strokes");
    applying(id, "strokes", () => (layer.strokes = v));
  }
  if (o.strokeWeight !== undefined && "strokeWeight" in layer) {
    const v = o.strokeWeight;
    applying(id, "strokeWeight", () => (layer.strokeWeight = v));
  }
  if ("strokeTopWeight" in layer) {
    for (const k of ["strokeTopWeight", "strokeRightWeight", "strokeBottomWeight", "strokeLeftWeight"] as const) {
      const v = o[k];
      if (v !== undefined) applying(id, k, () => (layer[k] = v));
    }
  }
  if (o.effects !== undefined && "effects" in layer) {
    const v = figmaEffects(o.effects, ctx.variables);
    applying(id, "effects", () => (layer.effects = v));
  }
  if (layer.type === "TEXT") {
    if (o.textDecoration !== undefined) {
      const v = o.textDecoration;
      applying(id, "textDecoration", () => (layer.textDecoration = v));
    }
    if (o.styledTextSegments !== undefined) {
      applySegments(layer, { type: "TEXT", id, name: layer.name, styledTextSegments: o.styledTextSegments }, ctx);
    }
  }
}
