// "Forgot password": a request mails a single-use link, and the link sets a new password and signs the
// account out everywhere. The request answers the same whether or not the address has an account, and
// takes about as long either way: the mail is queued with the link's row and sent by a worker
// (docs/decisions/023-account-mail.md, 048-job-queue.md).
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "../auth/password.server";
import { hitRateLimit, RATE_LIMITS } from "../auth/rate-limit.server";
import { publicOrigin } from "../config.server";
import type { Database, Queryable } from "../db/client.server";
import { passwordResetTokens, sessions, users } from "../db/schema";
import { type Locale, localizePath } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import { pick } from "../lib/localized";
import { emailAddress, safeText } from "../lib/validation";
import { passwordResetMail } from "../mail/messages.server";
import { enqueueMail } from "../mail/outgoing.server";
import { endEmailChanges } from "./email-change-rows.server";
import { isWellFormedResetToken, newResetToken, RESET_TOKEN_MINUTES, resetTokenId } from "./reset-token";

/** Messages are keys in the `auth` namespace. */
export const ForgotPasswordInput = z.object({
  email: emailAddress("errors.emailInvalid"),
});

export const ResetPasswordInput = z.object({
  token: safeText({ max: 200, error: "reset.invalidLink" }),
  password: safeText({ max: 1000, error: "errors.passwordTooShort", tooLong: "errors.passwordTooLong" })
    .min(8, { error: "errors.passwordTooShort" })
    .max(128, { error: "errors.passwordTooLong" }),
});

export type ForgotPasswordOutcome =
  | { ok: true }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

export async function requestPasswordReset(
  db: Database,
  { email, address, locale, t }: { email: string; address: string; locale: Locale; t: TFunction },
): Promise<ForgotPasswordOutcome> {
  // The per-address limit may say "slow down" out loud: it says nothing about whether the account exists.
  const perIp = await hitRateLimit(db, `reset:ip:${address}`, RATE_LIMITS.passwordResetPerIp);
  if (!perIp.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: perIp.retryAfterSeconds };
  // The per-account limit keeps a stranger from filling someone's inbox; past it, the answer is the same
  // but no mail goes out.
  const perAccount = await hitRateLimit(db, `reset:account:${email}`, RATE_LIMITS.passwordResetPerAccount);
  const none = { ok: true as const };
  if (!perAccount.allowed) return none;
  const { token, id, expiresAt } = newResetToken();
  // On the configured origin, never the request's Host: a forged header would mail the token elsewhere.
  const resetUrl = `${publicOrigin()}${localizePath("/auth/reset-password", locale)}?token=${token}`;
  await db.transaction(async (tx) => {
    // The row lock orders this after an email or password change under way (which ends every link, this
    // one included, once it has it) or before it: a link is never issued for an address the account no
    // longer has, nor survives a change that started before it was stored.
    const [found] = await tx
      .select({ id: users.id, name: users.name, nameAr: users.nameAr, email: users.email })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)))
      .for("update");
    if (!found) return;
    // Old links of this account that have run out go with the new one's arrival.
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, found.id), lte(passwordResetTokens.expiresAt, new Date())));
    await tx.insert(passwordResetTokens).values({ id, userId: found.id, expiresAt });
    // Queued with the link's row: both or neither. A mail still unsent when the link runs out is dropped.
    const name = pick(locale, found.name, found.nameAr);
    const message = passwordResetMail(t, locale, {
      to: found.email,
      name,
      resetUrl,
      minutes: RESET_TOKEN_MINUTES,
    });
    await enqueueMail(db, tx, message, { key: `reset:${id}`, notAfter: expiresAt });
  });
  return none;
}

/** Whether a link is still good: for the page to offer the form, or say the link has run out. */
export async function isResetTokenValid(db: Database, token: unknown): Promise<boolean> {
  if (!isWellFormedResetToken(token)) return false;
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.id, resetTokenId(token)),
        gt(passwordResetTokens.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    );
  return Boolean(row);
}

export type ResetPasswordOutcome =
  | { ok: true; userId: string; email: string; revokedSessions: number }
  | { ok: false; reason: "invalid_token" };

/**
 * Sets the password the link's owner chose. Deleting the token row is what spends it, so two tabs
 * submitting the same link at once cannot both succeed; every other link of the account, a pending email
 * change and every session (browsers and API tokens) end with it.
 */
export async function resetPassword(
  db: Database,
  input: z.infer<typeof ResetPasswordInput>,
): Promise<ResetPasswordOutcome> {
  if (!isWellFormedResetToken(input.token)) return { ok: false, reason: "invalid_token" };
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.id, resetTokenId(input.token)),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return { ok: false, reason: "invalid_token" } as const;
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, spent.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email });
    if (!user) return { ok: false, reason: "invalid_token" } as const;
    await endResetLinks(tx, user.id);
    // An email change asked for with the old password ends too: the old mailbox's holder is back in.
    await endEmailChanges(tx, user.id);
    const revoked = await tx
      .delete(sessions)
      .where(eq(sessions.userId, user.id))
      .returning({ id: sessions.id });
    return { ok: true, userId: user.id, email: user.email, revokedSessions: revoked.length } as const;
  });
}

/**
 * Ends every outstanding reset link of the account. Whatever changes its email or its password calls it in
 * the same transaction (the change of either, a reset, the account's deletion): a link mailed before the
 * change, perhaps to an address that is no longer the owner's, must not set a password after it.
 */
export async function endResetLinks(db: Queryable, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Removes links that have run out (the sweeper's job; a link is also deleted when it is used). */
export async function deleteExpiredResetTokens(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(passwordResetTokens)
    .where(lte(passwordResetTokens.expiresAt, now))
    .returning({ id: passwordResetTokens.id });
  return deleted.length;
}
