// Navigation inside the dashboard: the current route as a store, links that change it without
// reloading (the browser's own behaviour kept for a modified click), and the Back button.
import type { ComponentChildren } from "preact";
import { parseRoute, type Route } from "./route.js";
import { Store } from "./store.js";

export const location$ = new Store<{ route: Route; href: string }>(current());

function current(): { route: Route; href: string } {
  return { route: parseRoute(location.pathname, location.search), href: location.pathname + location.search };
}

/** Goes to href (a path under /dashboard/); replace keeps the history entry. */
export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  location$.set(current());
  if (!replace) window.scrollTo(0, 0);
}

window.addEventListener("popstate", () => location$.set(current()));

export function Link(props: { href: string; class?: string; children: ComponentChildren; "aria-current"?: "page" | undefined; "aria-label"?: string }) {
  return (
    <a
      {...props}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
