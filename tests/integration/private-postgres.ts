// A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port and socket
// directory), for tests that stop and restart the database under a running server: the shared PostgreSQL
// of TEST_DATABASE_URL serves other tests and people at the same time and must never be restarted.
import { type SpawnOptions, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, HOST } from "./server-process";

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** `pg_ctl restart`: stops in `mode`, starts again, and resolves once it accepts connections. */
  restart: (mode: "smart" | "fast" | "immediate") => Promise<void>;
  stop: (mode: "smart" | "fast" | "immediate") => Promise<void>;
  /** Resolves once the cluster accepts connections. */
  start: () => Promise<void>;
  /** Runs `sql` with psql and returns its unaligned output. */
  query: (sql: string) => Promise<string>;
  /** The server log, for failure messages. */
  log: () => string;
  /** Stops the cluster (immediate) and deletes its directory. */
  destroy: () => Promise<void>;
};

/** Where initdb and pg_ctl are: PG_BIN, or the newest /usr/lib/postgresql/<version>/bin. Null: none here. */
export function postgresBinDirectory(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : [];
  return (
    candidates.find((dir) =>
      ["initdb", "pg_ctl", "postgres", "psql"].every((bin) => existsSync(path.join(dir, bin))),
    ) ?? null
  );
}

/** PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` account. */
function unprivilegedAccount(): { uid: number; gid: number } | null | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line) return null;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** Why a private cluster cannot run here, or null when it can. */
export function privatePostgresUnavailableReason(): string | null {
  if (!postgresBinDirectory())
    return "no PostgreSQL binaries (initdb, pg_ctl, postgres, psql) under /usr/lib/postgresql/*/bin or PG_BIN";
  if (unprivilegedAccount() === null)
    return "running as root and there is no `postgres` account to run the cluster as";
  return null;
}

function runBinary(file: string, args: string[], options: SpawnOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(file)} ${args.join(" ")} failed:\n${output}`)),
    );
  });
}

/** Creates, starts and returns a cluster; check `privatePostgresUnavailableReason()` first. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDirectory();
  if (!bin) throw new Error("no PostgreSQL binaries");
  const account = unprivilegedAccount() ?? undefined;
  const directory = mkdtempSync(path.join(os.tmpdir(), "manara-pg-"));
  if (account) chownSync(directory, account.uid, account.gid);
  const data = path.join(directory, "data");
  const logFile = path.join(directory, "server.log");
  const port = await freePort();
  const options: SpawnOptions = {
    cwd: directory,
    env: { PATH: process.env.PATH, LC_ALL: "C", TZ: "UTC" },
    ...(account ?? {}),
  };
  const pgCtl = (args: string[]) =>
    runBinary(path.join(bin, "pg_ctl"), ["-D", data, "-w", "-t", "60", ...args], options);
  // A socket directory of its own; durability switched off, since nothing here needs to survive a crash of
  // the machine (a restart of PostgreSQL itself still recovers from its WAL).
  const serverOptions = [
    `-p ${port}`,
    `-k ${directory}`,
    `-c listen_addresses=${HOST}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=100",
  ].join(" ");
  await runBinary(
    path.join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"],
    options,
  );
  const start = () => pgCtl(["-l", logFile, "-o", serverOptions, "start"]).then(() => {});
  await start();
  return {
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    port,
    start,
    restart: (mode) => pgCtl(["-l", logFile, "-o", serverOptions, "-m", mode, "restart"]).then(() => {}),
    stop: (mode) => pgCtl(["-m", mode, "stop"]).then(() => {}),
    query: (sql) =>
      runBinary(
        path.join(bin, "psql"),
        ["-h", HOST, "-p", String(port), "-U", "postgres", "-d", "postgres", "-XAtc", sql],
        options,
      ),
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
    destroy: async () => {
      await pgCtl(["-m", "immediate", "stop"]).catch(() => {});
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
