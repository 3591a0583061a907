// Adding money without a card: the learner pays by bank transfer and asks for a top-up with its reference;
// an admin checks the statement and approves (the wallet is credited once, through creditWallet) or
// rejects it. Card payments, when configured, are a second way in that ends in the same ledger.

import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { type Environment, environment } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { type TopUpRequest, topUpRequests, users } from "../db/schema";
import { issueReceiptForTopUp } from "../invoices/issue.server";
import { queueDocumentMailToUser } from "../invoices/mail.server";
import { ListQuery } from "../lib/list-query";
import { safeText } from "../lib/validation";
import { notify } from "../notifications/notify.server";
import { readBankAccount } from "./bank-account.server";
import { amountField, creditWallet, MAX_CREDIT_MINOR_UNITS, parseCurrencyAmount } from "./wallet.server";

export type TopUpLimits = { min: number; max: number; maxPending: number };

/**
 * TOP_UP_MIN and TOP_UP_MAX (currency units, default 5 and 5,000) bound one request; a learner may have
 * at most three waiting for review, so the admins' queue cannot be flooded by one account.
 */
export function readTopUpLimits(env: Environment = environment()): TopUpLimits {
  const min = parseCurrencyAmount(env.TOP_UP_MIN || "5");
  const max = parseCurrencyAmount(env.TOP_UP_MAX || "5000");
  if (min === null || max === null || min > max || max > MAX_CREDIT_MINOR_UNITS) {
    throw new Error("TOP_UP_MIN and TOP_UP_MAX must be amounts with 0 < TOP_UP_MIN <= TOP_UP_MAX <= 1000000");
  }
  return { min, max, maxPending: 3 };
}

let limits: TopUpLimits | undefined;
export function topUpLimits(): TopUpLimits {
  limits ??= readTopUpLimits();
  return limits;
}

/** Messages are keys in the `wallet` namespace. */
export const TopUpInput = z.object({
  // Lazy: TOP_UP_MIN and TOP_UP_MAX are read when first needed, and then stand in the OpenAPI document too.
  amount: z.lazy(() =>
    amountField(topUpLimits().min, topUpLimits().max, "errors.amountInvalid", "errors.topUpOutOfRange"),
  ),
  reference: safeText({ max: 200, error: "errors.referenceInvalid" })
    .trim()
    .max(100, { error: "errors.referenceInvalid" })
    .optional()
    .transform((value) => (value ? value : null)),
});
export type TopUpInput = z.infer<typeof TopUpInput>;

export const RejectInput = z.object({
  reason: safeText({ max: 1000, error: "errors.reasonInvalid" })
    .trim()
    .max(200, { error: "errors.reasonInvalid" })
    .optional()
    .transform((value) => (value ? value : null)),
});

export type RequestOutcome =
  | { ok: true; request: TopUpRequest }
  | { ok: false; reason: "too_many_pending" | "transfer_unavailable" };

/**
 * A learner asks to be credited for a transfer. Refused while no admin has entered the bank account: there is
 * nowhere to send the money to, so a request could only wait forever.
 */
export async function requestTopUp(db: Database, userId: string, input: TopUpInput): Promise<RequestOutcome> {
  return db.transaction(async (tx) => {
    if ((await readBankAccount(tx)) === null) return { ok: false, reason: "transfer_unavailable" } as const;
    // The user row lock serialises one person's requests, so the pending cap holds under double submits.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [pending] = await tx
      .select({ n: count() })
      .from(topUpRequests)
      .where(and(eq(topUpRequests.userId, userId), eq(topUpRequests.status, "pending")));
    if ((pending?.n ?? 0) >= topUpLimits().maxPending)
      return { ok: false, reason: "too_many_pending" } as const;
    const [request] = await tx
      .insert(topUpRequests)
      .values({ userId, amount: input.amount, reference: input.reference })
      .returning();
    if (!request) throw new Error("requestTopUp: insert returned nothing");
    return { ok: true, request } as const;
  });
}

export type ReviewOutcome =
  | { ok: true; request: TopUpRequest; ownerName: string }
  | { ok: false; reason: "not_found" | "already_reviewed" | "balance_limit"; request?: TopUpRequest };

/**
 * The requester is told of the decision with it (issue 35): once per request. An approval's notification is
 * in the bell but is not mailed: the receipt's mail, queued in the same transaction, says the wallet was
 * credited and carries the receipt, so the learner gets one mail, not two (decision 072).
 */
async function notifyTopUpDecided(tx: Transaction, request: TopUpRequest) {
  const approved = request.status === "approved";
  await notify(tx, [
    {
      userId: request.userId,
      type: "topup_decided",
      eventKey: `topup:${request.id}`,
      data: { path: "/account/wallet", amount: request.amount, approved },
      ...(approved ? { mailedAt: request.reviewedAt ?? new Date() } : {}),
    },
  ]);
}

