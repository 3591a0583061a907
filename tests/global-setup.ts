// Vitest's global setup: migrates the template database every test file copies, once per run, and removes
// it at the end (tests/integration/template-database.ts).
import type { TestProject } from "vitest/node";
import { createPgliteTemplate, createPostgresTemplate } from "./integration/template-database";

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await createPostgresTemplate(url);
    project.provide("postgresTemplate", template.name);
    project.provide("pgliteTemplate", "");
    return template.drop;
  }
  const template = await createPgliteTemplate();
  project.provide("postgresTemplate", "");
  project.provide("pgliteTemplate", template.file);
  return template.remove;
}
