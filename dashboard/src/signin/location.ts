// The sign-in page's address: the plugin's write key travels in the fragment (#handoff=<key>),
// which browsers never send to a server; it is read once and removed from the address bar and
// the history entry, so it is not left behind in the tab.
import { handoffKeyOf } from "@code2des/api/auth";
import { ReturnParam } from "../route.js";

/** The write key and return path of the sign-in page's address; the fragment is removed. */
export function readSignInAddress(loc: Location, history: History): { handoff: string | null; returnTo: string } {
  const handoff = handoffKeyOf(loc.hash);
  if (loc.hash !== "") history.replaceState(history.state, "", loc.pathname + loc.search);
  return { handoff, returnTo: new URLSearchParams(loc.search).get(ReturnParam) ?? "" };
}
