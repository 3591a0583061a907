// PUT /api/admin/charge-wallet/:userId {amount, reason?}: an admin credits a wallet; amounts are currency units.
import { isAdmin } from "../../access/roles";
import { toApiUser } from "../../auth/accounts.server";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, validationFailed } from "../../lib/api.server";
import {
  ChargeWalletInput,
  creditWallet,
  DEFAULT_CREDIT_REASON,
  ledgerEntryForApi,
} from "../../wallet/wallet.server";
import type { Route } from "./+types/admin-charge-wallet";

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "PUT");
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const t = i18n.getFixedT(locale, "admin");
  const { data, error } = await readJsonBody(request, ChargeWalletInput, i18n, "admin");
  if (error) return error;
  const outcome = await creditWallet(getDb(context), {
    userId: params.userId,
    actorId: admin.id,
    amount: data.amount,
    reason: data.reason ?? DEFAULT_CREDIT_REASON,
  });
  if (!outcome.ok && outcome.reason === "not_found")
    return apiError(404, "not_found", t("errors.userNotFound"));
  if (!outcome.ok) {
    return validationFailed(request, i18n, {
      amount: t("errors.balanceLimit"),
    });
  }
  return Response.json({
    user: toApiUser(outcome.user),
    ledgerEntry: ledgerEntryForApi(outcome.entry),
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "PUT");
}
