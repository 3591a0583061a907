// The production server as a child process (`node server.mjs` on the build), for tests that need the whole
// stack: a free port, the demo content seeded first, raw HTTP requests, and a clean stop.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const root = path.resolve(import.meta.dirname, "../..");
export const HOST = "127.0.0.1";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** One request, answered in full (node:http: no Accept-Encoding unless asked). */
export function send(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string | Uint8Array,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: HOST, port, method, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** Runs a command of the project to completion (a seed, a migration). */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${errors}`))));
  });
}

/** Seeds the demo content into the database `env` names, as `npm start` does. */
export function seed(env: NodeJS.ProcessEnv): Promise<void> {
  return run(path.join(root, "node_modules/.bin/tsx"), ["scripts/db-seed.ts"], env);
}

export type ServerProcess = {
  port: number;
  child: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts `server.mjs` with `env` and waits until it listens: on a free port, or on `port` (a server restarted
 * where a load balancer expects it).
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  { port: wantedPort }: { port?: number } = {},
): Promise<ServerProcess> {
  const port = wantedPort ?? (await freePort());
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!log.includes("listening")) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await sleep(100);
  }
  return {
    port,
    child,
    log: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([gone, sleep(12_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
