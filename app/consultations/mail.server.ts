// A consultation's mails (issue 48, item 4), through the `consultations` namespace: to the person in the
// language they booked in, to each admin in the language of their last pages. Every mail but the reminder
// carries the calendar invite (app/consultations/invite.ts) with the booking's UID and current SEQUENCE.
import { publicOrigin } from "../config.server";
import type { ConsultationBooking } from "../db/schema";
import { i18nFor } from "../i18n/context.server";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../i18n/languages";
import type { MailMessage } from "../mail/mailer.server";
import { compose, type Paragraph } from "../mail/messages.server";
import { formatWhen } from "./format";
import { consultationInvite } from "./invite";

export type BookingMailKind = "booked" | "moved" | "cancelled";

export const mailLocale = (locale: string): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

function translator(locale: Locale) {
  const i18n = i18nFor(locale);
  return {
    t: i18n.getFixedT(locale, "consultations"),
    signature: i18n.getFixedT(locale, "mail")("signature"),
  };
}

/** The booking's own page (cancel or move), in `locale`, on the public origin. */
export function bookingPageUrl(token: string, locale: Locale): string {
  return `${publicOrigin()}${localizePath(`/consultation/booking/${token}`, locale)}`;
}

/** The invite's download (`icsUrl`), signed like the page. */
export function inviteUrl(token: string): string {
  return `${publicOrigin()}/consultation/booking/${token}/invite.ics`;
}

export type Organizer = { name: string; email: string };

/** The booking's invite as it stands: REQUEST while confirmed, CANCEL once cancelled. */
export function bookingInvite(
  booking: ConsultationBooking,
  token: string,
  organizer: Organizer,
  locale: Locale = mailLocale(booking.locale),
): string {
  const { t } = translator(locale);
  return consultationInvite({
    uid: booking.uid,
    sequence: booking.sequence,
    method: booking.status === "cancelled" ? "CANCEL" : "REQUEST",
    start: booking.startsAt,
    end: booking.endsAt,
    title: t("invite.title", { brand: organizer.name }),
    description: [booking.topic, booking.message ?? "", bookingPageUrl(token, locale)]
      .filter(Boolean)
      .join("\n\n"),
    url: bookingPageUrl(token, locale),
    organizer,
    attendee: { name: booking.name, email: booking.email },
  });
}

function calendarOf(booking: ConsultationBooking, content: string): MailMessage["calendar"] {
  return {
    method: booking.status === "cancelled" ? "CANCEL" : "REQUEST",
    filename: "consultation.ics",
    content,
  };
}

/** To the person who booked: booked, moved or cancelled, with the invite and the link to change it. */
export function visitorBookingMail(
  kind: BookingMailKind,
  booking: ConsultationBooking,
  token: string,
  organizer: Organizer,
): MailMessage {
  const locale = mailLocale(booking.locale);
  const { t, signature } = translator(locale);
  const when = formatWhen(booking.startsAt, locale, booking.timeZone);
  const zone = booking.timeZone;
  const paragraphs: Paragraph[] = [
    t("mail.greeting", { name: booking.name }),
    t(`mail.visitor.${kind}.body`, { when, zone }),
    t("mail.topic", { topic: booking.topic }),
  ];
  if (kind !== "cancelled") {
    paragraphs.push(t("mail.visitor.invite"));
    paragraphs.push({ link: bookingPageUrl(token, locale), label: t("mail.visitor.manage") });
  }
  paragraphs.push(signature);
  return {
    ...compose(booking.email, locale, t(`mail.visitor.${kind}.subject`, { when }), paragraphs),
    calendar: calendarOf(booking, bookingInvite(booking, token, organizer, locale)),
  };
}

/** To one admin: who booked, when, about what, and the lead's page. */
export function adminBookingMail(
  kind: BookingMailKind,
  to: { email: string; locale: string },
  booking: ConsultationBooking,
  token: string,
  organizer: Organizer,
): MailMessage {
  const locale = mailLocale(to.locale);
  const { t, signature } = translator(locale);
  const when = formatWhen(booking.startsAt, locale, booking.timeZone);
  const paragraphs: Paragraph[] = [
    t(`mail.admin.${kind}.body`, { name: booking.name, when, zone: booking.timeZone }),
    t("mail.admin.contact", { email: booking.email, phone: booking.phone ?? "—" }),
    t("mail.topic", { topic: booking.topic }),
  ];
  if (booking.message) paragraphs.push(booking.message);
  if (booking.leadId !== null) {
    paragraphs.push({
      link: `${publicOrigin()}${localizePath(`/dashboard/admin/leads/${booking.leadId}`, locale)}`,
      label: t("mail.admin.openLead"),
    });
  }
  paragraphs.push(signature);
  return {
    ...compose(to.email, locale, t(`mail.admin.${kind}.subject`, { name: booking.name, when }), paragraphs),
    calendar: calendarOf(booking, bookingInvite(booking, token, organizer, locale)),
  };
}

/** The day-before reminder, to the person who booked. */
export function reminderMail(booking: ConsultationBooking, token: string): MailMessage {
  const locale = mailLocale(booking.locale);
  const { t, signature } = translator(locale);
  const when = formatWhen(booking.startsAt, locale, booking.timeZone);
  return compose(booking.email, locale, t("mail.reminder.subject", { when }), [
    t("mail.greeting", { name: booking.name }),
    t("mail.reminder.body", { when, zone: booking.timeZone }),
    t("mail.topic", { topic: booking.topic }),
    { link: bookingPageUrl(token, locale), label: t("mail.visitor.manage") },
    signature,
  ]);
}
