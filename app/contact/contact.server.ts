// The contact form's one rule set, shared by the /contact page action and POST /api/contact.
import { z } from "zod";
import { hitRateLimit, RATE_LIMITS } from "../auth/rate-limit.server";
import type { Database } from "../db/client.server";
import { contactMessages } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { emailAddress, safeText } from "../lib/validation";

/** Messages are translation keys in the `contact` namespace, resolved by the caller in its language. */
export const ContactInput = z.object({
  name: safeText({ max: 1000, error: "errors.nameRequired", tooLong: "errors.nameTooLong" })
    .trim()
    .min(1, { error: "errors.nameRequired" })
    .max(100, { error: "errors.nameTooLong" }),
  email: emailAddress("errors.emailInvalid"),
  subject: safeText({ max: 1000, error: "errors.subjectRequired", tooLong: "errors.subjectTooLong" })
    .trim()
    .min(3, { error: "errors.subjectRequired" })
    .max(150, { error: "errors.subjectTooLong" }),
  message: safeText({ max: 20_000, error: "errors.messageTooShort", tooLong: "errors.messageTooLong" })
    .trim()
    .min(10, { error: "errors.messageTooShort" })
    .max(5000, { error: "errors.messageTooLong" }),
  /** Honeypot: people never see it, naive bots fill it. */
  website: safeText({ max: 1000, error: "errors.nameRequired" }).optional(),
});

export type ContactInput = z.infer<typeof ContactInput>;

export type ContactOutcome =
  | { ok: true; stored: boolean }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Stores a validated message. A filled honeypot is accepted and dropped, so a bot sees the same success a
 * person would and learns nothing from the response.
 */
export async function submitContactMessage(
  db: Database,
  input: ContactInput,
  locale: Locale,
  clientAddress: string,
): Promise<ContactOutcome> {
  // Counted before the honeypot, so a bot flooding the form is slowed down like anyone else.
  const limit = await hitRateLimit(db, `contact:ip:${clientAddress}`, RATE_LIMITS.contactPerIp);
  if (!limit.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (input.website && input.website.trim() !== "") return { ok: true, stored: false };
  await db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    locale,
  });
  return { ok: true, stored: true };
}
