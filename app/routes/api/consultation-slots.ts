// GET /api/consultations/slots?from=YYYY-MM-DD&to=YYYY-MM-DD → {timeZone, slotMinutes, slots: [{start, end}]}:
// the open slots of those calendar dates in the agency's time zone (at most 62 days), times in ISO 8601 UTC.
import { listOpenSlots } from "../../consultations/consultations.server";
import { SlotsQuery } from "../../consultations/policy";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import type { Route } from "./+types/consultation-slots";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, SlotsQuery, getI18n(context), "consultations");
  if (query.error) return query.error;
  const { availability, slots } = await listOpenSlots(getDb(context), query.data);
  return Response.json(
    {
      timeZone: availability.timeZone,
      slotMinutes: availability.slotMinutes,
      slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
    },
    // Every booking and every minute changes them: never kept by a shared cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowed(request, context, "GET");
}
