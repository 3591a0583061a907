// POST /api/contact: the contact form as JSON, with the same rules as the page. It answers with the lead's
// receipt for this message, the same whether the address made a new lead or added to one (issue 48).
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { NO_ATTRIBUTION } from "../../leads/attribution";
import { ContactInput } from "../../leads/inputs";
import { leadReceiptJson } from "../../leads/json";
import { contactEnquiry, submitEnquiry } from "../../leads/leads.server";
import { apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/contact";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const { data, error } = await readJsonBody(request, ContactInput, i18n, "contact");
  if (error) return error;
  const locale = apiLocale(request);
  const { website, ...fields } = data;
  const outcome = await submitEnquiry(getDb(context), contactEnquiry(fields, locale), {
    clientAddress: clientAddress(context),
    spam: Boolean(website?.trim()),
    attribution: NO_ATTRIBUTION,
  });
  if (!outcome.ok) {
    if (outcome.reason === "course_not_found") throw new Error("a contact message names no course");
    return tooManyRequests(request, context, outcome.retryAfterSeconds);
  }
  return Response.json(
    {
      ok: true,
      message: i18n.getFixedT(locale, "contact")("sent"),
      lead: leadReceiptJson(outcome, fields, locale),
    },
    { status: 201 },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowed(request, context, "POST");
}
