// `npm start`: build when the sources changed, migrate, seed an empty embedded database, then serve (and
// restart the server if it crashes).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import {
  ConfigError,
  credentialPublicKey,
  getPreviousCredentialKeys,
  getSessionSecret,
  publicOrigin,
  readConfig,
} from "../app/config.server";
import { assertSupportedNode } from "../server/runtime.mjs";
import { printBanner } from "./banner";
import { prepareDatabase } from "./prepare-database";
import { supervise } from "./supervise";

const root = path.resolve(import.meta.dirname, "..");
const serverBuild = path.join(root, "build/server/index.js");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

function newestChange(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(full).map((child) => newestChange(path.join(entry, child))));
}

function needsBuild(): boolean {
  if (!existsSync(serverBuild)) return true;
  const built = statSync(serverBuild).mtimeMs;
  const inputs = [
    "app",
    "locales",
    "public",
    "vite.config.ts",
    "react-router.config.ts",
    "package-lock.json",
  ];
  return inputs.some((input) => newestChange(input) > built);
}

process.env.NODE_ENV = "production";
try {
  assertSupportedNode();
} catch (error) {
  console.error(`\n  Cannot start: ${(error as Error).message}\n`);
  process.exit(1);
}
let config: ReturnType<typeof readConfig>;
let origin: string;
try {
  config = readConfig();
  getSessionSecret();
  origin = publicOrigin();
  // The credentials' signing key (decision 053): refused now, like the secret, rather than at a download.
  credentialPublicKey();
  getPreviousCredentialKeys();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`\n  Cannot start: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

if (needsBuild()) {
  console.log("Building Manara…");
  const build = spawnSync(bin("react-router"), ["build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { driver } = await prepareDatabase({ seed: "if-empty-embedded" });
printBanner(config.port, driver, origin);

/**
 * Rendering a page allocates many short-lived objects, and under load many renders are in flight at once:
 * with V8's default young generation (16 MB semi-spaces) objects of renders still running survive two
 * scavenges and are copied into the old generation. 64 MB semi-spaces let them die young: 10-12% less CPU
 * per rendered page in an A/B where identical servers differed by 4% (docs/decisions/032-young-generation.md).
 */
const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

// The server runs in a child process that is started again if it crashes (see scripts/supervise.ts).
const supervision = supervise({
  command: process.execPath,
  args: [...SERVER_NODE_FLAGS, path.join(root, "server.mjs")],
  cwd: root,
  env: { ...process.env, PORT: String(config.port), NODE_ENV: "production" },
  signals: ["SIGINT", "SIGTERM"],
});
process.exit(await supervision.done);
