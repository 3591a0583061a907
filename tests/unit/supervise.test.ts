// The `npm start` supervisor: restarts a crashed server with back-off, gives up on a crash loop, and stops
// on a clean exit or when asked to.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { supervise } from "../../scripts/supervise";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fake server: counts its starts in a file, then behaves as `script` says for that start. */
function fakeServer(script: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "manara-supervise-"));
  dirs.push(dir);
  const counter = path.join(dir, "starts");
  writeFileSync(counter, "0");
  const file = path.join(dir, "server.mjs");
  writeFileSync(
    file,
    `import { readFileSync, writeFileSync } from "node:fs";
const start = Number(readFileSync(${JSON.stringify(counter)}, "utf8")) + 1;
writeFileSync(${JSON.stringify(counter)}, String(start));
${script}`,
  );
  return { file, starts: () => Number(readFileSync(counter, "utf8")) };
}

const fast = { backoffMs: 10, maxBackoffMs: 50, stdio: "ignore" as const, log: () => {} };

describe("supervise", () => {
  it("restarts a server that crashes, and ends with its clean exit", async () => {
    const server = fakeServer(`if (start < 3) throw new Error("boom"); process.exit(0);`);
    const messages: string[] = [];
    const run = supervise({
      command: process.execPath,
      args: [server.file],
      ...fast,
      log: (m) => messages.push(m),
    });
    expect(await run.done).toBe(0);
    expect(server.starts()).toBe(3);
    expect(messages.filter((m) => m.includes("restarting"))).toHaveLength(2);
  });

  it("treats death by a signal it did not send as a crash", async () => {
    const server = fakeServer(`if (start === 1) process.kill(process.pid, "SIGKILL"); else process.exit(0);`);
    const run = supervise({ command: process.execPath, args: [server.file], ...fast });
    expect(await run.done).toBe(0);
    expect(server.starts()).toBe(2);
  });

  it("gives up with exit 1 after too many crashes within the window", async () => {
    const server = fakeServer(`process.exit(3);`);
    const run = supervise({
      command: process.execPath,
      args: [server.file],
      ...fast,
      maxCrashes: 4,
      crashWindowMs: 60_000,
    });
    expect(await run.done).toBe(1);
    expect(server.starts()).toBe(4);
  });

  it("passes a stop signal to the server and ends with its exit code, without restarting", async () => {
    const server = fakeServer(
      `process.on("SIGTERM", () => setTimeout(() => process.exit(0), 50)); setInterval(() => {}, 1000); console.log("up");`,
    );
    const run = supervise({ command: process.execPath, args: [server.file], ...fast });
    // Wait until the fake server has installed its handler.
    for (let i = 0; i < 100 && server.starts() === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    run.stop("SIGTERM");
    expect(await run.done).toBe(0);
    expect(server.starts()).toBe(1);
  });
});
