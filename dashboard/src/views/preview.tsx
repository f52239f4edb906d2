// The result's preview as the dashboard draws it: the node tree as plain SVG (boxes with their
// solid fills, text with its characters, images as grey boxes), in the page's coordinates. The
// worker's own preview (worker/preview, Chromium) is not stored; this one shows the layout the
// plugin will build. Every string goes into the SVG as text.
import type { JSX } from "preact";

/** The most nodes the preview draws (a result has at most 20,000; the rest are left out). */
export const MaxPreviewNodes = 3000;
/** The most characters of one TEXT node the preview draws. */
export const MaxPreviewChars = 300;

interface Node {
  type?: unknown;
  x?: unknown;
  y?: unknown;
  width?: unknown;
  height?: unknown;
  visible?: unknown;
  fills?: unknown;
  characters?: unknown;
  fontSize?: unknown;
  children?: unknown;
}

const num = (v: unknown, d = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : d);

function solid(fills: unknown): { color: string; image: boolean } {
  let color = "";
  let image = false;
  if (Array.isArray(fills)) {
    for (const f of fills as Record<string, unknown>[]) {
      if (!f || f.visible === false) continue;
      if (f.type === "IMAGE") image = true;
      const c = f.color as Record<string, unknown> | undefined;
      if (f.type === "SOLID" && c) {
        const ch = (k: string) => Math.round(Math.min(1, Math.max(0, num(c[k]))) * 255);
        color = `rgba(${ch("r")},${ch("g")},${ch("b")},${num(f.opacity, 1) * num(c.a, 1)})`;
      }
    }
  }
  return { color, image };
}

export function Preview({ root, title }: { root: unknown; title: string }) {
  if (typeof root !== "object" || root === null) return null;
  const r = root as Node;
  const w = Math.max(1, num(r.width, 1));
  const h = Math.max(1, num(r.height, 1));
  let budget = MaxPreviewNodes;
  const draw = (n: Node, key: number): JSX.Element | null => {
    if (budget-- <= 0 || n.visible === false) return null;
    const x = num(n.x);
    const y = num(n.y);
    const nw = num(n.width);
    const nh = num(n.height);
    const { color, image } = solid(n.fills);
    const kids = Array.isArray(n.children) ? (n.children as Node[]) : [];
    let own: JSX.Element | null = null;
    if (n.type === "TEXT") {
      const size = num(n.fontSize, 16);
      const text = typeof n.characters === "string" ? n.characters.slice(0, MaxPreviewChars) : "";
      own = <text x={0} y={size} font-size={size} fill={color || "#000"} font-family="sans-serif">{text}</text>;
    } else if (image) {
      own = <rect width={nw} height={nh} fill="#c8ccd2" />;
    } else if (color) {
      own = n.type === "ELLIPSE" ? <ellipse cx={nw / 2} cy={nh / 2} rx={nw / 2} ry={nh / 2} fill={color} /> : <rect width={nw} height={nh} fill={color} />;
    } else if (n.type === "SVG" || n.type === "VECTOR") {
      own = <rect width={nw} height={nh} fill="none" stroke="#9aa0a6" stroke-dasharray="2 2" />;
    }
    return (
      <g key={key} transform={key < 0 ? undefined : `translate(${x} ${y})`}>
        {own}
        {kids.map((c, i) => draw(c, i))}
      </g>
    );
  };
  return (
    <svg class="preview" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`Preview of the result: ${title}`} preserveAspectRatio="xMidYMin meet">
      <rect width={w} height={h} fill="#fff" />
      {draw(r, -1)}
    </svg>
  );
}
