// GET and PUT /api/admin/settings/bank-transfer: the bank account learners transfer to, both languages'
// instructions. PUT replaces it whole; an invalid IBAN or BIC is 422 and changes nothing.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { bankAccountSettingsJson } from "../../wallet/api.server";
import { BankAccountInput } from "../../wallet/bank-account";
import { readBankAccount, saveBankAccount } from "../../wallet/bank-account.server";
import type { Route } from "./+types/admin-bank-transfer";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const account = await readBankAccount(getDb(context));
  return Response.json({ bankTransfer: account ? bankAccountSettingsJson(account) : null });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "GET, PUT");
  const { data, error } = await readJsonBody(request, BankAccountInput, getI18n(context), "wallet");
  if (error) return error;
  const saved = await saveBankAccount(getDb(context), admin.id, data);
  return Response.json({ bankTransfer: bankAccountSettingsJson(saved) });
}
