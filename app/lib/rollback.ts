// drizzle rolls a transaction back when its callback throws: a domain that refuses halfway through a
// transaction throws its refusal inside a `Rollback`, and reads it back with `refusalOf` once the
// transaction is over. Any other error is thrown on.
export class Rollback<Refusal> extends Error {
  constructor(readonly refusal: Refusal) {
    super(
      typeof refusal === "object" && refusal && "reason" in refusal ? String(refusal.reason) : "rollback",
    );
  }
}

/** The refusal a `Rollback` carried; any other error is thrown again. */
export function refusalOf<Refusal>(error: unknown): Refusal {
  if (error instanceof Rollback) return error.refusal as Refusal;
  throw error;
}
