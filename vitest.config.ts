import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Migrates the database every test file copies, once (tests/integration/template-database.ts).
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 30_000,
    // Vitest's default is one worker per core but one, a single worker on a two-core CI machine; most files
    // wait on PostgreSQL or on servers they start, so three workers halve the run (12 min → 7 min measured
    // on such a machine) and keep both cores busy.
    maxWorkers: 3,
    hookTimeout: 60_000,
  },
});
