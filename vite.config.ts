import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: Number(process.env.PORT ?? 3000) },
  // The browser's JavaScript goes through terser (two compress passes): ~3.3 KB gzipped less than esbuild's
  // minifier on the code every page loads (React DOM, React Router, the root route), which brings every page
  // under the 125 KB budget (docs/decisions/022-client-weight.md). The server build stays unminified.
  build: { minify: isSsrBuild ? false : "terser", terserOptions: { compress: { passes: 2 } } },
  // PGlite ships WebAssembly and data files it loads relative to itself: never bundle it.
  ssr: { external: ["@electric-sql/pglite"] },
  // The server build's entry is the Express application (server/app.ts), which imports React Router's server
  // build itself: React Router's node-custom-server template, so server code and routes share module instances.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
}));
