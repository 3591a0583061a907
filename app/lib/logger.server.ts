// The server's one logger (decision 059): pino (https://github.com/pinojs/pino), one JSON line per event on
// stderr, each with its `area` and, for a request, its `requestId` — the id its answer carries in
// X-Request-Id, so an operator finds the line of a user's 500. Never log a secret: a token, a password, a
// cookie or an Authorization header; the keys below are blanked should one slip into an object logged.
import pino, { type DestinationStream, type Logger } from "pino";
import { readConfig } from "../config.server";

export type { Logger } from "pino";

/**
 * Where lines go: stderr, or what a test put there (`captureLogs`). Kept on globalThis, so every copy of
 * this module (the Vite-loaded app in the integration tests, and the test's own import) writes to the same.
 */
type Sink = { write: (line: string) => void };
const SINK_KEY = Symbol.for("manara.logSink");
const globals = globalThis as { [SINK_KEY]?: Sink };

const stderr = pino.destination({ dest: 2, sync: true });
const sink: DestinationStream = {
  write: (line: string) => {
    const target = globals[SINK_KEY];
    if (target) target.write(line);
    else stderr.write(line);
  },
};

/** Keys whose values are never written, wherever they sit in an object logged (one level deep). */
const REDACTED = [
  "password",
  "token",
  "secret",
  "authorization",
  "cookie",
  "*.password",
  "*.token",
  "*.secret",
  "*.authorization",
  "*.cookie",
  "headers.authorization",
  "headers.cookie",
];

let root: Logger | undefined;

function rootLogger(): Logger {
  if (root) return root;
  let level: string;
  try {
    level = readConfig().logLevel;
  } catch {
    // A configuration the server refuses at start is reported there; its log lines still go out.
    level = "info";
  }
  root = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    sink,
  );
  return root;
}

/** The logger of one area of the app (`http`, `jobs`, `db`, `video`…). */
export function logger(area: string, fields: Record<string, unknown> = {}): Logger {
  return rootLogger().child({ area, ...fields });
}

/**
 * For tests: every line from now on is kept (parsed, and handed to `onLine`) instead of written, until
 * `restore`; the level is the one given, `info` by default, whatever LOG_LEVEL says.
 */
export function captureLogs(
  options: { level?: string; onLine?: (line: Record<string, unknown>) => void } = {},
) {
  const lines: Record<string, unknown>[] = [];
  const previous = globals[SINK_KEY];
  const root = rootLogger();
  const previousLevel = root.level;
  root.level = options.level ?? "info";
  globals[SINK_KEY] = {
    write: (text) => {
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      options.onLine?.(line);
    },
  };
  return {
    lines,
    restore() {
      globals[SINK_KEY] = previous;
      root.level = previousLevel;
    },
  };
}
