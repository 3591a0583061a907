// GET /api/admin/consultations/availability → {availability, updatedAt}; PUT with every field (timeZone,
// slotMinutes, bufferMinutes, horizonDays, minNoticeHours, weekly: [{day, start, end}], closedDates) saves it
// and answers the same (issue 48, items 4 and 6). Bookings already made stay.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getAvailability, saveAvailability } from "../../consultations/consultations.server";
import { AvailabilityInput } from "../../consultations/policy";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import type { Route } from "./+types/admin-consultations-availability";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const stored = await getAvailability(getDb(context));
  return Response.json(stored, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "GET, PUT");
  const body = await readJsonBody(request, AvailabilityInput, getI18n(context), "consultations");
  if (body.error) return body.error;
  return Response.json(await saveAvailability(getDb(context), body.data, admin.id));
}
