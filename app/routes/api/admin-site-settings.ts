// GET /api/admin/settings/site → {settings, updatedAt}: the site's brand, contact details and social links;
// PUT with every field ({brandName: {en, ar}, email, phone, whatsapp, address, hours, social}) saves them and
// answers the same.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { SiteSettingsInput } from "../../site/settings";
import { getSiteSettings, saveSiteSettings } from "../../site/settings.server";
import type { Route } from "./+types/admin-site-settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const { settings, updatedAt } = await getSiteSettings(getDb(context));
  return Response.json({ settings, updatedAt }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "GET, PUT");
  const body = await readJsonBody(request, SiteSettingsInput, getI18n(context), "site");
  if (body.error) return body.error;
  const { settings, updatedAt } = await saveSiteSettings(getDb(context), body.data, admin.id);
  return Response.json({ settings, updatedAt });
}
