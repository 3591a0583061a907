// What an enquiry is made of, checked the same way on the pages and the API (issue 48). Messages are
// translation keys: the contact form's own in the `contact` namespace, the leads' in `leads:`.
import { z } from "zod";
import { emailAddress, INT4_MAX, safeText } from "../lib/validation";
import { optionalLine, phoneNumber } from "./policy";
import { SERVICE_KEYS } from "./services";

const name = safeText({ max: 1000, error: "errors.nameRequired", tooLong: "errors.nameTooLong" })
  .trim()
  .min(1, { error: "errors.nameRequired" })
  .max(100, { error: "errors.nameTooLong" });
const message = safeText({ max: 20_000, error: "errors.messageTooShort", tooLong: "errors.messageTooLong" })
  .trim()
  .min(10, { error: "errors.messageTooShort" })
  .max(5000, { error: "errors.messageTooLong" });

/** The contact form and `POST /api/contact` (SPEC): name, email, subject, message; phone, company, service. */
export const ContactInput = z.object({
  name,
  email: emailAddress("errors.emailInvalid"),
  phone: phoneNumber("leads:errors.phoneInvalid"),
  company: optionalLine(150, "leads:errors.companyTooLong"),
  subject: safeText({ max: 1000, error: "errors.subjectRequired", tooLong: "errors.subjectTooLong" })
    .trim()
    .min(3, { error: "errors.subjectRequired" })
    .max(150, { error: "errors.subjectTooLong" }),
  message,
  /** A service enquiry: the service of /services it names (its source becomes `service`). */
  serviceKey: z.enum(SERVICE_KEYS, { error: "leads:errors.serviceInvalid" }).optional(),
  /** Honeypot: people never see it, naive bots fill it. */
  website: safeText({ max: 1000, error: "errors.nameRequired" }).optional(),
});
export type ContactInput = z.infer<typeof ContactInput>;

/** Attribution's hidden fields on the page's form: free text, bounded, read by `readAttribution`. */
const hidden = safeText({ max: 1000, error: "failed" }).optional();

/** The /contact page's form: the same fields, `service` from its address, and its attribution fields. */
export const ContactForm = ContactInput.omit({ serviceKey: true }).extend({
  service: z.enum(SERVICE_KEYS).optional().catch(undefined),
  utm_source: hidden,
  utm_medium: hidden,
  utm_campaign: hidden,
  utm_term: hidden,
  utm_content: hidden,
  landing: hidden,
});

/** `POST /api/leads`: a service or course enquiry from a client of the API. */
export const LeadInput = z
  .object({
    name,
    email: emailAddress("errors.emailInvalid"),
    phone: phoneNumber("leads:errors.phoneInvalid"),
    company: optionalLine(150, "leads:errors.companyTooLong"),
    message,
    source: z.enum(["service", "course"], { error: "leads:errors.sourceInvalid" }),
    serviceKey: z.enum(SERVICE_KEYS, { error: "leads:errors.serviceInvalid" }).optional(),
    courseId: z
      .int({ error: "leads:errors.courseInvalid" })
      .min(1, { error: "leads:errors.courseInvalid" })
      .max(INT4_MAX, { error: "leads:errors.courseInvalid" })
      .optional(),
    locale: z.enum(["en", "ar"], { error: "leads:errors.localeInvalid" }).optional(),
  })
  .superRefine((value, context) => {
    if (value.source === "service" && !value.serviceKey)
      context.addIssue({ code: "custom", path: ["serviceKey"], message: "leads:errors.serviceInvalid" });
    if (value.source === "course" && !value.courseId)
      context.addIssue({ code: "custom", path: ["courseId"], message: "leads:errors.courseInvalid" });
  });
export type LeadInput = z.infer<typeof LeadInput>;
