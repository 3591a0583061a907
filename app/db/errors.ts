// Reading what the database refused. drizzle wraps driver errors; node-postgres and PGlite report the
// SQLSTATE as `code` somewhere along the `cause` chain, and Node reports a refused or broken socket the same
// way (ECONNREFUSED…).

/** 23505: a unique index refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  return causes(error).some((cause) => codeOf(cause) === "23505");
}

/** How long a client is asked to wait before trying again while the database is away (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs that say the database is away, not that the statement was wrong: class 08 (connection
 * exception) is matched as a class.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: terminating connection due to administrator command (a restart, a fast stop)
  "57P02", // crash_shutdown: another server process crashed, or an immediate stop
  "57P03", // cannot_connect_now: the database system is starting up or shutting down
  "57P05", // idle_session_timeout
  "57014", // query_canceled: the statement ran past statement_timeout
  "53300", // too_many_connections
]);

/** What Node says about a socket to a server that is not there (or no longer answers). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * node-postgres reports a lost connection and its own timeouts without a code; these are its messages
 * (pg/lib/client.js, pg-pool/index.js in pg 8.23).
 */
const UNAVAILABLE_DRIVER_MESSAGES = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "timeout expired",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
]);

/**
 * True when `error` (or what it wraps) says the database cannot be reached right now: refused, lost or
 * timed-out connections, a server starting up or shutting down, a statement cut off by the timeouts.
 * Such a request answers 503 with Retry-After; anything else is a bug to see (500, logged in full).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== undefined;
}

/** The driver's own words for why the database is unavailable ("ECONNREFUSED: connect ECONNREFUSED …"). */
export function unavailableReason(error: unknown): string {
  const cause = unavailableCause(error);
  if (!cause) return String(error);
  const code = codeOf(cause);
  return code ? `${code}: ${cause.message}` : cause.message;
}

function unavailableCause(error: unknown): Error | undefined {
  return causes(error).find((cause): cause is Error => {
    const code = codeOf(cause);
    if (
      code &&
      (code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))
    )
      return true;
    return cause instanceof Error && UNAVAILABLE_DRIVER_MESSAGES.has(cause.message);
  });
}

/** `error`, what it wraps (`cause`), and the attempts of an AggregateError (one per address tried). */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  const visit = (current: unknown, depth: number) => {
    if (depth > 10 || !(current instanceof Error) || found.includes(current)) return;
    found.push(current);
    visit(current.cause, depth + 1);
    if (current instanceof AggregateError) for (const inner of current.errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return found;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
