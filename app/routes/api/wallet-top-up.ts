// POST /api/wallet/top-up {amount, reference?} → 201 {request: {id, amount, status: "pending", …}}: asks for a
// bank-transfer top-up, credited when an admin approves it. 409 when three requests already wait.
import { requireApiUser } from "../../auth/guards.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { getDb } from "../../middleware/database.server";
import { getI18n } from "../../middleware/i18next.server";
import { topUpJson } from "../../wallet/api.server";
import { requestTopUp, TopUpInput } from "../../wallet/top-ups.server";
import type { Route } from "./+types/wallet-top-up";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, TopUpInput, i18n, "wallet");
  if (error) return error;
  const outcome = await requestTopUp(getDb(context), user.id, data);
  if (!outcome.ok) {
    return apiError(409, "conflict", i18n.getFixedT(apiLocale(request), "wallet")("topUp.tooManyPending"));
  }
  return Response.json({ request: topUpJson(outcome.request) }, { status: 201 });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
