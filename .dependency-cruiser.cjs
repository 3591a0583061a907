// Layering rules (issue 44, item 1), checked by `npm run lint:layers` in `npm run lint` and so in CI.
// dependency-cruiser: https://github.com/sverweij/dependency-cruiser. Type-only imports carry no code at run
// time and are not counted; a type a lower layer needs from a domain is still better moved down.
/**
 * The ground: the database, shared helpers, storage, languages, security and the configuration; and the job
 * queue's client with its queue list (pg-boss keeps its tables in the same database, and opening the database
 * installs and starts it: app/db/client.server.ts). The jobs' handlers, which reach every domain, are not.
 */
const GROUND =
  "^app/(db|lib|storage|i18n|security)/|^app/config\\.server\\.ts$|^app/jobs/(queue\\.server|policy)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-runtime-circle",
      comment: "Modules that import each other at run time: one of them belongs lower, or the two together.",
      severity: "error",
      from: { path: "^(app|server)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "ground-imports-no-domain",
      comment:
        "app/db, app/lib, app/storage, app/i18n and app/security stand under every domain: they import only each other.",
      severity: "error",
      from: { path: GROUND },
      to: { path: "^app/", pathNot: GROUND, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "only-root-imports-middleware",
      comment:
        "The middleware is the root's: everything else reads what it sets through the accessors beside each context (app/db/context.ts, app/i18n/context.server.ts, app/auth/viewer.ts, …).",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/(root\\.tsx|middleware/)" },
      to: { path: "^app/middleware/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/|\\.d\\.m?ts$" },
    // TypeScript 7 has no compiler API yet, so the sources are read with swc (https://swc.rs).
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"],
    },
  },
};
