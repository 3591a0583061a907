// The production build for tests that run `node server.mjs` (server-crash, response-cache-server). `npm test`
// runs Vitest before the end-to-end tests build the app, and Vitest runs test files in parallel: the first
// file to need the build makes it while holding a lock directory, and the others wait for it.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const root = path.resolve(import.meta.dirname, "../..");
export const serverBuild = path.join(root, "build/server/index.js");
const lock = path.join(root, "build-lock.tmp");
/** A lock older than this was left by a run that died; take it over. */
const STALE_LOCK_MS = 10 * 60_000;

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: root,
      stdio: "ignore",
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`react-router build failed with exit code ${code}`)),
    );
  });
}

export async function ensureServerBuild(): Promise<void> {
  for (;;) {
    if (existsSync(serverBuild) && !existsSync(lock)) return;
    try {
      mkdirSync(lock);
    } catch {
      const age = Date.now() - (existsSync(lock) ? statSync(lock).mtimeMs : Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (!existsSync(serverBuild)) await build();
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
