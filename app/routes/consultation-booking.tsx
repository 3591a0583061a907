// /consultation/booking/:token (and /ar/…): one booking, opened by the signed link of its mails and of the
// booking's redirect (app/consultations/token.ts). It shows the call, its invite, and two plain forms:
// move to another open slot, or cancel. GET changes nothing; each change is a POST (issue 48, item 4).
import { data } from "react-router";
import { z } from "zod";
import { BookingPage } from "../components/consultations/booking-page";
import {
  bookingIdOfToken,
  cancelBooking,
  getBooking,
  listOpenSlots,
  moveBooking,
} from "../consultations/consultations.server";
import { formatWhen } from "../consultations/format";
import { MoveInput } from "../consultations/policy";
import { slotDays } from "../consultations/view";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { readForm, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { SECRET_LINK_PAGE_HEADERS } from "../security/secret-link-headers";
import type { Route } from "./+types/consultation-booking";

export const handle = { i18n: ["consultations"] };

const PAGE_HEADERS = SECRET_LINK_PAGE_HEADERS;

export function headers() {
  return PAGE_HEADERS;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("consultations");
  const db = getDb(context);
  const id = bookingIdOfToken(params.token);
  const booking = id === null ? null : await getBooking(db, id);
  const meta = page.meta(t("booking.title"), t("booking.metaDescription"));
  if (!booking) {
    return data(
      { meta, booking: null, days: [], timeZone: "", locale: page.locale },
      { status: 404, headers: PAGE_HEADERS },
    );
  }
  const open = booking.status === "confirmed" && booking.startsAt.getTime() > Date.now();
  const { availability, slots } = open ? await listOpenSlots(db) : { availability: null, slots: [] };
  return data(
    {
      meta,
      booking: {
        status: booking.status as "confirmed" | "cancelled",
        when: formatWhen(booking.startsAt, page.locale, booking.timeZone),
        start: booking.startsAt.toISOString(),
        timeZone: booking.timeZone,
        topic: booking.topic,
        name: booking.name,
        changeable: open,
        inviteUrl: `/consultation/booking/${params.token}/invite.ics`,
      },
      days: availability ? slotDays(slots, availability.timeZone, page.locale) : [],
      timeZone: availability?.timeZone ?? booking.timeZone,
      locale: page.locale,
    },
    { headers: PAGE_HEADERS },
  );
}

/** The page's two forms, told apart by `intent`. */
const BookingAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  MoveInput.extend({ intent: z.literal("move") }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("consultations");
  const id = bookingIdOfToken(params.token);
  if (id === null)
    return data({ formError: t("errors.notFound"), fieldErrors: {} }, { status: 404, headers: PAGE_HEADERS });
  const here = localizePath(`/consultation/booking/${params.token}`, page.locale);
  const db = getDb(context);
  const parsed = validateForm(await readForm(request), BookingAction, t);
  if (!parsed.ok) {
    // A move without a slot chosen; anything else is no intent this page sends.
    if (parsed.fieldErrors.intent)
      return data(
        { formError: t("errors.notFound"), fieldErrors: {} },
        { status: 400, headers: PAGE_HEADERS },
      );
    return data(
      { formError: null, fieldErrors: { start: t("errors.slotRequired") } },
      { status: 400, headers: PAGE_HEADERS },
    );
  }
  const outcome =
    parsed.data.intent === "cancel"
      ? await cancelBooking(db, id)
      : await moveBooking(db, id, parsed.data.start);
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "slot_taken":
        return data(
          { formError: null, fieldErrors: { start: t("errors.slotTaken") } },
          { status: 409, headers: PAGE_HEADERS },
        );
      case "not_a_slot":
        return data(
          { formError: null, fieldErrors: { start: t("errors.notASlot") } },
          { status: 400, headers: PAGE_HEADERS },
        );
      default:
        return data(
          {
            formError: t(`errors.${outcome.reason === "not_found" ? "notFound" : outcome.reason}`),
            fieldErrors: {},
          },
          { status: outcome.reason === "not_found" ? 404 : 409, headers: PAGE_HEADERS },
        );
    }
  }
  return toasts().redirectWithSuccess(
    here,
    parsed.data.intent === "cancel" ? t("booking.cancelledNotice") : t("booking.moved"),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function ConsultationBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage loaderData={loaderData} actionData={actionData} />;
}
