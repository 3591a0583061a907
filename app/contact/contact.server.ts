// The contact form's one rule set, shared by the /contact page action and POST /api/contact.
import { z } from "zod";
import type { Database } from "../db/client.server";
import { contactMessages } from "../db/schema";
import type { Locale } from "../i18n/languages";

/** Messages are translation keys in the `contact` namespace, resolved by the caller in its language. */
export const ContactInput = z.object({
  name: z
    .string({ error: "errors.nameRequired" })
    .trim()
    .min(1, { error: "errors.nameRequired" })
    .max(100, { error: "errors.nameTooLong" }),
  email: z
    .string({ error: "errors.emailInvalid" })
    .trim()
    .max(254, { error: "errors.emailInvalid" })
    .pipe(z.email({ error: "errors.emailInvalid" })),
  subject: z
    .string({ error: "errors.subjectRequired" })
    .trim()
    .min(3, { error: "errors.subjectRequired" })
    .max(150, { error: "errors.subjectTooLong" }),
  message: z
    .string({ error: "errors.messageTooShort" })
    .trim()
    .min(10, { error: "errors.messageTooShort" })
    .max(5000, { error: "errors.messageTooLong" }),
  /** Honeypot: people never see it, naive bots fill it. */
  website: z.string().optional(),
});

export type ContactInput = z.infer<typeof ContactInput>;

export type ContactOutcome = { stored: boolean };

/**
 * Stores a validated message. A filled honeypot is accepted and dropped, so a bot sees the same success a
 * person would and learns nothing from the response.
 */
export async function submitContactMessage(
  db: Database,
  input: ContactInput,
  locale: Locale,
): Promise<ContactOutcome> {
  if (input.website && input.website.trim() !== "") return { stored: false };
  await db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    locale,
  });
  return { stored: true };
}
