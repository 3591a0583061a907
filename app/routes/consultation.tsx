// /consultation (and /ar/consultation): the open slots of the coming days in the agency's time zone, and a
// plain form that books one (issue 48, item 4). A booking lands on its own page (a signed link, the same as
// the mails'); a refused one comes back with each field's message and what was typed.
import { data } from "react-router";
import { ConsultationPage } from "../components/consultations/consultation-page";
import { bookConsultation, listOpenSlots } from "../consultations/consultations.server";
import { BookingForm } from "../consultations/policy";
import { slotDays } from "../consultations/view";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { attributionFromCookieHeader, firstTouch, NO_ATTRIBUTION } from "../leads/attribution";
import { clientAddress } from "../lib/client-address";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import type { Route } from "./+types/consultation";

export const handle = { i18n: ["consultations", "leads", "contact"] };

/** The slots change with every booking and every minute: never kept by the shared cache. */
const PAGE_HEADERS = { "Cache-Control": "no-store" } as const;

export function headers() {
  return PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("consultations");
  const { availability, slots } = await listOpenSlots(getDb(context));
  return data(
    {
      meta: page.meta(t("title"), t("metaDescription")),
      timeZone: availability.timeZone,
      locale: page.locale,
      days: slotDays(slots, availability.timeZone, page.locale),
    },
    { headers: PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("consultations");
  const form = await parseForm(request, BookingForm, t);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const { website, ...fields } = form.data;
  // A filled honeypot books nothing and is answered like a booking whose details went by mail.
  if (website?.trim()) {
    return toasts().redirectWithSuccess(localizePath("/consultation", page.locale), t("booking.checkMail"));
  }
  const outcome = await bookConsultation(
    getDb(context),
    { ...fields, locale: page.locale },
    {
      clientAddress: clientAddress(context),
      attribution: firstTouch(attributionFromCookieHeader(request.headers.get("cookie")), NO_ATTRIBUTION),
    },
  );
  if (!outcome.ok) {
    if (outcome.reason === "rate_limited") {
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      return data(
        { fieldErrors: {}, values: form.values, formError: t("errors.rateLimited", { count: minutes }) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    const message = outcome.reason === "slot_taken" ? t("errors.slotTaken") : t("errors.notASlot");
    return data(
      { fieldErrors: { start: message }, values: form.values },
      { status: outcome.reason === "slot_taken" ? 409 : 400 },
    );
  }
  // Post/Redirect/Get onto the booking's own page: a reload cannot book twice.
  return toasts().redirectWithSuccess(
    localizePath(`/consultation/booking/${outcome.token}`, page.locale),
    t("booking.booked", { email: outcome.booking.email }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Consultation({ loaderData, actionData }: Route.ComponentProps) {
  return <ConsultationPage loaderData={loaderData} actionData={actionData} />;
}
