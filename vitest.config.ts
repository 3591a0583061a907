import { defineConfig } from "vitest/config";

// Three projects (issue 44, item 6): `unit`, the pure tests that need no database and no server, and
// `components`, components rendered in jsdom inside React Router's `createRoutesStub` — both in the fast loop
// (`npm run test:unit`, `npm run test:fast`); and `integration`, the tests against PGlite or PostgreSQL and
// the servers they start, each file on a copy of a template database migrated once by the global setup.
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          environment: "jsdom",
          include: ["tests/components/**/*.test.tsx"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Migrates the database every test file copies, once (tests/integration/template-database.ts).
          globalSetup: ["tests/global-setup.ts"],
        },
      },
    ],
    // Vitest's default is one worker per core but one, a single worker on a two-core CI machine; most
    // integration files wait on PostgreSQL or on servers they start, so three workers halve the run (12 min →
    // 7 min measured on such a machine) and keep both cores busy.
    maxWorkers: 3,
  },
});
