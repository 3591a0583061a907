// Deleting one's account. The person disappears — name, email, password, Google link, sessions, cart,
// favourites, review comments, certificate names — but the row stays, anonymised, because other records
// must keep adding up: the money ledger sums to the wallet balance, enrollments are a trainer's sales and
// a course's figures, ratings are part of a course's average (docs/decisions/023-account-mail.md).
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { verifyPassword } from "../auth/password.server";
import { certificateStore } from "../certificates/store.server";
import type { Database } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import {
  cartItems,
  certificates,
  courseReviews,
  courses,
  favorites,
  sessions,
  topUpRequests,
  users,
} from "../db/schema";
import { logger } from "../lib/logger.server";
import { safeText } from "../lib/validation";
import { endEmailChanges } from "./email-change-rows.server";
import { endResetLinks } from "./password-reset.server";
import { mayDeleteOwnAccount } from "./policy";

/** What an anonymised account is called wherever a name used to show (the Arabic pages use `nameAr`). */
export const DELETED_NAME = "Deleted account";
export const DELETED_NAME_AR = "حساب محذوف";

/** Messages are keys in the `auth` namespace. */
export const AccountDeletionInput = z.object({
  /** The password for accounts that have one; Google-only accounts type their email instead. */
  confirmation: safeText({ max: 1000, error: "deletion.confirmationRequired" }).min(1, {
    error: "deletion.confirmationRequired",
  }),
});

export type AccountDeletionOutcome =
  | { ok: true; walletBalance: number }
  | { ok: false; reason: "wrong_confirmation" | "admin" | "owns_courses" };

export async function deleteAccount(
  db: Database,
  userId: string,
  input: z.infer<typeof AccountDeletionInput>,
): Promise<AccountDeletionOutcome> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return { ok: false, reason: "wrong_confirmation" };
  const confirmed = user.passwordHash
    ? await verifyPassword(input.confirmation, user.passwordHash)
    : input.confirmation.trim().toLowerCase() === user.email.toLowerCase();
  if (!confirmed) return { ok: false, reason: "wrong_confirmation" };
  if (!mayDeleteOwnAccount({ id: userId, role: user.role })) return { ok: false, reason: "admin" };
  const pdfKeys: string[] = [];
  const outcome = await db.transaction(async (tx): Promise<AccountDeletionOutcome> => {
    // The row lock orders this after any purchase or top-up of the same wallet already under way.
    const [locked] = await tx
      .select({ walletBalance: users.walletBalance })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("update");
    if (!locked) return { ok: false, reason: "wrong_confirmation" };
    const [owned] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(courses)
      .where(eq(courses.trainerId, userId));
    if ((owned?.count ?? 0) > 0) return { ok: false, reason: "owns_courses" };
    await tx
      .update(users)
      .set({
        name: DELETED_NAME,
        nameAr: DELETED_NAME_AR,
        // Unique and undeliverable (.invalid is reserved): the address is free for a new account.
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash: null,
        googleSub: null,
        bio: null,
        bioAr: null,
        profileLinks: [],
        avatarUrl: null,
        avatarPublicId: null,
        deletedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await endResetLinks(tx, userId);
    await endEmailChanges(tx, userId);
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    // The star stays in the course's average; the words were the person's.
    await tx.update(courseReviews).set({ comment: null }).where(eq(courseReviews.userId, userId));
    await tx
      .update(topUpRequests)
      .set({ status: "rejected", reviewedAt: new Date(), rejectReason: "Account deleted" })
      .where(and(eq(topUpRequests.userId, userId), eq(topUpRequests.status, "pending")));
    // A certificate named a person; verifying it now says it was withdrawn, and names no one. Its stored
    // PDF (which prints the name) is removed once the transaction has committed.
    const stored = await tx
      .select({ pdfKey: certificates.pdfKey })
      .from(certificates)
      .where(and(eq(certificates.userId, userId), isNotNull(certificates.pdfKey)));
    for (const row of stored) if (row.pdfKey) pdfKeys.push(row.pdfKey);
    await tx
      .update(certificates)
      .set({
        holderName: DELETED_NAME,
        holderNameAr: DELETED_NAME_AR,
        revokedAt: sql`coalesce(${certificates.revokedAt}, now())`,
        revokedReason: sql`coalesce(${certificates.revokedReason}, 'Holder deleted their account')`,
        pdfKey: null,
      })
      .where(eq(certificates.userId, userId));
    // Their name leaves the course pages' reviews and their certificates' verification pages.
    await announcePublicChange(tx, "catalog");
    await announcePublicChange(tx, "certificates");
    return { ok: true, walletBalance: locked.walletBalance };
  });
  if (outcome.ok) {
    const store = certificateStore();
    for (const key of pdfKeys)
      await store
        .delete(key)
        .catch((error: unknown) =>
          logger("account").error({ err: error, key }, "certificate PDF not deleted"),
        );
  }
  return outcome;
}
