import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; both drivers apply the same files at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./drizzle",
});
