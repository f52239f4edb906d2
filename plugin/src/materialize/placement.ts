// Where the root goes: the job's placementTarget when it names a page (the root goes right of
// the page's content) or a frame or section (the root goes inside it, at its top left); else
// right of the current selection; else centred in the viewport. Then it is selected and zoomed to.
import type { MaterializeWarning } from "./errors.js";

/** Space in px between the root and what it is placed beside. */
export const PlacementGap = 100;

/** Places root; a placementTarget that names no usable node falls back with a warning. */
export async function place(root: FrameNode, target: string | null | undefined, warn: (w: MaterializeWarning) => void): Promise<void> {
  let page: PageNode = figma.currentPage;
  const node = target ? await figma.getNodeByIdAsync(target) : null;
  if (target && node?.type === "PAGE") {
    page = node;
    const right = Math.max(0, ...page.children.filter((c) => c !== root).map((c) => c.x + c.width));
    page.appendChild(root);
    root.x = page.children.length > 1 ? right + PlacementGap : 0;
    root.y = 0;
    await figma.setCurrentPageAsync(page);
  } else if (target && (node?.type === "FRAME" || node?.type === "SECTION")) {
    node.appendChild(root);
    root.x = 0;
    root.y = 0;
    page = pageOf(node) ?? page;
    if (page !== figma.currentPage) await figma.setCurrentPageAsync(page);
  } else {
    if (target) {
      warn({ code: "PLACEMENT_TARGET_NOT_FOUND", message: `the placement target ${target} is not a page, frame or section of this file; the layers are placed beside the selection`, nodeId: null });
    }
    const selection = figma.currentPage.selection.filter((s) => s !== root);
    if (selection.length > 0) {
      const boxes = selection.map((s) => s.absoluteBoundingBox ?? { x: s.x, y: s.y, width: s.width, height: s.height });
      root.x = Math.max(...boxes.map((b) => b.x + b.width)) + PlacementGap;
      root.y = Math.min(...boxes.map((b) => b.y));
    } else {
      const c = figma.viewport.center;
      root.x = Math.round(c.x - root.width / 2);
      root.y = Math.round(c.y - root.height / 2);
    }
  }
  page.selection = [root];
  figma.viewport.scrollAndZoomIntoView([root]);
}

function pageOf(node: BaseNode): PageNode | null {
  let n: BaseNode | null = node;
  while (n !== null && n.type !== "PAGE") n = n.parent;
  return n;
}
