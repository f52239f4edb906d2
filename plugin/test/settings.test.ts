import { test } from "node:test";
import assert from "node:assert/strict";
import { DefaultApiUrl, MaxKnownProjects, parseSettings, withProject } from "../src/settings.js";

test("stored settings are read member by member; anything else is the default", () => {
  assert.deepEqual(parseSettings(undefined), { apiUrl: DefaultApiUrl, token: "", refreshToken: "", expiresAt: 0, projectId: "", projects: [] });
  assert.deepEqual(parseSettings({ apiUrl: "https://api.example/graphql", token: 42, refreshToken: "r", expiresAt: "soon", projectId: "7", projects: ["7", 8, "", "9"] }), {
    apiUrl: "https://api.example/graphql",
    token: "",
    refreshToken: "r",
    expiresAt: 0,
    projectId: "7",
    projects: ["7", "9"],
  });
});

test("a picked project becomes the first known one, at most MaxKnownProjects kept", () => {
  const many = Array.from({ length: MaxKnownProjects }, (_, i) => String(i + 1));
  const s = withProject(parseSettings({ projects: many }), "5");
  assert.deepEqual(s.projects.slice(0, 2), ["5", "1"]);
  assert.equal(s.projects.length, MaxKnownProjects);
  const added = withProject(s, "42");
  assert.deepEqual([added.projectId, added.projects[0], added.projects.length, added.projects.includes("10")], ["42", "42", MaxKnownProjects, false]);
});
