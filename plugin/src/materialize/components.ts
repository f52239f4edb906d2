// Components (docs/results.md "Components", docs/plugin.md): a result node with componentId is
// one use of a repeated subtree. The first use of each component (the one with componentName)
// is built once more, without its placement, as the main COMPONENT on a "Components" frame that
// goes beside the page frame; every use, the first included, becomes an INSTANCE of it
// (createInstance) with the use's overrides applied layer by layer (tree.ts), placed where the
// use's frame would have been, in auto layout too. A component with states (componentVariants)
// stands on the frame as a component set of its variants (variants.ts); the instances are of its
// Default variant. Every SVG among a main component's layers is an instance of an icon
// component (one per SVG image and size, on the Components frame too), so an instance whose
// use draws another icon swaps it: Figma's instance swap. A TEXT layer whose characters differ
// between the uses is bound to a TEXT component property (Label, Label 2, ...) and an icon that
// differs to an INSTANCE_SWAP property (Icon, Icon 2, ...), which each instance sets
// (setProperties); a component with variants has them on its component set. The components of
// a set of variants of one kind (variantOf) are built together when the first of their uses is
// met, each from its own first use, and share the set's properties. A use may hold uses of other
// components: the main component holds instances of theirs (nested instances), built first, and
// an instance's nested instances take the use's overrides like any layer.
import type { Node } from "@code2des/api/result";
import { PlacementGap } from "./placement.js";

/** The name of the frame that holds the main components. */
export const ComponentsFrameName = "Components";
/** Space in px between two main components on the Components frame. */
export const ComponentSpacing = 40;
/** Plugin data key of a main component: the result's component id (C:1). */
export const ComponentDataKey = "code2des.componentId";
/** Plugin data key of an icon component: the result's imageRef of the SVG it holds. */
export const IconDataKey = "code2des.icon";

/**
 * The members of a use's root that say where it sits in its parent: the instance's, not the main
 * component's (the result's componentPlacement, server/artifacts/components.go), with the
 * component members themselves.
 */
const placement = ["x", "y", "constraints", "layoutPositioning", "gridRowAnchorIndex", "gridColumnAnchorIndex", "gridRowSpan", "gridColumnSpan",
  "gridChildHorizontalAlign", "gridChildVerticalAlign", "scrollBehavior", "componentId", "componentName", "componentVariants", "variantOf",
  "variantProperties"] as const;

/**
 * The tree the main component is built from: the first use without its placement. A FILL
 * sizing (which needs an auto-layout parent; the Components frame has none) and size limits of
 * a main without auto layout of its own are left to the instances.
 */
export function mainTree(n: Node): Node {
  const m: Node = { ...n };
  for (const k of placement) delete m[k];
  if (m.layoutSizingHorizontal === "FILL") delete m.layoutSizingHorizontal;
  if (m.layoutSizingVertical === "FILL") delete m.layoutSizingVertical;
  if (m.layoutMode === undefined || m.layoutMode === "NONE") {
    delete m.minWidth;
    delete m.maxWidth;
    delete m.minHeight;
    delete m.maxHeight;
  }
  return m;
}

/**
 * A main component (the Default variant when it has variants), the result tree it was made from
 * (the first use's) and what stands on the Components frame for it: itself or its component set.
 */
export interface MadeComponent {
  component: ComponentNode;
  main: Node;
  placed: ComponentNode | ComponentSetNode;
  /**
   * The component's TEXT and INSTANCE_SWAP properties: the property's full name and the path to
   * its layer.
   */
  texts: LayerProperty[];
  icons: LayerProperty[];
}

/** A component property: its name as Figma returns it ("Label#1:2") and its layer's path. */
export interface LayerProperty {
  name: string;
  path: number[];
}

/** The name of the first TEXT component property; the others are "Label 2", "Label 3", ... */
export const TextPropertyName = "Label";
/** The name of the first INSTANCE_SWAP component property; the others are "Icon 2", ... */
export const IconPropertyName = "Icon";

/**
 * The node at path below n, stepping through children as built (children less the list
 * markers drawn by their lists: built).
 */
export function nodeAt(n: Node, path: readonly number[], built: (n: Node) => Node[]): Node | undefined {
  let at: Node | undefined = n;
  for (const i of path) at = at === undefined ? undefined : built(at)[i];
  return at;
}

/**
 * The paths of the layers of type (TEXT or SVG) of the first use main whose member (characters
 * or imageRef) differs in one of the other uses (in document order): they become TEXT and
 * INSTANCE_SWAP component properties. The layers of a nested use are left out: they are bound
 * to the properties of its own component.
 */
