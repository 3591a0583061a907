// GET /api/wallet/bank-transfer: where to send a transfer for a top-up, in the Accept-Language language;
// `{bankTransfer: null}` while no admin has entered the account (top-ups by transfer are refused then).
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { apiLocale, methodNotAllowed } from "../../lib/api.server";
import { bankAccountJson } from "../../wallet/api.server";
import { readBankAccount } from "../../wallet/bank-account.server";
import type { Route } from "./+types/wallet-bank-transfer";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  const account = await readBankAccount(getDb(context));
  return Response.json({ bankTransfer: account ? bankAccountJson(account, apiLocale(request)) : null });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
