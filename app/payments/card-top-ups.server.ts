// Card top-ups through Stripe Checkout. Starting one creates a Checkout Session for the amount and records
// it as an open card payment; only Stripe's signed `checkout.session.completed` webhook (payment_status
// "paid") credits the wallet, through creditWallet, in one transaction with the payment row locked: a
// replayed webhook, two deliveries at once, or a webhook that arrives before the session's row was written
// (or before the learner is back) all end with exactly one credit, and one receipt (issue 47, item 4).
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { publicOrigin } from "../config.server";
import type { Database } from "../db/client.server";
import { type CardPayment, cardPayments } from "../db/schema";
import { issueReceiptForTopUp } from "../invoices/issue.server";
import { queueDocumentMailToUser } from "../invoices/mail.server";
import { logger } from "../lib/logger.server";
import { creditWallet } from "../wallet/wallet.server";
import type { CardPayments } from "./stripe.server";

export type StartOutcome =
  | { ok: true; checkoutUrl: string; payment: CardPayment }
  | { ok: false; reason: "stripe_error" };

/**
 * Creates the Checkout Session. `returnPath` is the wallet page, which Stripe sends the learner back to on
 * the site's public origin (never the request's Host); it adds the session id on success. The amount (minor
 * units) was validated against TOP_UP_MIN / TOP_UP_MAX by the caller's schema.
 */
export async function startCardTopUp(
  db: Database,
  { stripe }: CardPayments,
  {
    userId,
    email,
    amount,
    currency,
    returnPath,
    productName,
  }: {
    userId: string;
    email: string;
    amount: number;
    currency: string;
    returnPath: string;
    productName: string;
  },
): Promise<StartOutcome> {
  const returnUrl = publicOrigin() + returnPath;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: currency.toLowerCase(),
            unit_amount: amount,
            product_data: { name: productName },
          },
        },
      ],
      client_reference_id: userId,
      customer_email: email,
      metadata: { userId, amount: String(amount) },
      success_url: `${returnUrl}?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: `${returnUrl}?checkout=cancelled`,
    });
  } catch (error) {
    logger("payments").error({ err: error }, "Stripe refused to create a Checkout Session");
    return { ok: false, reason: "stripe_error" };
  }
  if (!session.url) {
    logger("payments").error({ sessionId: session.id }, "Stripe returned a Checkout Session without a URL");
    return { ok: false, reason: "stripe_error" };
  }
  // The webhook may already have written (and credited) this session's row: keep that one.
  await db.insert(cardPayments).values({ sessionId: session.id, userId, amount }).onConflictDoNothing();
  const [payment] = await db.select().from(cardPayments).where(eq(cardPayments.sessionId, session.id));
  if (!payment) throw new Error("startCardTopUp: the payment row is missing after its insert");
  return { ok: true, checkoutUrl: session.url, payment };
}

export type WebhookOutcome =
  | { handled: "credited"; payment: CardPayment }
  | { handled: "already_credited"; payment: CardPayment }
  | { handled: "ignored"; why: "event_type" | "not_paid" | "foreign_session" | "currency" | "mismatch" }
  | { handled: "failed"; why: "not_found" | "balance_limit" };

const CREDITING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Applies one verified Stripe event. Unknown event types and unpaid sessions change nothing. */
export async function applyStripeEvent(
  db: Database,
  event: Stripe.Event,
  currency: string,
): Promise<WebhookOutcome> {
  if (!CREDITING_EVENTS.has(event.type)) return { handled: "ignored", why: "event_type" };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== "paid") return { handled: "ignored", why: "not_paid" };
  const userId = session.metadata?.userId ?? session.client_reference_id ?? null;
  const amount = session.amount_total;
  // Sessions this app did not create (another integration on the same account) carry no user.
  if (!userId || typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) {
    return { handled: "ignored", why: "foreign_session" };
  }
  if ((session.currency ?? "").toLowerCase() !== currency.toLowerCase())
    return { handled: "ignored", why: "currency" };

  return db.transaction(async (tx) => {
    // An early webhook writes the row itself; the unique session id makes both writers agree on one row.
    await tx.insert(cardPayments).values({ sessionId: session.id, userId, amount }).onConflictDoNothing();
    const [payment] = await tx
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.sessionId, session.id))
      .for("update");
    if (!payment) throw new Error("applyStripeEvent: the payment row is missing after its insert");
    if (payment.status === "paid") return { handled: "already_credited", payment } as const;
    if (payment.userId !== userId || payment.amount !== amount) {
      logger("payments").error(
        { sessionId: session.id },
        "A Stripe session does not match its payment row; not credited.",
      );
      return { handled: "ignored", why: "mismatch" } as const;
    }
    const credit = await creditWallet(tx, {
      userId,
      actorId: null,
      amount,
      reason: `Card payment ${session.id}`,
      kind: "card_top_up",
    });
    if (!credit.ok) return { handled: "failed", why: credit.reason } as const;
    const [paid] = await tx
      .update(cardPayments)
      .set({ status: "paid", paidAt: new Date(), ledgerEntryId: credit.entry.id })
      .where(eq(cardPayments.id, payment.id))
      .returning();
    if (!paid) throw new Error("applyStripeEvent: the locked payment vanished");
    // The receipt last, its number under the series' counter lock until the commit; its mail with it.
    const receipt = await issueReceiptForTopUp(tx, { ledgerEntryId: credit.entry.id });
    await queueDocumentMailToUser(db, tx, "top_up", userId, receipt);
    return { handled: "credited", payment: paid } as const;
  });
}

/** What the learner back from Checkout sees: their own session's state, or null for anything else. */
export async function cardPaymentState(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<"credited" | "waiting" | null> {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
  const [payment] = await db
    .select({ status: cardPayments.status })
    .from(cardPayments)
    .where(and(eq(cardPayments.sessionId, sessionId), eq(cardPayments.userId, userId)));
  if (!payment) return null;
  return payment.status === "paid" ? "credited" : "waiting";
}