export function differingPaths(main: Node, uses: readonly Node[], type: "TEXT" | "SVG", built: (n: Node) => Node[]): number[][] {
  const member = type === "TEXT" ? "characters" : "imageRef";
  const out: number[][] = [];
  const walk = (n: Node, path: number[]): void => {
    if (n.type === type && uses.some((u) => nodeAt(u, path, built)?.[member] !== n[member])) out.push(path);
    if (path.length > 0 && n.componentId !== undefined) return;
    built(n).forEach((c, i) => walk(c, [...path, i]));
  };
  walk(main, []);
  return out;
}

/** The components of one materialize, by the result's component id, and the frame holding them. */
export class Components {
  private readonly made = new Map<string, MadeComponent>();
  private readonly icons = new Map<string, ComponentNode>();
  private readonly uses = new Map<string, Node[]>();
  private readonly kinds = new Map<string, Node[]>();
  private readonly stacked = new Set<ComponentNode | ComponentSetNode>();
  /** The components whose mains are being built (a main holding a use of itself is refused). */
  readonly building = new Set<string>();
  private holder: FrameNode | null = null;
  private bottom = 0;
  private widest = 0;

  /** The components of the result tree root, whose uses it reads once. */
  constructor(
    private readonly track: (n: SceneNode) => void,
    root?: Node,
  ) {
    const walk = (n: Node): void => {
      if (n.componentId !== undefined) {
        const list = this.uses.get(n.componentId) ?? [];
        list.push(n);
        this.uses.set(n.componentId, list);
        if (n.variantOf !== undefined && n.componentName !== undefined) {
          const kinds = this.kinds.get(n.variantOf) ?? [];
          kinds.push(n);
          this.kinds.set(n.variantOf, kinds);
        }
      }
      // A use may hold uses of other components (nested instances).
      for (const c of n.children ?? []) walk(c);
    };
    if (root !== undefined) walk(root);
  }

  /** The uses of component id in document order, the first included. */
  usesOf(id: string): readonly Node[] {
    return this.uses.get(id) ?? [];
  }

  /** The first uses of the components that are variants of one kind in component id's set, in document order. */
  variantsOf(id: string): readonly Node[] {
    return this.kinds.get(id) ?? [];
  }

  get(id: string): MadeComponent | undefined {
    return this.made.get(id);
  }

  /** The Components frame, created (empty, unclipped, without fills) on first use. */
  frame(): FrameNode {
    if (this.holder !== null) return this.holder;
    const f = figma.createFrame();
    this.track(f);
    f.name = ComponentsFrameName;
    f.fills = [];
    f.clipsContent = false;
    this.holder = f;
    return f;
  }

  /**
   * Records a main component and stacks it (or placed, the component set holding it and its
   * variants) below the ones before it on the Components frame.
   */
  add(id: string, component: ComponentNode, main: Node, placed: ComponentNode | ComponentSetNode = component, texts: LayerProperty[] = [], icons: LayerProperty[] = []): MadeComponent {
    const made = { component, main, placed, texts, icons };
    this.made.set(id, made);
    this.stack(placed);
    return made;
  }

  /**
   * The icon component of the SVG image ref at width x height px, made on first use by
   * draw (which builds the SVG's layer into the new component) and stacked on the Components
   * frame; named name.
   */
  icon(ref: string, width: number, height: number, name: string, draw: (into: ComponentNode) => void): ComponentNode {
    const key = `${ref}@${width}x${height}`;
    const had = this.icons.get(key);
    if (had !== undefined) return had;
    const c = figma.createComponent();
    this.track(c);
    c.name = name;
    c.fills = [];
    c.clipsContent = false;
    c.resize(Math.max(width, 0.01), Math.max(height, 0.01));
    c.setPluginData(IconDataKey, ref);
    draw(c);
    this.icons.set(key, c);
    this.stack(c);
    return c;
  }

  /**
   * Puts node below the ones before it on the Components frame, which grows to hold it (once:
   * the components of one set stand there as their set).
   */
  private stack(node: ComponentNode | ComponentSetNode): void {
    if (this.stacked.has(node)) return;
    this.stacked.add(node);
    const f = this.frame();
    if (node.parent !== f) f.appendChild(node);
    node.x = 0;
    node.y = this.bottom;
    this.bottom += node.height + ComponentSpacing;
    this.widest = Math.max(this.widest, node.width);
    f.resize(Math.max(this.widest, 0.01), Math.max(this.bottom - ComponentSpacing, 0.01));
  }

  /** Puts the Components frame beside root, on root's page (none when the result has no components). */
  place(root: FrameNode): void {
    const f = this.holder;
    if (f === null) return;
    const page = pageOf(root);
    if (page !== null && f.parent !== page) page.appendChild(f);
    const box = root.absoluteBoundingBox ?? { x: root.x, y: root.y, width: root.width, height: root.height };
    f.x = box.x + box.width + PlacementGap;
    f.y = box.y;
  }
}

function pageOf(node: BaseNode): PageNode | null {
  let n: BaseNode | null = node;
  while (n !== null && n.type !== "PAGE") n = n.parent;
  return n;
}
