// Reading what the database refused. drizzle wraps driver errors; both postgres.js and PGlite report the
// SQLSTATE as `code` somewhere along the `cause` chain.

/** 23505: a unique index refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
