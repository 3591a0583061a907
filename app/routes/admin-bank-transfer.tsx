// /dashboard/admin/bank-transfer: the bank account learners transfer to for a top-up, with instructions in
// both languages. Shown on the wallet page, the help page and the FAQ once saved.
import { data } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { AdminBankTransfer } from "../components/admin/bank-transfer-page";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { BankAccountInput, printedIban } from "../wallet/bank-account";
import { readBankAccount, saveBankAccount } from "../wallet/bank-account.server";
import type { Route } from "./+types/admin-bank-transfer";
export const handle = { i18n: ["wallet"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("wallet");
  const account = await readBankAccount(getDb(context));
  return {
    meta: page.meta(t("bank.admin.title"), t("bank.admin.metaDescription")),
    account: account
      ? {
          bankName: account.bankName,
          accountHolder: account.accountHolder,
          iban: printedIban(account.iban),
          swift: account.swift ?? "",
          instructions: account.instructions ?? "",
          instructionsAr: account.instructionsAr ?? "",
          updatedAt: page.date(account.updatedAt.toISOString()),
          version: account.updatedAt.toISOString(),
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "wallet");
  const form = await parseForm(request, BankAccountInput, t);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  await saveBankAccount(getDb(context), admin.id, form.data);
  return toasts().redirectWithSuccess(
    localizePath("/dashboard/admin/bank-transfer", locale),
    t("bank.admin.saved"),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminBankTransferRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminBankTransfer loaderData={loaderData} actionData={actionData} />;
}
