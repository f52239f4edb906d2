// TEXT nodes: every font the result uses is loaded before any text is set (Figma refuses to
// set characters or a font that is not loaded); a font the user does not have is replaced by the
// fallback and reported, never thrown half way. Styled segments are applied with setRange*.
import type { Node, ParsedResult } from "@code2des/api/result";
import { MaterializeError, applying, describe, type MaterializeWarning } from "./errors.js";
import { figmaPaints, type VariablesById } from "./paint.js";
import type { Images } from "./images.js";

/**
 * The fallback family for a font the user does not have: Inter, which every Figma user has (it
 * is Figma's own UI and default text font). The font's style is kept when Inter has it (Bold stays
 * Bold), else Inter Regular is used.
 */
export const FallbackFamily = "Inter";
/** The style used when Inter lacks the missing font's style. */
export const FallbackStyle = "Regular";
/** The font figma.createText starts with: loaded so a TEXT without fontName can be set. */
export const DefaultFont: FontName = { family: "Inter", style: "Regular" };

const key = (f: FontName): string => `${f.family}\u0000${f.style}`;

/** The loaded fonts of a result: each font it names, or its fallback. */
export class Fonts {
  private readonly resolved = new Map<string, FontName>();

  /** The font to use for f (f itself, or its fallback when the user lacks f). */
  use(f: FontName): FontName {
    return this.resolved.get(key(f)) ?? f;
  }

  /** Loads every font of the result; warns once per substituted font. */
  static async load(result: ParsedResult, warn: (w: MaterializeWarning) => void): Promise<Fonts> {
    const fonts = new Fonts();
    const users = new Map<string, { font: FontName; nodes: string[] }>();
    const need = (f: FontName, nodeId: string | null): void => {
      const k = key(f);
      const u = users.get(k) ?? { font: { family: f.family, style: f.style }, nodes: [] };
      if (nodeId !== null && !u.nodes.includes(nodeId)) u.nodes.push(nodeId);
      users.set(k, u);
    };
    const visit = (n: Node): void => {
      if (n.type === "TEXT") {
        need(n.fontName ?? DefaultFont, n.id);
        n.styledTextSegments?.forEach((s) => s.fontName && need(s.fontName, n.id));
        n.listText?.styledTextSegments.forEach((s) => s.fontName && need(s.fontName, n.id));
      }
      n.children?.forEach(visit);
    };
    visit(result.root);
    for (const s of result.styles) if (s.type === "TEXT") need(s.fontName, null);
    for (const { font, nodes } of users.values()) {
      const loaded = await fonts.loadOrFallback(font, nodes);
      if (loaded !== font) {
        warn({
          code: "FONT_SUBSTITUTED",
          message: `${font.family} ${font.style} is not available; ${loaded.family} ${loaded.style} is used instead` +
            (nodes.length > 0 ? ` (${nodes.length} text layer${nodes.length === 1 ? "" : "s"})` : " (a text style)"),
          nodeId: nodes[0] ?? null,
        });
      }
      fonts.resolved.set(key(font), loaded);
    }
    return fonts;
  }

  private async loadOrFallback(font: FontName, nodes: string[]): Promise<FontName> {
    const candidates = [font, { family: FallbackFamily, style: font.style }, { family: FallbackFamily, style: FallbackStyle }];
    let last: unknown;
    for (const c of candidates) {
      try {
        await figma.loadFontAsync(c);
        return c.family === font.family && c.style === font.style ? font : c;
      } catch (e) {
        last = e;
      }
    }
    throw new MaterializeError(nodes[0] ?? null, "fontName", `neither ${font.family} ${font.style} nor the fallback ${FallbackFamily} ${FallbackStyle} can be loaded: ${describe(last)}`);
  }
}

/** What applying text needs besides the node. */
export interface TextContext {
  fonts: Fonts;
  images: Images;
  variables: VariablesById;
}

/**
 * Sets a TEXT node's typography and characters (font first: Figma sets characters only in a
 * loaded font), then its styled segments range by range. Size and textAutoResize are left to the
 * caller (they follow the characters).
 */
