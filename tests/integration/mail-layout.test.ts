// Every mail Manara sends, drawn as its HTML part in both languages (issue 50, item 5): in the reader's
// language and direction, the brand's frame, every paragraph and link of its text part, what a person typed
// escaped, and valid HTML by the Nu checker but for the Outlook compatibility MJML adds on purpose.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminBookingMail, reminderMail, visitorBookingMail } from "../../app/consultations/mail.server";
import type { ConsultationBooking } from "../../app/db/schema";
import { i18nFor } from "../../app/i18n/context.server";
import { isLocale, type Locale } from "../../app/i18n/languages";
import type { IssuedDocument } from "../../app/invoices/document";
import { documentMail } from "../../app/invoices/mail.server";
import {
  acknowledgementMail,
  newLeadMail,
  newsletterConfirmMail,
  newsletterWelcomeMail,
  replyMail,
} from "../../app/leads/mail.server";
import { renderMailHtml } from "../../app/mail/layout.server";
import type { MailMessage } from "../../app/mail/mailer.server";
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordResetMail,
  welcomeMail,
} from "../../app/mail/messages.server";
import {
  digestMail,
  type MailableNotification,
  notificationMail,
  type Recipient,
} from "../../app/notifications/mail.server";
import { htmlProblems, type ValidatorGap } from "../fixtures/nu-checker";
import { saveEnv } from "./commerce-fixtures";

const restoreEnv = saveEnv(["PUBLIC_URL"]);
beforeAll(() => {
  process.env.PUBLIC_URL = "https://manara.example";
});
afterAll(restoreEnv);

/** A name as a person could type it: markup that must arrive as text. */
const HOSTILE_NAME = `Sara <script>alert("x")</script> & co`;

function booking(locale: Locale): ConsultationBooking {
  const startsAt = new Date("2026-12-10T09:00:00Z");
  return {
    id: 7,
    uid: "booking-7@manara.example",
    sequence: 0,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    timeZone: "Asia/Riyadh",
    status: "confirmed",
    name: HOSTILE_NAME,
    email: "sara@example.com",
    phone: "+966501234567",
    topic: "marketing",
    message: "Two lines\nof a message",
    locale,
    leadId: null,
    createdAt: startsAt,
    updatedAt: startsAt,
    cancelledAt: null,
  };
}

function invoice(): IssuedDocument {
  return {
    kind: "simplified",
    number: "INV-2026-000042",
    issuedAt: new Date("2026-12-07T10:00:00Z"),
    currency: "SAR",
    seller: { name: "Manara", nameAr: "منارة", vatNumber: "310122393500003", address: null, addressAr: null },
    buyer: { name: HOSTILE_NAME, email: "sara@example.com", company: null, vatNumber: null },
    lines: [
      { title: "Course", titleAr: "دورة", net: 10_000, taxRateBasisPoints: 1_500, tax: 1_500, gross: 11_500 },
    ],
    subtotal: 10_000,
    tax: 1_500,
    total: 11_500,
    paymentMethod: "card",
    provider: "moyasar",
    paymentReference: null,
    orderNumber: "M-2026-000042",
    invoiceNumber: null,
    qr: null,
  };
}

