// /account/wallet: the balance, a top-up — by card through Stripe Checkout when Stripe is configured (the
// learner comes back here with ?checkout=<session id> and sees "credited" or "waiting for confirmation"),
// otherwise a request by bank transfer to the account an admin entered, approved by an admin —, the learner's transfer requests and the
// wallet's full history with the balance after each movement.
import { data, redirect } from "react-router";
import { requireUser } from "../auth/guards.server";
import { AccountWallet } from "../components/account/wallet-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { parseForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { cardPaymentState, startCardTopUp } from "../payments/card-top-ups.server";
import { cardPayments } from "../payments/stripe.server";
import { printedIban, transferReference } from "../wallet/bank-account";
import { bankAccountView, readBankAccount } from "../wallet/bank-account.server";
import { listLedger } from "../wallet/history.server";
import { listOwnTopUps, requestTopUp, TopUpInput, topUpLimits } from "../wallet/top-ups.server";
import { toCurrencyUnits } from "../wallet/wallet.server";
import type { Route } from "./+types/account-wallet";
export const handle = { i18n: ["wallet", "payments"] };

const HISTORY_PAGE_SIZE = 20;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const pageNumber = parsePage(url);
  const currency = readConfig().currency;
  const money = (minorUnits: number) => formatMoney(minorUnits, page.locale, currency);
  const t = page.tIn("wallet");
  const [history, requests, bankAccount] = await Promise.all([
    listLedger(db, page.locale, user.id, {
      limit: HISTORY_PAGE_SIZE,
      offset: (pageNumber - 1) * HISTORY_PAGE_SIZE,
    }),
    listOwnTopUps(db, user.id),
    readBankAccount(db),
  ]);
  const limits = topUpLimits();
  const card = cardPayments() !== null;
  const checkout = url.searchParams.get("checkout");
  const checkoutState =
    checkout === "cancelled"
      ? ("cancelled" as const)
      : checkout
        ? await cardPaymentState(db, user.id, checkout)
        : null;
  return {
    card,
    checkoutState,
    bankTransfer: bankAccount
      ? { ...bankAccountView(bankAccount, page.locale), iban: printedIban(bankAccount.iban) }
      : null,
    meta: page.listMeta(t("title"), t("metaDescription"), pageNumber),
    currency,
    balance: money(history.balance),
    limits: { min: money(limits.min), max: money(limits.max), minValue: toCurrencyUnits(limits.min) },
    requests: requests.map((item) => ({
      id: item.id,
      amount: money(item.amount),
      reference: item.reference,
      transferReference: transferReference(item.id),
      status: item.status,
      rejectReason: item.rejectReason,
      requestedAt: page.date(item.createdAt.toISOString()),
    })),
    history: history.items.map((line) => {
      const kindKey =
        (line.kind === "purchase" || line.kind === "refund") && line.courseTitle === null
          ? `kinds.${line.kind}Unknown`
          : `kinds.${line.kind}`;
      return {
        id: line.id,
        description: t(kindKey, { course: line.courseTitle ?? "" }),
        // An admin's own note says more than "Admin credit"; the default text adds nothing to the label.
        note: line.kind === "credit" && line.note !== "Admin credit" ? line.note : null,
        amount: money(line.amount),
        credit: line.amount > 0,
        balanceAfter: money(line.balanceAfter),
        date: page.date(line.createdAt.toISOString()),
        dateTime: line.createdAt.toISOString(),
      };
    }),
    total: history.total,
    page: pageNumber,
    pageCount: Math.ceil(history.total / HISTORY_PAGE_SIZE),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "wallet");
  const form = await parseForm(request, TopUpInput, t);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const back = localizePath("/account/wallet", locale);
  const payments = cardPayments();
  if (payments) {
    const started = await startCardTopUp(getDb(context), payments, {
      userId: user.id,
      email: user.email,
      amount: form.data.amount,
      currency: readConfig().currency,
      returnPath: back,
      productName: getI18n(context).getFixedT(locale, "payments")("checkout.productName"),
    });
    if (!started.ok) {
      return toasts().redirectWithError(
        back,
        getI18n(context).getFixedT(locale, "payments")("errors.stripe"),
      );
    }
    return redirect(started.checkoutUrl, 303);
  }
  const outcome = await requestTopUp(getDb(context), user.id, form.data);
  if (!outcome.ok)
    return toasts().redirectWithError(
      back,
      t(outcome.reason === "transfer_unavailable" ? "topUp.unavailable" : "topUp.tooManyPending"),
    );
  const amount = formatMoney(outcome.request.amount, locale, readConfig().currency);
  return toasts().redirectWithSuccess(
    back,
    t("topUp.requested", { amount, reference: transferReference(outcome.request.id) }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AccountWalletRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountWallet loaderData={loaderData} actionData={actionData} />;
}
