import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { port: Number(process.env.PORT ?? 3000) },
  // PGlite ships WebAssembly and data files it loads relative to itself: never bundle it.
  ssr: { external: ["@electric-sql/pglite"] },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
});