/** Every mail there is, written for a reader of `locale`. */
function everyMail(locale: Locale): [string, MailMessage][] {
  const t = i18nFor(locale).getFixedT(locale, "mail");
  const to = "sara@example.com";
  const recipient: Recipient = { userId: "u-1", email: to, name: HOSTILE_NAME, nameAr: null, locale };
  const notification: MailableNotification = {
    id: 1,
    type: "question_answered",
    data: { path: "/courses/1/learn", courseTitle: "Course", courseTitleAr: "دورة", title: HOSTILE_NAME },
  };
  const organizer = { name: "Manara", email: "hello@manara.example" };
  const lead = { id: 3, name: HOSTILE_NAME, email: to, source: "contact", locale };
  const compose = {
    to,
    name: HOSTILE_NAME,
    locale,
    link: "https://manara.example/billing",
    attachmentKey: "x",
  };
  const link = "https://manara.example/a?b=1&c=2";
  return [
    ["welcome", welcomeMail(t, locale, { to, name: HOSTILE_NAME, coursesUrl: link })],
    ["reset", passwordResetMail(t, locale, { to, name: HOSTILE_NAME, resetUrl: link, minutes: 30 })],
    ["email changed", emailChangedMail(t, locale, { to, name: HOSTILE_NAME, newEmail: to, forgotUrl: link })],
    [
      "email change confirm",
      emailChangeConfirmMail(t, locale, { to, name: HOSTILE_NAME, confirmUrl: link, hours: 24 }),
    ],
    [
      "email change requested",
      emailChangeRequestedMail(t, locale, {
        to,
        name: HOSTILE_NAME,
        newEmail: to,
        forgotUrl: link,
        hours: 24,
      }),
    ],
    ["notification", notificationMail(recipient, notification)],
    ["digest", digestMail(recipient, [notification, { ...notification, id: 2 }])],
    ["newsletter confirm", newsletterConfirmMail({ email: to, locale }, "token")],
    ["newsletter welcome", newsletterWelcomeMail({ email: to, locale }, "token")],
    ["lead acknowledgement", acknowledgementMail(lead)],
    ["new lead", newLeadMail(to, lead, "A message\non two lines <b>bold</b>")],
    ["lead reply", replyMail(lead, { subject: "Re: your project", body: "Thanks!\nWe will call." })],
    ["booking", visitorBookingMail("booked", booking(locale), "token", organizer)],
    [
      "booking (admin)",
      adminBookingMail(
        "cancelled",
        { email: to, locale },
        { ...booking(locale), leadId: 3 },
        "token",
        organizer,
      ),
    ],
    ["booking reminder", reminderMail(booking(locale), "token")],
    ["order paid", documentMail("order_paid", invoice(), compose)],
    [
      "refund",
      documentMail("refund", { ...invoice(), kind: "credit_note", number: "CN-2026-000001" }, compose),
    ],
    ["top-up", documentMail("top_up", { ...invoice(), kind: "receipt", number: "RCT-2026-000001" }, compose)],
  ];
}

/**
 * What MJML writes on purpose for Outlook, which the checker (rightly, for the web) calls errors: the VML and
 * Office namespaces on <html>, and Outlook's own table and padding properties in the CSS.
 */
const OUTLOOK_COMPATIBILITY: ValidatorGap[] = [
  {
    message: /^Attribute “xmlns:v” not allowed here\.$/,
    why: "VML namespace, for Outlook's rendering engine",
  },
  {
    message: /^Attribute “xmlns:o” not allowed here\.$/,
    why: "Office namespace, for Outlook's rendering engine",
  },
  {
    message: /^CSS: “mso-(table-lspace|table-rspace|padding-alt)”: Property “mso-[a-z-]+” doesn't exist\.$/,
    why: "Outlook's table spacing and button padding",
  },
];

const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

describe("every mail's HTML part", () => {
  const rendered = new Map<string, string>();

  for (const locale of ["en", "ar"] as const)
    it(`in ${locale}: the reader's language and direction, the brand, every block, typed text escaped`, async () => {
      for (const [name, mail] of everyMail(locale)) {
        // The admins' new-lead alert is always in the site's default language; the others in the reader's.
        if (name !== "new lead") expect(mail.locale, name).toBe(locale);
        const written = isLocale(mail.locale) ? mail.locale : "en";
        const brand = i18nFor(written).getFixedT(written, "mail")("layout.brand");
        const html = await renderMailHtml(mail);
        rendered.set(`${name} (${locale})`, html);
        expect(html, name).toMatch(
          new RegExp(`<html lang="${mail.locale}" dir="${mail.locale === "ar" ? "rtl" : "ltr"}"[ >]`),
        );
        // Gmail drops <html>'s attributes, and MJML writes a direction on every section and column: each must
        // be the mail's, or Arabic punctuation lands at the wrong end of its line (seen in a screenshot).
        expect(html, name).not.toContain(`direction:${mail.locale === "ar" ? "ltr" : "rtl"}`);
        expect(html, name).toContain(`<title>${escaped(mail.subject)}</title>`);
        expect(html, name).toContain(brand);
        expect(html, name).not.toContain("<script>");
        for (const block of mail.blocks) {
          if (typeof block === "string") {
            // Each line of a paragraph is there, escaped (lines are joined by <br>).
            for (const line of block.split("\n")) expect(html, `${name}: ${line}`).toContain(escaped(line));
          } else {
            expect(html, name).toContain(`href="${escaped(block.link)}"`);
            expect(html, name).toContain(escaped(block.label));
          }
        }
        // The first link is the one button.
        const buttons = html.match(/<a\s+href="[^"]+"[^>]*target="_blank"/g) ?? [];
        const links = mail.blocks.filter((block) => typeof block !== "string");
        expect(buttons.length, name).toBe(links.length > 0 ? 1 : 0);
      }
    });

  it("is valid HTML but for Outlook's compatibility", async () => {
    expect(rendered.size).toBe(everyMail("en").length * 2);
    expect(await htmlProblems(rendered, OUTLOOK_COMPATIBILITY)).toEqual([]);
  }, 60_000);
});
