import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const serverReactI18next = path.resolve(import.meta.dirname, "app/i18n/react-i18next.server.ts");
const clientReactI18next = path.resolve(import.meta.dirname, "app/i18n/react-i18next.client.ts");

/**
 * `import … from "react-i18next"` gets, in the server build, app/i18n/react-i18next.server.ts (the same
 * exports with a thin `useTranslation`, docs/decisions/016-server-throughput.md) and, in the browser build,
 * app/i18n/react-i18next.client.ts (`useTranslation` over a small translator instead of i18next,
 * docs/decisions/022-client-weight.md). The server shim itself imports the real package.
 */
function translationHooks(): Plugin {
  return {
    name: "manara:use-translation",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "react-i18next") return null;
      if (importer && path.resolve(importer) === serverReactI18next) return null;
      if (this.environment?.name === "ssr") return serverReactI18next;
      return this.environment?.name === "client" ? clientReactI18next : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [translationHooks(), tailwindcss(), reactRouter()],
  server: { port: Number(process.env.PORT ?? 3000) },
  // The browser's JavaScript goes through terser (two compress passes): ~3.3 KB gzipped less than esbuild's
  // minifier on the code every page loads (React DOM, React Router, the root route), which brings every page
  // under the 125 KB budget (docs/decisions/022-client-weight.md). The server build stays unminified.
  build: { minify: isSsrBuild ? false : "terser", terserOptions: { compress: { passes: 2 } } },
  // PGlite ships WebAssembly and data files it loads relative to itself: never bundle it.
  // react-i18next goes through Vite in the server environment too, so the plugin above can hand server code
  // its shim in development as in the build (Vite loads external packages around the plugins).
  ssr: { external: ["@electric-sql/pglite"], noExternal: ["react-i18next"] },
  // The server build's entry is the Express application (server/app.ts), which imports React Router's server
  // build itself: React Router's node-custom-server template, so server code and routes share module instances.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
}));
