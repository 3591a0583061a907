// The `npm start` supervisor: restarts a server that stopped unasked, with a capped back-off that starts over
// after a stable run, never gives up, and stops only when asked to (passing the signal on).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type BackoffPolicy,
  crashStreak,
  DEFAULT_BACKOFF,
  restartDelayMs,
  supervise,
} from "../../scripts/supervise";

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

const fast = {
  backoff: { initialMs: 10, maxMs: 50 },
  stdio: "ignore" as const,
  log: () => {},
};

/** Waits until `condition` holds, or fails after `ms`. */
async function until(condition: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the restart back-off", () => {
  it("doubles from 1 s to a cap of 30 s", () => {
    expect(DEFAULT_BACKOFF).toEqual({ initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 });
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100, 10_000].map((n) => restartDelayMs(n, DEFAULT_BACKOFF))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000,
    ]);
    // Never below the first wait, never past the cap, whatever the streak.
    for (const n of [0, -1, Number.MAX_SAFE_INTEGER]) {
      const wait = restartDelayMs(n, DEFAULT_BACKOFF);
      expect(wait).toBeGreaterThanOrEqual(1_000);
      expect(wait).toBeLessThanOrEqual(30_000);
    }
  });

  it("starts over once the server had stayed up for a while", () => {
    const policy: BackoffPolicy = DEFAULT_BACKOFF;
    let streak = 0;
    for (let crash = 1; crash <= 8; crash++) streak = crashStreak(streak, 500, policy);
    expect(streak).toBe(8);
    expect(restartDelayMs(streak, policy)).toBe(30_000);
    streak = crashStreak(streak, 59_999, policy);
    expect(streak).toBe(9);
    streak = crashStreak(streak, 60_000, policy);
    expect(streak).toBe(1);
    expect(restartDelayMs(streak, policy)).toBe(1_000);
    expect(crashStreak(1, 5, policy)).toBe(2);
  });
});

describe("supervise", () => {
  it("restarts a server that crashes, logging each restart, and ends when asked to", async () => {
    const server = fakeServer(`if (start < 3) throw new Error("boom"); setInterval(() => {}, 1000);`);
    const messages: string[] = [];
    const run = supervise({
      command: process.execPath,
      args: [server.file],
      ...fast,
      log: (m) => messages.push(m),
    });
    await until(() => server.starts() === 3 && run.child() !== undefined);
    expect(messages.filter((m) => m.includes("restarting"))).toHaveLength(2);
    expect(messages[0]).toMatch(/exited with code 1; restarting in 10 ms/);
    expect(messages[1]).toMatch(/restarting in 20 ms/);
    run.stop("SIGTERM");
    expect(await run.done).toBe(0);
    expect(server.starts()).toBe(3);
  });

  // Issue 43, item 7: after five crashes in 60 s `npm start` gave up and left nothing listening.
  it("keeps restarting past five crashes within a minute, and the server comes back", async () => {
    const server = fakeServer(`if (start <= 12) process.exit(3); setInterval(() => {}, 1000);`);
    const messages: string[] = [];
    const run = supervise({
      command: process.execPath,
      args: [server.file],
      ...fast,
      log: (m) => messages.push(m),
    });
    let ended = false;
    void run.done.then(() => {
      ended = true;
    });
    await until(() => server.starts() === 13 && run.child() !== undefined);
    expect(ended).toBe(false);
    expect(run.restarts()).toBe(12);
    expect(messages.filter((m) => m.includes("restarting"))).toHaveLength(12);
    // The waits doubled up to the cap.
    expect(messages.at(-1)).toMatch(/restarting in 50 ms \(restart 12, crash 12 in a row\)/);
    run.stop("SIGTERM");
    expect(await run.done).toBe(0);
  });

  it("restarts a server that exits cleanly without being asked to", async () => {
    const server = fakeServer(`if (start === 1) process.exit(0); setInterval(() => {}, 1000);`);
    const messages: string[] = [];
    const run = supervise({
      command: process.execPath,
      args: [server.file],
      ...fast,
      log: (m) => messages.push(m),
    });
    await until(() => server.starts() === 2 && run.child() !== undefined);
    expect(messages[0]).toMatch(/without being asked to; restarting/);
    run.stop("SIGTERM");
    expect(await run.done).toBe(0);
  });

  it("starts its back-off over after a stable run", async () => {
    // Crashes at once twice, then after 2 s (stable here), then at once again.
    const server = fakeServer(
      `if (start === 3) setTimeout(() => process.exit(4), 2_000); else if (start < 5) process.exit(4); else setInterval(() => {}, 1000);`,
    );
    const messages: string[] = [];
    const run = supervise({
      command: process.execPath,
      args: [server.file],
      ...fast,
      backoff: { initialMs: 10, maxMs: 1_000, stableMs: 1_500 },
      log: (m) => messages.push(m),
    });
    await until(() => server.starts() === 5 && run.child() !== undefined);
    expect(messages.map((m) => /restarting in (\d+) ms/.exec(m)?.[1])).toEqual(["10", "20", "10", "20"]);
    run.stop("SIGTERM");
    expect(await run.done).toBe(0);
  });

  it("keeps trying when the server cannot even be started", async () => {
    const messages: string[] = [];
    const run = supervise({
      command: path.join(os.tmpdir(), "manara-no-such-command"),
      args: [],
      ...fast,
      log: (m) => messages.push(m),
    });
    await until(() => run.restarts() >= 3);
    expect(messages[0]).toMatch(/could not be started/);
    run.stop("SIGTERM");
    expect(await run.done).toBe(0);
  });

  it("treats death by a signal it did not send as a crash", async () => {
    const server = fakeServer(
      `if (start === 1) process.kill(process.pid, "SIGKILL"); else setInterval(() => {}, 1000);`,
    );
    const messages: string[] = [];
    const run = supervise({
      command: process.execPath,
      args: [server.file],
      ...fast,
      log: (m) => messages.push(m),
    });
    await until(() => server.starts() === 2 && run.child() !== undefined);
    expect(messages[0]).toMatch(/was killed by SIGKILL; restarting/);
    run.stop("SIGTERM");
    expect(await run.done).toBe(0);
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
