// Changing the sign-in email (docs/decisions/043). Asking takes the password (a borrowed, unlocked laptop
// must not be enough) and only stores a pending change: a single-use link goes to the NEW address, and the
// old one is told a change was asked for, with the way back in. The email changes when the account's owner,
// signed in, opens the link and confirms; reset links mailed to the old address end then.
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { verifyPassword } from "../auth/password.server";
import { hitRateLimits, RATE_LIMITS } from "../auth/rate-limit.server";
import { publicOrigin } from "../config.server";
import type { Database, Queryable } from "../db/client.server";
import { isUniqueViolation } from "../db/errors";
import { emailChanges, users } from "../db/schema";
import { type Locale, localizePath } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import { pick } from "../lib/localized";
import { emailAddress, safeText } from "../lib/validation";
import { emailChangeConfirmMail, emailChangedMail, emailChangeRequestedMail } from "../mail/messages.server";
import { enqueueMail } from "../mail/outgoing.server";
import { endEmailChanges } from "./email-change-rows.server";
import { endResetLinks } from "./password-reset.server";
import { isWellFormedResetToken, newLinkToken, resetTokenId } from "./reset-token";

/** How long a confirmation link works. */
export const EMAIL_CHANGE_HOURS = 24;

/** Messages are keys in the `auth` namespace. */
export const EmailChangeInput = z.object({
  newEmail: emailAddress("errors.emailInvalid"),
  currentPassword: safeText({ max: 1000, error: "errors.passwordRequired" }).min(1, {
    error: "errors.passwordRequired",
  }),
});
export type EmailChangeInput = z.infer<typeof EmailChangeInput>;

/** The confirmation: the token of the mailed link. */
export const EmailChangeConfirmInput = z.object({
  token: safeText({ max: 200, error: "emailConfirm.invalid" }),
});

export type PendingEmailChange = { newEmail: string; expiresAt: Date };

export type EmailChangeRequestOutcome =
  | (PendingEmailChange & { ok: true })
  | { ok: false; reason: "wrong_password" | "no_password" | "same_email" | "email_taken" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Stores a pending change (replacing an older one of the account) and mails the confirmation link to the new
 * address and a notice to the current one, in `locale` (`t` fixed to the `mail` namespace).
 */
export async function requestEmailChange(
  db: Database,
  {
    userId,
    input,
    address,
    locale,
    t,
  }: { userId: string; input: EmailChangeInput; address: string; locale: Locale; t: TFunction },
): Promise<EmailChangeRequestOutcome> {
  // Counted before the password is checked, so the form is no way to guess passwords quickly either.
  const limited = await hitRateLimits(db, [
    { key: `email-change:account:${userId}`, rule: RATE_LIMITS.emailChangePerAccount },
    { key: `email-change:ip:${address}`, rule: RATE_LIMITS.emailChangePerIp },
  ]);
  if (!limited.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limited.retryAfterSeconds };
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  // A Google-only account has no password to confirm with; it sets one first (the page says so).
  if (!user?.passwordHash) return { ok: false, reason: "no_password" };
  if (!(await verifyPassword(input.currentPassword, user.passwordHash)))
    return { ok: false, reason: "wrong_password" };
  if (user.email.toLowerCase() === input.newEmail) return { ok: false, reason: "same_email" };
  // Said now so a typo is caught at once; the confirmation checks again, since the address may be taken
  // in between.
  if (await isEmailTaken(db, input.newEmail, userId)) return { ok: false, reason: "email_taken" };

  const { token, id, expiresAt } = newLinkToken(EMAIL_CHANGE_HOURS * 60);
  // On the configured origin, never the request's Host: a forged header would mail the token elsewhere.
  const confirmUrl = `${publicOrigin()}${localizePath("/account/confirm-email", locale)}?token=${token}`;
  const forgotUrl = `${publicOrigin()}${localizePath("/auth/forgot-password", locale)}`;
  const stored = await db.transaction(async (tx) => {
    // The row lock orders this with a confirmation or a reset of the same account under way.
    const [locked] = await tx
      .select({ name: users.name, nameAr: users.nameAr, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("update");
    if (!locked) return false;
    // A newer request replaces the older one: its link stops working.
    await endEmailChanges(tx, userId);
    await tx.insert(emailChanges).values({ id, userId, newEmail: input.newEmail, expiresAt });
    // Both mails are queued with the pending change (app/mail/outgoing.server.ts): the link to the new
    // address, dropped unsent once it has run out, and the notice to the current one.
    const name = pick(locale, locked.name, locked.nameAr);
    const confirm = emailChangeConfirmMail(t, locale, {
      to: input.newEmail,
      name,
      confirmUrl,
      hours: EMAIL_CHANGE_HOURS,
    });
    const notice = emailChangeRequestedMail(t, locale, {
      to: locked.email,
      name,
      newEmail: input.newEmail,
      forgotUrl,
      hours: EMAIL_CHANGE_HOURS,
    });
    await enqueueMail(db, tx, confirm, { key: `email-change:${id}:confirm`, notAfter: expiresAt });
    await enqueueMail(db, tx, notice, { key: `email-change:${id}:notice` });
    return true;
  });
  if (!stored) return { ok: false, reason: "no_password" };
  return { ok: true, newEmail: input.newEmail, expiresAt };
}

/** Whether another account (deleted ones included: their addresses are unique placeholders) has it. */
async function isEmailTaken(db: Queryable, email: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)));
  return Boolean(other);
}

