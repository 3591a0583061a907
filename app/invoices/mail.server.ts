// The mails that carry an issued document (issue 47, items 4–5): "order paid", a confirmation with the tax
// invoice attached, "refund", with the credit note attached, and "top-up", with a wallet top-up's receipt
// attached, in the buyer's language. Both go through the
// job queue in two steps: the issuing transaction queues a document-mail job carrying the document (rolled
// back with it); the job renders and stores the PDF once (pdf-file.server.ts) and queues the mail, which
// names the stored file by its key, so a retry or another server attaches the same bytes (decision 071).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { publicOrigin } from "../config.server";
import type { Database, Queryable } from "../db/client.server";
import { notificationRecipients, users } from "../db/schema";
import { i18nFor } from "../i18n/context.server";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../i18n/languages";
import { enqueueJob } from "../jobs/queue.server";
import { formatMoney } from "../lib/money";
import type { MailMessage } from "../mail/mailer.server";
import { compose } from "../mail/messages.server";
import { enqueueMail } from "../mail/outgoing.server";
import type { ObjectStorage } from "../storage/storage";
import type { IssuedDocument } from "./document";
import { ensureIssuedDocumentPdf, issuedDocumentFilename } from "./pdf-file.server";

export const DOCUMENT_MAIL_KINDS = ["order_paid", "refund", "top_up"] as const;
export type DocumentMailKind = (typeof DOCUMENT_MAIL_KINDS)[number];

/**
 * Which document each mail carries: an invoice (either kind) for a paid order, a credit note for a refund, a
 * receipt for a wallet top-up.
 */
export function mayCarryDocument(mail: DocumentMailKind, doc: Pick<IssuedDocument, "kind">): boolean {
  if (mail === "order_paid") return doc.kind === "standard" || doc.kind === "simplified";
  return mail === "refund" ? doc.kind === "credit_note" : doc.kind === "receipt";
}

/** The Billing page, in `locale`, on the public origin. */
export function billingUrl(locale: Locale): string {
  return `${publicOrigin()}${localizePath("/account/billing", locale)}`;
}

type Recipient = {
  to: string;
  /** The buyer's name for the greeting; the document's buyer by default. */
  name?: string;
  locale: Locale;
  /** Where the buyer finds their orders and documents; the Billing page by default. */
  link?: string;
};

type Compose = { to: string; name: string; locale: Locale; link: string; attachmentKey: string };

function texts(locale: Locale) {
  const i18n = i18nFor(locale);
  return { t: i18n.getFixedT(locale, "invoices"), signature: i18n.getFixedT(locale, "mail")("signature") };
}

const attachment = (doc: IssuedDocument, key: string) => ({
  filename: issuedDocumentFilename(doc.number),
  contentType: "application/pdf",
  key,
});

/**
 * What each document mail says between the greeting and the link to Billing: "your order is paid" with the
 * invoice, "your refund" with the credit note, "your wallet is topped up" with the receipt (the one mail a
 * credited top-up sends; the approval's notification stays in the bell unmailed).
 */
const DOCUMENT_MAIL_TEXT: Record<
  DocumentMailKind,
  {
    key: "orderPaid" | "refund" | "topUp";
    body: (doc: IssuedDocument, total: string) => Record<string, string>;
  }
> = {
  order_paid: { key: "orderPaid", body: (doc, total) => ({ total, order: doc.orderNumber ?? "—" }) },
  refund: { key: "refund", body: (doc, total) => ({ total, order: doc.orderNumber ?? "—" }) },
  top_up: { key: "topUp", body: (_doc, total) => ({ total }) },
};

/** A document's mail in the reader's language, with the document's PDF attached. */
export function documentMail(
  mail: DocumentMailKind,
  doc: IssuedDocument,
  { to, name, locale, link, attachmentKey }: Compose,
): MailMessage {
  const { t, signature } = texts(locale);
  const { key, body } = DOCUMENT_MAIL_TEXT[mail];
  const total = formatMoney(doc.total, locale, doc.currency);
  return {
    ...compose(to, locale, t(`mail.${key}.subject`, { reference: doc.number }), [
      t("mail.greeting", { name }),
      t(`mail.${key}.body`, body(doc, total)),
      t(`mail.${key}.attached`, { reference: doc.number, invoice: doc.invoiceNumber ?? "—" }),
      { link, label: t("mail.billing") },
      signature,
    ]),
    attachments: [attachment(doc, attachmentKey)],
  };
}

