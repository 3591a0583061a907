// Keeps the production server running: whenever it stops without having been asked to — a crash (non-zero
// exit, or death by a signal nobody here sent, such as the kernel's out-of-memory SIGKILL) or an exit
// nobody asked for — it is started again after a back-off that doubles from 1 s to at most 30 s, and starts
// over once the server had stayed up for a minute. It never gives up: a supervisor that exits leaves the
// site down with nothing listening (issue 43, item 7), and a broken deployment shows in the log, one line
// per restart. Only SIGINT/SIGTERM to this process (passed on to the server, which drains its requests)
// end supervision.
import { type ChildProcess, spawn } from "node:child_process";

export type BackoffPolicy = {
  /** The wait before the first restart of a streak of crashes. */
  initialMs: number;
  /** The longest wait: the doubling stops here. */
  maxMs: number;
  /** A server that stayed up this long before stopping starts a new streak (the wait is `initialMs` again). */
  stableMs: number;
};

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/**
 * How many crashes in a row the server has had, this one included: after a run of at least `stableMs` the
 * count starts again from 1.
 */
export function crashStreak(previousStreak: number, uptimeMs: number, policy: BackoffPolicy): number {
  return uptimeMs >= policy.stableMs ? 1 : previousStreak + 1;
}

/** The wait before restart number `streak` (1-based) of a streak: `initialMs · 2^(streak-1)`, at most `maxMs`. */
export function restartDelayMs(streak: number, policy: BackoffPolicy): number {
  const doublings = Math.max(0, Math.min(streak - 1, 30));
  return Math.min(policy.maxMs, policy.initialMs * 2 ** doublings);
}

export type SuperviseOptions = {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  backoff?: Partial<BackoffPolicy>;
  stdio?: "inherit" | "ignore";
  log?: (message: string) => void;
  /** Which signals to pass on to the server; tests pass none and call `stop` instead. */
  signals?: NodeJS.Signals[];
};

export type Supervision = {
  /** Resolves with the exit code `npm start` should end with, once stopped. */
  done: Promise<number>;
  /** Stops supervising: the signal goes to the server, whose exit then ends supervision. */
  stop: (signal?: NodeJS.Signals) => void;
  /** The running server, if any (between a crash and its restart there is none). */
  child: () => ChildProcess | undefined;
  /** How many times the server was started again. */
  restarts: () => number;
};

export function supervise(options: SuperviseOptions): Supervision {
  const policy: BackoffPolicy = { ...DEFAULT_BACKOFF, ...options.backoff };
  const log = options.log ?? ((message: string) => console.error(`[manara supervisor] ${message}`));
  let streak = 0;
  let restarts = 0;
  let current: ChildProcess | undefined;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let stopping = false;
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });

  function start() {
    restartTimer = undefined;
    const startedAt = Date.now();
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: options.stdio ?? "inherit",
    });
    current = child;
    // A spawn that fails (a missing command) emits "error", and may or may not emit "exit" too: either
    // way this start ends once.
    let over = false;
    const end = (how: string, code: number) => {
      if (over) return;
      over = true;
      current = undefined;
      if (stopping) {
        finish(code);
        return;
      }
      streak = crashStreak(streak, Date.now() - startedAt, policy);
      const wait = restartDelayMs(streak, policy);
      restarts += 1;
      log(`The server ${how}; restarting in ${wait} ms (restart ${restarts}, crash ${streak} in a row).`);
      restartTimer = setTimeout(start, wait);
    };
    child.on("error", (error) => end(`could not be started (${error.message})`, 1));
    child.on("exit", (code, signal) =>
      end(
        signal
          ? `was killed by ${signal}`
          : code === 0
            ? "exited (code 0) without being asked to"
            : `exited with code ${code}`,
        code ?? 0,
      ),
    );
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
      restartTimer = undefined;
    }
    if (current) current.kill(signal);
    else finish(0);
  }

  for (const signal of options.signals ?? []) process.on(signal, () => stop(signal));
  start();
  return { done, stop, child: () => current, restarts: () => restarts };
}
