// The sign-in pages: /dashboard/signin (the local stack's member list, or the user pool's sign-in;
// with #handoff=<write key> it signs in the Figma plugin that opened it) and the user pool's
// callback, /dashboard/signin/callback. Every string shown is text (Preact escapes it).
import { useEffect, useState } from "preact/hooks";
import { AuthError, deliverHandoff, displayName, listLocalUsers, type LocalUser, type Session } from "@code2des/api/auth";
import { safeReturn } from "../route.js";
import type { SignInAuth } from "./auth.js";

/** What the page shows. */
type Phase =
  | { at: "loading" }
  | { at: "choose"; users: LocalUser[] }
  | { at: "redirect" }
  | { at: "confirm"; session: Session }
  | { at: "working" }
  | { at: "delivered"; name: string }
  | { at: "failed"; message: string };

/** The words of a failed sign-in step for a person. */
export function failureText(e: unknown): string {
  if (e instanceof AuthError) {
    if (e.status === 404 || e.status === 409) return "This sign-in link has expired or was already used. Start again from the plugin.";
    return `${e.code}: ${e.message}`;
  }
  return e instanceof Error ? e.message : String(e);
}

interface PageProps {
  auth: SignInAuth;
  /** The dashboard path to return to (ignored for a plugin sign-in). */
  returnTo: string;
  /** The plugin's write key, from the URL fragment; null for a dashboard sign-in. */
  handoff: string | null;
  /** Navigates within the dashboard. */
  go: (href: string) => void;
}

/** Hands session to the plugin's write key, or returns to the dashboard. */
async function finish(auth: SignInAuth, session: Session, handoff: string | null, returnTo: string, go: (href: string) => void): Promise<Phase> {
  auth.signedIn(session);
  if (handoff === null) {
    go(safeReturn(returnTo));
    return { at: "working" };
  }
  await deliverHandoff(auth.browser.origin, handoff, session.token, session.refreshToken);
  return { at: "delivered", name: displayName(session.token) };
}

/** /dashboard/signin. */
export function SignInPage({ auth, returnTo, handoff, go }: PageProps) {
  const [phase, setPhase] = useState<Phase>({ at: "loading" });
  const run = (step: () => Promise<Phase>): void => {
    setPhase({ at: "working" });
    step().then(setPhase, (e: unknown) => setPhase({ at: "failed", message: failureText(e) }));
  };

  useEffect(() => {
    const b = auth.browser;
    if (b.local) {
      listLocalUsers(b.origin).then(
        (users) => setPhase({ at: "choose", users }),
        (e: unknown) => setPhase({ at: "failed", message: failureText(e) }),
      );
      return;
    }
    if (b.config.issuer === "") {
      setPhase({ at: "failed", message: "Sign-in is not configured on this API (COGNITO_ISSUER is not set)." });
      return;
    }
    // Signed in already: a dashboard sign-in goes straight back; a plugin sign-in asks first, so
    // a link someone else made cannot take the session without a click.
    b.session().then(
      (s) => (s === null ? setPhase({ at: "redirect" }) : handoff === null ? void go(safeReturn(returnTo)) : setPhase({ at: "confirm", session: s })),
      (e: unknown) => setPhase({ at: "failed", message: failureText(e) }),
    );
  }, [auth]);

  return (
    <section class="signin" aria-labelledby="signin-title">
      <h1 id="signin-title">{handoff === null ? "Sign in to Code2Des" : "Sign in to the Code2Des Figma plugin"}</h1>
      {handoff !== null && phase.at !== "delivered" && (
        <p>The Figma plugin that opened this page gets your sign-in. Continue only if you just chose Sign in in the plugin.</p>
      )}
      {phase.at === "loading" || phase.at === "working" ? (
        <p role="status">Signing in…</p>
      ) : phase.at === "choose" ? (
        <div role="group" aria-label="Development sign-in">
          <p>Local stack: choose a seeded member.</p>
          {phase.users.length === 0 && <p>The database has no members; `make run` seeds one.</p>}
          <ul class="members">
            {phase.users.map((u) => (
              <li key={u.subject}>
                <button type="button" onClick={() => run(async () => finish(auth, await auth.browser.signInLocal(u.subject), handoff, returnTo, go))}>
                  Sign in as {u.subject}
                </button>{" "}
                <span class="hint">{u.organizations.join(", ")}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : phase.at === "redirect" ? (
        <button type="button" onClick={() => run(async () => (await auth.browser.signInRedirect({ handoff: handoff ?? undefined, returnTo }), { at: "working" }))}>
          Sign in
        </button>
      ) : phase.at === "confirm" ? (
        <p>
          Signed in as {displayName(phase.session.token) || "you"}.{" "}
          <button type="button" onClick={() => run(() => finish(auth, phase.session, handoff, returnTo, go))}>
            Sign in the plugin
          </button>
        </p>
      ) : phase.at === "delivered" ? (
        <p role="status">
          The plugin is signed in{phase.name ? ` as ${phase.name}` : ""}. You can close this tab and return to Figma.
        </p>
      ) : (
        <p role="alert">{phase.message}</p>
      )}
    </section>
  );
}

/** /dashboard/signin/callback: completes the user pool's redirect, then hands over or returns. */
export function SignInCallback({ auth, go }: { auth: SignInAuth; go: (href: string) => void }) {
  const [phase, setPhase] = useState<Phase>({ at: "working" });
  useEffect(() => {
    auth.browser
      .completeRedirect()
      .then(({ session, state }) => finish(auth, session, state.handoff ?? null, state.returnTo ?? "", go))
      .then(setPhase, (e: unknown) => setPhase({ at: "failed", message: failureText(e) }));
  }, [auth]);
  return (
    <section class="signin" aria-labelledby="signin-title">
      <h1 id="signin-title">Signing in</h1>
      {phase.at === "delivered" ? (
        <p role="status">
          The plugin is signed in{phase.name ? ` as ${phase.name}` : ""}. You can close this tab and return to Figma.
        </p>
      ) : phase.at === "failed" ? (
        <p role="alert">{phase.message}</p>
      ) : (
        <p role="status">Signing in…</p>
      )}
    </section>
  );
}
