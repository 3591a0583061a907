// Sends one fuzz case through the app and returns what is wrong with the answer (nothing, ideally).
import fc from "fast-check";
import type { FuzzApp } from "./app";
import { describeRequest, diffSnapshots, isApiTarget, type Observed, observe, snapshot } from "./checks";
import type { Fixtures, Role } from "./fixtures";

export type Credentials = "none" | "bearer" | "cookie" | "both" | "garbage";

export type Case = {
  method: string;
  target: string;
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  contentType?: string;
  /** "buyer": the fixtures' user with money and an unbought paid course. */
  role?: Role | "buyer";
  credentials?: Credentials;
  headers?: Record<string, string>;
  /**
   * Why this input must be refused: then no 2xx/3xx... is checked by `expect`, and the database must not move
   * (as after every GET and HEAD, and every 4xx).
   */
  refused?: string;
  /** Extra rule on the answer; returns a problem or null. */
  expect?: (observed: Observed) => string | null;
};

export const GARBAGE_AUTH = [
  "Bearer ",
  "Bearer",
  "Basic YWRtaW46YWRtaW4=",
  `Bearer ${"x".repeat(8000)}`,
  "Bearer a b c",
  "Bearer %00",
  "bearer ../../etc/passwd",
  "Bearer \u00e9\u00e9",
];

/** Errors the app logged while a case ran: the first one helps to find the cause of a 5xx. */
const logged: string[] = [];
export function captureLog(...args: unknown[]) {
  const first = args
    .map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg)))
    .join(" ");
  logged.push(first.split("\n")[0]?.slice(0, 200) ?? "");
}

const CASE_TIMEOUT_MS = 10_000;

export type Outcome = { observed?: Observed; problems: string[]; description: string };

/**
 * The running test's abort signal (Vitest aborts it when the test times out). A timed-out test's promise is
 * abandoned, not stopped: without this its loop went on sending requests while the next tests ran, and they
 * saw its sessions appear and its deletions happen (CI of stop 55). Set by `stopWhenAborted` in a beforeEach.
 */
let running: AbortSignal | undefined;
export function stopWhenAborted(signal: AbortSignal) {
  running = signal;
}

export async function runCase(app: FuzzApp, fixtures: Fixtures, testCase: Case): Promise<Outcome> {
  running?.throwIfAborted();
  const role = testCase.role ?? "guest";
  const who = role === "buyer" ? fixtures.buyer : role;
  const credentials = testCase.credentials ?? "none";
  const headers = new Headers();
  if (testCase.contentType !== undefined) headers.set("Content-Type", testCase.contentType);
  if (credentials === "bearer" || credentials === "both") {
    const bearer = await fixtures.bearer(who);
    if (bearer) headers.set("Authorization", bearer);
  }
  if (credentials === "cookie" || credentials === "both") {
    const cookie = await fixtures.cookie(who);
    if (cookie) headers.set("Cookie", cookie);
  }
  if (credentials === "garbage") {
    headers.set("Authorization", GARBAGE_AUTH[testCase.target.length % GARBAGE_AUTH.length] ?? "Bearer ");
    headers.set("Cookie", `${fixtures.cookieName}=${"%ff".repeat(testCase.target.length % 7)}x.y; a=%00`);
  }
  for (const [name, value] of Object.entries(testCase.headers ?? {})) headers.set(name, value);
  const description = describeRequest(
    testCase.method,
    testCase.target,
    testCase.contentType,
    testCase.body instanceof ReadableStream ? "(stream)" : testCase.body,
    credentials === "none" || role === "guest" ? "guest" : `${role} (${credentials})`,
  );

  const before = await snapshot(app.db);
  logged.length = 0;
  let observed: Observed;
  try {
    // A request that never gets an answer is a failure too (and must not eat the whole test's time).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CASE_TIMEOUT_MS} ms`)), CASE_TIMEOUT_MS);
    });
    try {
      observed = await Promise.race([
        app
          .fetch(testCase.target, {
            method: testCase.method,
            headers,
            body: testCase.body as BodyInit | undefined,
          })
          .then((response) => observe(testCase.method, testCase.target, response)),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    return { problems: [`the handler threw: ${String(error).slice(0, 200)}`], description };
  }
  const problems = [...observed.problems];
  const extra = testCase.expect?.(observed);
  if (extra) problems.push(extra);
  // A GET or HEAD changes nothing, whatever it answers (issue 43: no GET changes state); refused input neither.
  const safe = ["GET", "HEAD"].includes(testCase.method.toUpperCase()) ? `a ${testCase.method}` : undefined;
  const refused =
    testCase.refused ??
    safe ??
    (observed.status >= 400 && observed.status < 500 ? `${observed.status}` : undefined);
  if (refused) {
    const changes = diffSnapshots(before, await snapshot(app.db));
    if (changes.length > 0)
      problems.push(`database changed on refused input (${refused}): ${changes.join(", ")}`);
  }
  if (observed.status >= 500 && logged.length > 0) problems.push(`logged: ${logged[0]}`);
  return { observed, problems, description };
}

// FUZZ_SURVEY=1 runs every generated case and lists all failures instead of stopping at the first one.
export const SURVEY = process.env.FUZZ_SURVEY === "1";
export const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS_FACTOR = Number(process.env.FUZZ_RUNS_FACTOR ?? 1);
const survey: Map<string, string[]> = new Map();

export function record(group: string, outcome: Outcome) {
  if (outcome.problems.length === 0) return;
  const entry = `${outcome.description}\n      → ${outcome.problems.join("\n      → ")}`;
  const list = survey.get(group) ?? [];
  list.push(entry);
  survey.set(group, list);
}

export function surveyReport(): string {
  return [...survey.entries()]
    .map(([group, entries]) => `## ${group} (${entries.length})\n  ${entries.join("\n  ")}`)
    .join("\n\n");
}
export function surveyCount(): number {
  return [...survey.values()].reduce((sum, list) => sum + list.length, 0);
}

/** Runs a property over generated cases: stops and shrinks on the first failure, or surveys them all. */
export async function fuzz<T>(
  group: string,
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  toCase: (value: T) => Case,
  context: { app: FuzzApp; fixtures: Fixtures },
) {
  const runs = Math.max(1, Math.round(numRuns * RUNS_FACTOR));
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      const outcome = await runCase(context.app, context.fixtures, toCase(value));
      if (SURVEY) {
        record(group, outcome);
        return;
      }
      if (outcome.problems.length > 0)
        throw new Error(`${outcome.description}\n  ${outcome.problems.join("\n  ")}`);
    }),
    { seed: SEED, numRuns: runs, endOnFailure: false },
  );
}

/** Fixed cases (regression examples): all of them run, then the test fails listing every one that broke a rule. */
export async function checkAll(group: string, context: { app: FuzzApp; fixtures: Fixtures }, cases: Case[]) {
  const failures: string[] = [];
  const outcomes: Outcome[] = [];
  for (const testCase of cases) {
    const outcome = await runCase(context.app, context.fixtures, testCase);
    outcomes.push(outcome);
    if (SURVEY) record(group, outcome);
    else if (outcome.problems.length > 0)
      failures.push(`${outcome.description}\n    → ${outcome.problems.join("\n    → ")}`);
  }
  if (failures.length > 0)
    throw new Error(`${failures.length} of ${cases.length} cases failed:\n  ${failures.join("\n  ")}`);
  return outcomes;
}

export { isApiTarget };
