// POST /api/contact: the contact form as JSON, with the same rules as the page.

import { ContactInput, submitContactMessage } from "../../contact/contact.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/contact";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const { data, error } = await readJsonBody(request, ContactInput, i18n, "contact");
  if (error) return error;
  const locale = apiLocale(request);
  const outcome = await submitContactMessage(getDb(context), data, locale, clientAddress(context));
  if (!outcome.ok) return tooManyRequests(request, context, outcome.retryAfterSeconds);
  return Response.json({ ok: true, message: i18n.getFixedT(locale, "contact")("sent") }, { status: 201 });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowed(request, context, "POST");
}
