// Helpers the HTTP benchmarks share (bench/run.ts and bench/ab.ts): settings from the environment, free
// ports, requests that see the bytes autocannon sees, a plain node:http server sending a fixed answer, and
// stopping a server's whole process group.
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export const HOST = "127.0.0.1";

export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** A port nothing listens on now (the kernel picks it), so parallel runs and fixed ports never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type Fetched = {
  status: number;
  contentType: string | undefined;
  age: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

export type RequestOptions = {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string;
  timeoutMs?: number;
};

// node:http rather than fetch: no Accept-Encoding, so these are the bytes autocannon receives too, and a
// redirect is returned as it is instead of being followed.
export function request(port: number, urlPath: string, options: RequestOptions = {}): Promise<Fetched> {
  const { method = "GET", headers = {}, body, timeoutMs = 5_000 } = options;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: HOST,
        port,
        path: urlPath,
        method,
        timeout: timeoutMs,
        headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers["content-type"],
            age: response.headers.age,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`${method} ${urlPath} timed out`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

export function get(port: number, urlPath: string, timeoutMs = 5_000): Promise<Fetched> {
  return request(port, urlPath, { timeoutMs });
}

/** The child's recent output, shown only when it fails to come up. */
export function keepTail(child: ChildProcess): () => string {
  let tail = "";
  const append = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  return () => tail;
}

/** Kills the whole process group (e.g. npm → tsx → start.ts → server.mjs) and waits for the leader to go. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup("SIGTERM");
  const timedOut = await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)]);
  // Whether or not the leader went quietly, nothing of the group may outlive the benchmark.
  signalGroup("SIGKILL");
  if (timedOut) await Promise.race([exited, sleep(2_000)]);
}

/**
 * Polls GET / until it answers 200. `label` names what was started, for the error when it exits first.
 * Building, migrating and seeding may all happen before the first 200, hence the long default.
 */
export async function waitForApp(
  port: number,
  child: ChildProcess,
  output: () => string,
  { label = "npm start", timeoutMs = 240_000 }: { label?: string; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}) before serving:\n${output()}`);
    }
    try {
      if ((await get(port, "/", 2_000)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error(`GET / did not answer 200 within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Answers every request with `page`'s bytes and content type: the most a Node HTTP server can do. */
export function startPlainServer(page: Pick<Fetched, "body" | "contentType">): Promise<http.Server> {
  const headers: http.OutgoingHttpHeaders = { "content-length": page.body.length };
  if (page.contentType) headers["content-type"] = page.contentType;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(page.body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, HOST, () => resolve(server));
  });
}

export function closeServer(server: http.Server): void {
  server.closeAllConnections();
  server.close();
}

// Two significant digits: the app's ratios can be far below 0.01, where a fixed two decimals shows 0.00.
export function formatRatio(ratio: number): string {
  return ratio >= 1 ? ratio.toFixed(2) : String(Number(ratio.toPrecision(2)));
}