/** The account's pending change, if one is waiting and has not run out. */
export async function pendingEmailChange(db: Database, userId: string): Promise<PendingEmailChange | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, new Date())));
  return row ?? null;
}

/** Withdraws the account's pending change; false when there was none. */
export async function cancelEmailChange(db: Database, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(emailChanges)
    .where(eq(emailChanges.userId, userId))
    .returning({ id: emailChanges.id });
  return deleted.length > 0;
}

export type EmailChangeLinkState =
  | { state: "valid"; newEmail: string }
  | { state: "expired" }
  | { state: "invalid" };

/**
 * What a link says to the signed-in account, without spending it: for the confirmation page to offer its
 * button, or say why not. A link of another account is "invalid" to this one.
 */
export async function emailChangeLinkState(
  db: Database,
  userId: string,
  token: unknown,
): Promise<EmailChangeLinkState> {
  if (!isWellFormedResetToken(token)) return { state: "invalid" };
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.id, resetTokenId(token)), eq(emailChanges.userId, userId)));
  if (!row) return { state: "invalid" };
  if (row.expiresAt <= new Date()) return { state: "expired" };
  return { state: "valid", newEmail: row.newEmail };
}

export type EmailChangeConfirmOutcome =
  | { ok: true; previousEmail: string; newEmail: string }
  | { ok: false; reason: "invalid_token" | "expired" | "email_taken" };

/**
 * Makes the change the link stands for, if it is the signed-in account's, unexpired and its address still
 * free, then tells the old address it is done (in `locale`, `t` fixed to `mail`). Deleting the row is what
 * spends the link (two tabs cannot both use it); a refused link is left as it was, so it says the same
 * again, until the sweeper removes it. Outstanding reset links end in the same transaction. Other sessions
 * stay signed in: the email is not a credential and the password is unchanged (docs/decisions/043).
 */
export async function confirmEmailChange(
  db: Database,
  { userId, token, locale, t }: { userId: string; token: string; locale: Locale; t: TFunction },
): Promise<EmailChangeConfirmOutcome> {
  if (!isWellFormedResetToken(token)) return { ok: false, reason: "invalid_token" };
  type Changed = { ok: true; previousEmail: string; newEmail: string; name: string; nameAr: string | null };
  let outcome: Changed | Exclude<EmailChangeConfirmOutcome, { ok: true }>;
  try {
    outcome = await db.transaction(async (tx): Promise<typeof outcome> => {
      const [user] = await tx
        .select({ email: users.email, name: users.name, nameAr: users.nameAr })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for("update");
      if (!user) return { ok: false, reason: "invalid_token" };
      const [pending] = await tx
        .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
        .from(emailChanges)
        .where(and(eq(emailChanges.id, resetTokenId(token)), eq(emailChanges.userId, userId)));
      if (!pending) return { ok: false, reason: "invalid_token" };
      if (pending.expiresAt <= new Date()) return { ok: false, reason: "expired" };
      if (await isEmailTaken(tx, pending.newEmail, userId)) return { ok: false, reason: "email_taken" };
      // Deleting the row is what spends the link: a cancel or a second tab that got there first leaves none.
      const [spent] = await tx
        .delete(emailChanges)
        .where(eq(emailChanges.id, resetTokenId(token)))
        .returning({ newEmail: emailChanges.newEmail });
      if (!spent) return { ok: false, reason: "invalid_token" };
      await tx.update(users).set({ email: spent.newEmail }).where(eq(users.id, userId));
      await endResetLinks(tx, userId);
      // The old address hears the change is done, with the way back in if it was not its owner's doing;
      // queued with the change itself.
      const name = pick(locale, user.name, user.nameAr);
      const done = emailChangedMail(t, locale, {
        to: user.email,
        name,
        newEmail: spent.newEmail,
        forgotUrl: `${publicOrigin()}${localizePath("/auth/forgot-password", locale)}`,
      });
      await enqueueMail(db, tx, done, { key: `email-changed:${resetTokenId(token)}` });
      return {
        ok: true,
        previousEmail: user.email,
        newEmail: spent.newEmail,
        name: user.name,
        nameAr: user.nameAr,
      };
    });
  } catch (error) {
    // The unique index on lower(email) decides a race with a sign-up claiming the address at this moment
    // (the transaction rolled back: the link stays, and says "taken" if opened again).
    if (isUniqueViolation(error)) return { ok: false, reason: "email_taken" };
    throw error;
  }
  if (!outcome.ok) return outcome;
  return { ok: true, previousEmail: outcome.previousEmail, newEmail: outcome.newEmail };
}
