// `npm run dev`: migrate and seed like `npm start`, then run the Vite development server.
import { spawn } from "node:child_process";
import path from "node:path";
import { publicOrigin, readConfig } from "../app/config.server";
import { printBanner } from "./banner";
import { prepareDatabase } from "./prepare-database";

const root = path.resolve(import.meta.dirname, "..");
const config = readConfig();
const { driver } = await prepareDatabase({ seed: "if-empty-embedded" });
printBanner(config.port, driver, publicOrigin());
const dev = spawn(path.join(root, "node_modules/.bin/react-router"), ["dev", "--port", String(config.port)], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
