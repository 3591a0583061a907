import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const serverReactI18next = path.resolve(import.meta.dirname, "app/i18n/react-i18next.server.ts");

/**
 * The server build's `import … from "react-i18next"` gets app/i18n/react-i18next.server.ts: the same exports
 * with a thin `useTranslation` (see that file and docs/decisions/016-server-throughput.md). The browser
 * build keeps react-i18next as it is.
 */
function serverTranslationHook(): Plugin {
  return {
    name: "manara:server-use-translation",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "react-i18next" || this.environment?.name !== "ssr") return null;
      if (importer && path.resolve(importer) === serverReactI18next) return null;
      return serverReactI18next;
    },
  };
}

export default defineConfig({
  plugins: [serverTranslationHook(), tailwindcss(), reactRouter()],
  server: { port: Number(process.env.PORT ?? 3000) },
  // PGlite ships WebAssembly and data files it loads relative to itself: never bundle it.
  ssr: { external: ["@electric-sql/pglite"] },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
});
