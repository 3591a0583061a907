// GET /api/account/notification-preferences → {preferences}: how each notification type is mailed to the
// caller; PUT {<type>: "immediate" | "digest" | "off", …} changes the given types and answers all of them.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { getPreferences, setPreferences } from "../../notifications/notifications.server";
import { PreferencesInput } from "../../notifications/policy";
import type { Route } from "./+types/notification-preferences";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  return Response.json(
    { preferences: await getPreferences(getDb(context), user.id) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "GET, PUT");
  const body = await readJsonBody(request, PreferencesInput, getI18n(context), "notifications");
  if (body.error) return body.error;
  return Response.json({ preferences: await setPreferences(getDb(context), user.id, body.data) });
}
