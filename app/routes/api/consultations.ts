// POST /api/consultations {start, name, email, phone?, topic, message?, locale?} → 201 {booking: {id, start,
// end, status}, icsUrl}, or 409 slot_taken: books an open slot through the same domain function as the
// /consultation page (issue 48, items 4 and 6). `icsUrl` is the invite's signed download (decision 069).
import { bookConsultation } from "../../consultations/consultations.server";
import { inviteUrl } from "../../consultations/mail.server";
import { BookingInput } from "../../consultations/policy";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { NO_ATTRIBUTION } from "../../leads/attribution";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/consultations";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, BookingInput, i18n, "consultations");
  if (error) return error;
  const { locale, ...fields } = data;
  const outcome = await bookConsultation(
    getDb(context),
    { ...fields, locale: locale ?? apiLocale(request) },
    { clientAddress: clientAddress(context), attribution: NO_ATTRIBUTION },
  );
  const t = i18n.getFixedT(apiLocale(request), "consultations");
  if (!outcome.ok) {
    if (outcome.reason === "rate_limited")
      return tooManyRequests(request, context, outcome.retryAfterSeconds);
    if (outcome.reason === "slot_taken") return apiError(409, "slot_taken", t("errors.slotTaken"));
    return apiError(422, "validation_failed", t("errors.notASlot"), { start: t("errors.notASlot") });
  }
  const { booking, token } = outcome;
  return Response.json(
    {
      booking: {
        id: booking.id,
        start: booking.startsAt.toISOString(),
        end: booking.endsAt.toISOString(),
        status: booking.status,
      },
      icsUrl: inviteUrl(token),
    },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowed(request, context, "POST");
}
