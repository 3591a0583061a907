// Keeps the production server running: a crash (non-zero exit, or death by a signal nobody here sent, such
// as the kernel's out-of-memory SIGKILL) starts it again after a short back-off; too many crashes in a
// minute give up with exit 1, so a broken deployment fails loudly instead of looping. A clean exit, or
// SIGINT/SIGTERM to this process (passed on to the server, which drains its requests), ends supervision.
import { type ChildProcess, spawn } from "node:child_process";

export type SuperviseOptions = {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Give up after this many crashes within `crashWindowMs`. */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** Back-off before restart n (1-based): `backoffMs * 2^(n-1)`, at most `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  stdio?: "inherit" | "ignore";
  log?: (message: string) => void;
  /** Which signals to pass on to the server; tests pass none and call `stop` instead. */
  signals?: NodeJS.Signals[];
};

export type Supervision = {
  /** Resolves with the exit code `npm start` should end with. */
  done: Promise<number>;
  /** Stops supervising: the signal goes to the server, whose exit then ends supervision. */
  stop: (signal?: NodeJS.Signals) => void;
  /** The running server, if any (between a crash and its restart there is none). */
  child: () => ChildProcess | undefined;
};

export function supervise(options: SuperviseOptions): Supervision {
  const maxCrashes = options.maxCrashes ?? 5;
  const crashWindowMs = options.crashWindowMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const log = options.log ?? ((message: string) => console.error(`[manara supervisor] ${message}`));
  const crashes: number[] = [];
  let current: ChildProcess | undefined;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let stopping = false;
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });

  function start() {
    restartTimer = undefined;
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: options.stdio ?? "inherit",
    });
    current = child;
    child.on("error", (error) => log(`Could not start the server: ${error.message}`));
    child.on("exit", (code, signal) => {
      current = undefined;
      if (stopping) {
        finish(code ?? 0);
        return;
      }
      if (code === 0) {
        log("The server exited cleanly.");
        finish(0);
        return;
      }
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && (crashes[0] ?? 0) <= now - crashWindowMs) crashes.shift();
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (crashes.length >= maxCrashes) {
        log(`The server ${how}: ${crashes.length} crashes within ${crashWindowMs / 1000} s, giving up.`);
        finish(1);
        return;
      }
      const wait = Math.min(maxBackoffMs, backoffMs * 2 ** (crashes.length - 1));
      log(`The server ${how}; restarting in ${wait} ms (crash ${crashes.length} of ${maxCrashes} allowed).`);
      restartTimer = setTimeout(start, wait);
    });
  }

  function stop(signal: NodeJS.Signals = "SIGTERM") {
    if (stopping) {
      // A second Ctrl-C: do not wait for the drain.
      current?.kill("SIGKILL");
      return;
    }
    stopping = true;
    if (restartTimer) {
      clearTimeout(restartTimer);
      finish(0);
      return;
    }
    if (current) current.kill(signal);
    else finish(0);
  }

  for (const signal of options.signals ?? []) process.on(signal, () => stop(signal));
  start();
  return { done, stop, child: () => current };
}