/**
 * Approves a pending request and credits the wallet, both in one transaction with the request row locked:
 * two admins approving at once (or one approving twice) credit it once; the second sees "already reviewed".
 * The credit gets its receipt (RCT series, issue 47 item 4) last in the same transaction, and the receipt
 * mail is queued with it; a refused credit (the balance limit) rolls nothing forward and takes no number.
 */
export async function approveTopUp(db: Database, adminId: string, id: number): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(topUpRequests).where(eq(topUpRequests.id, id)).for("update");
    if (!request) return { ok: false, reason: "not_found" } as const;
    if (request.status !== "pending") return { ok: false, reason: "already_reviewed", request } as const;
    const credit = await creditWallet(tx, {
      userId: request.userId,
      actorId: adminId,
      amount: request.amount,
      reason: request.reference ? `Top-up #${request.id} (${request.reference})` : `Top-up #${request.id}`,
      kind: "top_up",
    });
    if (!credit.ok)
      return { ok: false, reason: credit.reason === "not_found" ? "not_found" : "balance_limit" } as const;
    const [approved] = await tx
      .update(topUpRequests)
      .set({
        status: "approved",
        reviewedAt: new Date(),
        reviewedById: adminId,
        ledgerEntryId: credit.entry.id,
      })
      .where(eq(topUpRequests.id, id))
      .returning();
    if (!approved) throw new Error("approveTopUp: the locked request vanished");
    await notifyTopUpDecided(tx, approved);
    // The number last: the series' counter stays locked until the commit.
    const receipt = await issueReceiptForTopUp(tx, {
      ledgerEntryId: credit.entry.id,
      reference: request.reference,
    });
    await queueDocumentMailToUser(db, tx, "top_up", request.userId, receipt);
    return { ok: true, request: approved, ownerName: credit.user.name } as const;
  });
}

export async function rejectTopUp(
  db: Database,
  adminId: string,
  id: number,
  reason: string | null,
): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(topUpRequests).where(eq(topUpRequests.id, id)).for("update");
    if (!request) return { ok: false, reason: "not_found" } as const;
    if (request.status !== "pending") return { ok: false, reason: "already_reviewed", request } as const;
    const [rejected] = await tx
      .update(topUpRequests)
      .set({ status: "rejected", reviewedAt: new Date(), reviewedById: adminId, rejectReason: reason })
      .where(eq(topUpRequests.id, id))
      .returning();
    if (!rejected) throw new Error("rejectTopUp: the locked request vanished");
    await notifyTopUpDecided(tx, rejected);
    const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, request.userId));
    return { ok: true, request: rejected, ownerName: owner?.name ?? "" } as const;
  });
}

export const TOP_UP_STATUSES = ["pending", "approved", "rejected"] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];
/** GET /api/admin/top-ups?status=: the queue shown, pending by default. */
export const TopUpQueueStatus = z.enum(TOP_UP_STATUSES).default("pending");

/** `GET /api/admin/top-ups?status&limit&offset`: the queue's query (paging as every list's). */
export const TopUpQueue = ListQuery.extend({ status: TopUpQueueStatus });

/** The admins' queue: requests of one status, oldest pending first (first come, first served). */
export async function listTopUps(
  db: Database,
  { status, limit, offset }: { status: TopUpStatus; limit: number; offset: number },
) {
  const where = eq(topUpRequests.status, status);
  const [items, total] = await Promise.all([
    db
      .select({
        request: topUpRequests,
        userName: users.name,
        userEmail: users.email,
        walletBalance: users.walletBalance,
      })
      .from(topUpRequests)
      .innerJoin(users, eq(users.id, topUpRequests.userId))
      .where(where)
      .orderBy(
        status === "pending" ? topUpRequests.createdAt : desc(topUpRequests.createdAt),
        topUpRequests.id,
      )
      .limit(limit)
      .offset(offset),
    db.$count(topUpRequests, where),
  ]);
  return { items, total };
}

export async function countPendingTopUps(db: Database): Promise<number> {
  return db.$count(topUpRequests, eq(topUpRequests.status, "pending"));
}

/** A learner's own latest requests, newest first. */
export async function listOwnTopUps(db: Database, userId: string, limit = 10): Promise<TopUpRequest[]> {
  return db
    .select()
    .from(topUpRequests)
    .where(eq(topUpRequests.userId, userId))
    .orderBy(desc(topUpRequests.createdAt), desc(topUpRequests.id))
    .limit(limit);
}