/** An issued document as a job carries it (JSON: the date as text), checked again when the job runs. */
const IssuedDocumentJson = z.object({
  kind: z.enum(["standard", "simplified", "credit_note", "receipt"]),
  number: z.string().regex(/^[A-Z]{2,4}-\d{4}-\d{6,10}$/),
  issuedAt: z.coerce.date(),
  currency: z.string().length(3),
  seller: z.object({
    name: z.string(),
    nameAr: z.string().nullable(),
    vatNumber: z.string().nullable(),
    address: z.string().nullable(),
    addressAr: z.string().nullable(),
  }),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    vatNumber: z.string().nullable(),
  }),
  lines: z.array(
    z.object({
      title: z.string(),
      titleAr: z.string().nullable(),
      net: z.number().int(),
      taxRateBasisPoints: z.number().int(),
      tax: z.number().int(),
      gross: z.number().int(),
    }),
  ),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  paymentMethod: z.enum(["wallet", "card", "transfer"]),
  provider: z.string().nullable(),
  paymentReference: z.string().nullable().optional(),
  orderNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  qr: z.string().nullable(),
}) satisfies z.ZodType<IssuedDocument, unknown>;

const DocumentMailJob = z.object({
  mail: z.enum(DOCUMENT_MAIL_KINDS),
  to: z.string().min(1),
  name: z.string(),
  locale: z.string(),
  link: z.string(),
  doc: IssuedDocumentJson,
});

async function queueDocumentMail(
  db: Database,
  on: Queryable,
  mail: DocumentMailKind,
  doc: IssuedDocument,
  { to, name, locale, link }: Recipient,
): Promise<void> {
  if (!mayCarryDocument(mail, doc)) throw new RangeError(`a ${mail} mail cannot carry a ${doc.kind}`);
  const job: z.input<typeof DocumentMailJob> = {
    mail,
    to,
    name: name ?? doc.buyer.name,
    locale,
    link: link ?? billingUrl(locale),
    doc: { ...doc, issuedAt: doc.issuedAt.toISOString() },
  };
  await enqueueJob(db, on, "document-mail", job, { key: `${mail}:${doc.number}` });
}

/**
 * Queues the "order paid" mail with `doc` (the order's tax invoice) attached, once per invoice. Call it in the
 * transaction that marks the order paid and issues the invoice, with the buyer's address and language.
 */
export function queueOrderPaidMail(db: Database, on: Queryable, args: Recipient & { doc: IssuedDocument }) {
  return queueDocumentMail(db, on, "order_paid", args.doc, args);
}

/** Queues the "refund" mail with `doc` (the refund's credit note) attached, once per credit note. */
export function queueRefundMail(db: Database, on: Queryable, args: Recipient & { doc: IssuedDocument }) {
  return queueDocumentMail(db, on, "refund", args.doc, args);
}

/**
 * The document-mail job: the PDF rendered and stored (or found stored), then the mail queued with the file's
 * key. A retry finds the file and queues nothing new (the mail's key is once-only).
 */
export async function sendDocumentMailJob(
  db: Database,
  storage: ObjectStorage,
  data: unknown,
): Promise<string> {
  const job = DocumentMailJob.parse(data);
  const locale = isLocale(job.locale) ? job.locale : DEFAULT_LOCALE;
  const { key } = await ensureIssuedDocumentPdf(storage, job.doc);
  const compose = { to: job.to, name: job.name, locale, link: job.link, attachmentKey: key };
  const message = documentMail(job.mail, job.doc, compose);
  await enqueueMail(db, db, message, { key: `${job.mail}:${job.doc.number}` });
  return key;
}

/**
 * Queues `mail` with `doc` attached to the account `userId`, in the language their mails are written in
 * (the pages they last acted on, decision 056); inside the issuing transaction, so a rollback queues nothing.
 * A deleted account (its address undeliverable) gets none.
 */
export async function queueDocumentMailToUser(
  db: Database,
  on: Queryable,
  mail: DocumentMailKind,
  userId: string,
  doc: IssuedDocument,
): Promise<void> {
  const [person] = await on
    .select({
      email: users.email,
      name: users.name,
      locale: notificationRecipients.locale,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .leftJoin(notificationRecipients, eq(notificationRecipients.userId, users.id))
    .where(eq(users.id, userId));
  if (!person || person.deletedAt) return;
  const locale = person.locale && isLocale(person.locale) ? person.locale : DEFAULT_LOCALE;
  const recipient = { to: person.email, name: person.name, locale, doc };
  await queueDocumentMail(db, on, mail, doc, recipient);
}
