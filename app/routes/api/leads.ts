// POST /api/leads {name, email, phone?, company?, message, source: "service" | "course", serviceKey? |
// courseId?, locale?} → 201 {ok, message, lead}: a service or course enquiry through the leads domain, with
// the contact form's rate limit; the answer is the same for a new address and a known one (issue 48).
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { NO_ATTRIBUTION } from "../../leads/attribution";
import { LeadInput } from "../../leads/inputs";
import { leadReceiptJson } from "../../leads/json";
import { submitEnquiry } from "../../leads/leads.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/leads";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const { data, error } = await readJsonBody(request, LeadInput, i18n, "contact");
  if (error) return error;
  const locale = data.locale ?? apiLocale(request);
  const t = i18n.getFixedT(apiLocale(request), "leads");
  const outcome = await submitEnquiry(
    getDb(context),
    {
      name: data.name,
      email: data.email,
      phone: data.phone,
      company: data.company,
      message: data.message,
      locale,
      source: data.source,
      serviceKey: data.source === "service" ? data.serviceKey : undefined,
      courseId: data.source === "course" ? data.courseId : undefined,
    },
    { clientAddress: clientAddress(context), spam: false, attribution: NO_ATTRIBUTION },
  );
  if (!outcome.ok) {
    if (outcome.reason === "course_not_found") {
      return apiError(422, "validation_failed", t("errors.courseInvalid"), {
        courseId: t("errors.courseInvalid"),
      });
    }
    return tooManyRequests(request, context, outcome.retryAfterSeconds);
  }
  const fields = data.source === "service" ? { serviceKey: data.serviceKey } : { courseId: data.courseId };
  return Response.json(
    {
      ok: true,
      message: i18n.getFixedT(locale, "contact")("sent"),
      lead: leadReceiptJson(outcome, fields, locale, data.source),
    },
    { status: 201 },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowed(request, context, "POST");
}