export function applyText(node: TextNode, n: Node, ctx: TextContext): void {
  const id = n.id;
  applying(id, "fontName", () => (node.fontName = ctx.fonts.use(n.fontName ?? DefaultFont)));
  applying(id, "characters", () => (node.characters = n.characters ?? ""));
  if (n.fontSize !== undefined) {
    const v = n.fontSize;
    applying(id, "fontSize", () => (node.fontSize = v));
  }
  if (n.lineHeight !== undefined) {
    const v = n.lineHeight;
    applying(id, "lineHeight", () => (node.lineHeight = v));
  }
  if (n.letterSpacing !== undefined) {
    const v = n.letterSpacing;
    applying(id, "letterSpacing", () => (node.letterSpacing = v));
  }
  if (n.textAlignHorizontal !== undefined) {
    const v = n.textAlignHorizontal;
    applying(id, "textAlignHorizontal", () => (node.textAlignHorizontal = v));
  }
  if (n.textAlignVertical !== undefined) {
    const v = n.textAlignVertical;
    applying(id, "textAlignVertical", () => (node.textAlignVertical = v));
  }
  if (n.textCase !== undefined) {
    const v = n.textCase;
    applying(id, "textCase", () => (node.textCase = v));
  }
  if (n.textDecoration !== undefined) {
    const v = n.textDecoration;
    applying(id, "textDecoration", () => (node.textDecoration = v));
  }
  if (n.textDecorationStyle !== undefined) {
    const v = n.textDecorationStyle;
    applying(id, "textDecorationStyle", () => (node.textDecorationStyle = v));
  }
  if (n.textDecorationOffset !== undefined) {
    const v = n.textDecorationOffset;
    applying(id, "textDecorationOffset", () => (node.textDecorationOffset = v));
  }
  if (n.textDecorationThickness !== undefined) {
    const v = n.textDecorationThickness;
    applying(id, "textDecorationThickness", () => (node.textDecorationThickness = v));
  }
  const color = decorationColor(n, ctx, id, "");
  if (color !== undefined) {
    const v = color;
    applying(id, "textDecorationColor", () => (node.textDecorationColor = v));
  }
  if (n.paragraphIndent !== undefined) {
    const v = n.paragraphIndent;
    applying(id, "paragraphIndent", () => (node.paragraphIndent = v));
  }
  // maxLines applies only once textTruncation is ENDING (TextNode.maxLines).
  if (n.textTruncation !== undefined) {
    const v = n.textTruncation;
    applying(id, "textTruncation", () => (node.textTruncation = v));
  }
  if (n.maxLines !== undefined) {
    const v = n.maxLines;
    applying(id, "maxLines", () => (node.maxLines = v));
  }
  if (n.textWrapStyle !== undefined) {
    const v = n.textWrapStyle;
    applying(id, "textWrapStyle", () => (node.textWrapStyle = v));
  }
  if (n.hangingList !== undefined) {
    const v = n.hangingList;
    applying(id, "hangingList", () => (node.hangingList = v));
  }
}

/** Applies the styled segments with the setRange* calls (after the node-level values). */
export function applySegments(node: TextNode, n: Node, ctx: TextContext): void {
  n.styledTextSegments?.forEach((s, i) => {
    const f = `styledTextSegments[${i}]`;
    const { start, end } = s;
    if (s.fontName) {
      const font = ctx.fonts.use(s.fontName);
      applying(n.id, `${f}.fontName`, () => node.setRangeFontName(start, end, font));
    }
    if (s.fontSize !== undefined) {
      const v = s.fontSize;
      applying(n.id, `${f}.fontSize`, () => node.setRangeFontSize(start, end, v));
    }
    if (s.fills !== undefined) {
      const paints = figmaPaints(s.fills, ctx.images, ctx.variables, n.id, `${f}.fills`);
      applying(n.id, `${f}.fills`, () => node.setRangeFills(start, end, paints));
    }
    if (s.textDecoration !== undefined) {
      const v = s.textDecoration;
      applying(n.id, `${f}.textDecoration`, () => node.setRangeTextDecoration(start, end, v));
    }
    if (s.textDecorationStyle !== undefined) {
      const v = s.textDecorationStyle;
      applying(n.id, `${f}.textDecorationStyle`, () => node.setRangeTextDecorationStyle(start, end, v));
    }
    if (s.textDecorationOffset !== undefined) {
      const v = s.textDecorationOffset;
      applying(n.id, `${f}.textDecorationOffset`, () => node.setRangeTextDecorationOffset(start, end, v));
    }
    if (s.textDecorationThickness !== undefined) {
      const v = s.textDecorationThickness;
      applying(n.id, `${f}.textDecorationThickness`, () => node.setRangeTextDecorationThickness(start, end, v));
    }
    const color = decorationColor(s, ctx, n.id, `${f}.`);
    if (color !== undefined) {
      const v = color;
      applying(n.id, `${f}.textDecorationColor`, () => node.setRangeTextDecorationColor(start, end, v));
    }
    if (s.letterSpacing !== undefined) {
      const v = s.letterSpacing;
      applying(n.id, `${f}.letterSpacing`, () => node.setRangeLetterSpacing(start, end, v));
    }
    if (s.textCase !== undefined) {
      const v = s.textCase;
      applying(n.id, `${f}.textCase`, () => node.setRangeTextCase(start, end, v));
    }
    if (s.hyperlink !== undefined) {
      const v = s.hyperlink;
      applying(n.id, `${f}.hyperlink`, () => node.setRangeHyperlink(start, end, v));
    }
    // A paragraph-level member: Figma applies it to every paragraph the range touches (the
    // converter's list ranges cover whole paragraphs).
    if (s.listOptions !== undefined) {
      const v: TextListOptions = { type: s.listOptions.type };
      applying(n.id, `${f}.listOptions`, () => node.setRangeListOptions(start, end, v));
    }
    if (s.listSpacing !== undefined) {
      const v = s.listSpacing;
      applying(n.id, `${f}.listSpacing`, () => node.setRangeListSpacing(start, end, v));
    }
  });
}

/** The decoration line's colour of a node or segment m in Figma's terms (field prefixes the name in errors: "" or "styledTextSegments[i]."). */
function decorationColor(m: Pick<Node, "textDecorationColor">, ctx: TextContext, id: string, field: string): TextDecorationColor | undefined {
  if (m.textDecorationColor === undefined) return undefined;
  const [paint] = figmaPaints([m.textDecorationColor.value], ctx.images, ctx.variables, id, `${field}textDecorationColor`);
  return paint?.type === "SOLID" ? { value: paint } : undefined;
}
