// The designer's settings: where the API is, the session (the token, its refresh token and expiry:
// from the sign-in handoff, or a token pasted as a developer option), the project. The main thread keeps them
// with figma.clientStorage (on this machine, never in the document: a token must not travel with
// a shared file); the UI edits them. Shared by both sides, so it uses no global of either.

/** The key of the settings in figma.clientStorage. */
export const SettingsStorageKey = "code2des.settings";

/** The GraphQL endpoint of the local stack (`make run`). */
export const DefaultApiUrl = "http://127.0.0.1:8080/graphql";

/** How many projects the picker remembers (most recently picked first). */
export const MaxKnownProjects = 10;

/** The designer's settings. */
export interface Settings {
  /** The API's GraphQL endpoint, an absolute http(s) URL. */
  apiUrl: string;
  /** The bearer token (a JWT): from the sign-in, or pasted (`go run ./cmd/localstack token local-user`). */
  token: string;
  /** Refreshes token at the user pool's token endpoint; "" when there is none (a pasted token, the local sign-in). */
  refreshToken: string;
  /** When token expires, in Unix seconds; 0 when unknown (a pasted token is used until the API refuses it). */
  expiresAt: number;
  /** The project imports go to; "" until one is picked. */
  projectId: string;
  /** Projects picked before, most recent first, at most MaxKnownProjects. */
  projects: string[];
}

/** The settings before the designer has saved any. */
export const DefaultSettings: Settings = { apiUrl: DefaultApiUrl, token: "", refreshToken: "", expiresAt: 0, projectId: "", projects: [] };

/**
 * Reads stored settings (whatever clientStorage returns: nothing, or a value an older plugin
 * stored): each member of the right type is kept, anything else falls back to its default.
 */
export function parseSettings(value: unknown): Settings {
  if (typeof value !== "object" || value === null) return { ...DefaultSettings, projects: [] };
  const text = (key: string, fallback: string): string => {
    const v: unknown = Reflect.get(value, key);
    return typeof v === "string" ? v : fallback;
  };
  const expiresAt: unknown = Reflect.get(value, "expiresAt");
  const stored: unknown = Reflect.get(value, "projects");
  const projects = Array.isArray(stored) ? stored.filter((p): p is string => typeof p === "string" && p !== "") : [];
  return {
    apiUrl: text("apiUrl", DefaultApiUrl),
    token: text("token", ""),
    refreshToken: text("refreshToken", ""),
    expiresAt: typeof expiresAt === "number" && Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : 0,
    projectId: text("projectId", ""),
    projects: projects.slice(0, MaxKnownProjects),
  };
}

/** The settings with projectId picked: it becomes the current project and the first known one. */
export function withProject(s: Settings, projectId: string): Settings {
  const projects = [projectId, ...s.projects.filter((p) => p !== projectId)].slice(0, MaxKnownProjects);
  return { ...s, projectId, projects };
}
