// Changing the sign-in email. It asks for the password (a borrowed, unlocked laptop must not be enough to
// take the account over), and the old address is told, with a way back in if it was not its owner. Reset
// links mailed to the old address end with the change.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { verifyPassword } from "../auth/password.server";
import type { Database } from "../db/client.server";
import { isUniqueViolation } from "../db/errors";
import { users } from "../db/schema";
import { emailAddress, safeText } from "../lib/validation";
import { endResetLinks } from "./password-reset.server";

/** Messages are keys in the `auth` namespace. */
export const EmailChangeInput = z.object({
  newEmail: emailAddress("errors.emailInvalid"),
  currentPassword: safeText({ max: 1000, error: "errors.passwordRequired" }).min(1, {
    error: "errors.passwordRequired",
  }),
});
export type EmailChangeInput = z.infer<typeof EmailChangeInput>;

export type EmailChangeOutcome =
  | { ok: true; previousEmail: string; name: string; nameAr: string | null }
  | { ok: false; reason: "wrong_password" | "no_password" | "same_email" | "email_taken" };

export async function changeEmail(
  db: Database,
  userId: string,
  input: EmailChangeInput,
): Promise<EmailChangeOutcome> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, name: users.name, nameAr: users.nameAr })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  // A Google-only account has no password to confirm with; it sets one first (the page says so).
  if (!user?.passwordHash) return { ok: false, reason: "no_password" };
  if (!(await verifyPassword(input.currentPassword, user.passwordHash)))
    return { ok: false, reason: "wrong_password" };
  if (user.email.toLowerCase() === input.newEmail) return { ok: false, reason: "same_email" };
  try {
    const changed = await db.transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({ email: input.newEmail })
        .where(and(eq(users.id, userId), ne(sql`lower(${users.email})`, input.newEmail)))
        .returning({ id: users.id });
      if (updated.length > 0) await endResetLinks(tx, userId);
      return updated.length > 0;
    });
    if (!changed) return { ok: false, reason: "same_email" };
  } catch (error) {
    // The unique index on lower(email) decides races between two people claiming one address.
    if (isUniqueViolation(error)) return { ok: false, reason: "email_taken" };
    throw error;
  }
  return { ok: true, previousEmail: user.email, name: user.name, nameAr: user.nameAr };
}
