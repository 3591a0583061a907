// /account/wallet: the balance, a top-up — by card through Stripe Checkout when Stripe is configured (the
// learner comes back here with ?checkout=<session id> and sees "credited" or "waiting for confirmation"),
// otherwise a request by bank transfer approved by an admin —, the learner's transfer requests and the
// wallet's full history with the balance after each movement.
import { data, Form, redirect, useNavigation } from "react-router";
import { requireUser } from "../auth/guards.server";
import { ErrorSummary, fieldErrorLinks } from "../components/error-summary";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { parseForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getI18n } from "../middleware/i18next.server";
import { cardPaymentState, startCardTopUp } from "../payments/card-top-ups.server";
import { cardPayments } from "../payments/stripe.server";
import { toasts } from "../toast.server";
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
  const [history, requests] = await Promise.all([
    listLedger(db, page.locale, user.id, {
      limit: HISTORY_PAGE_SIZE,
      offset: (pageNumber - 1) * HISTORY_PAGE_SIZE,
    }),
    listOwnTopUps(db, user.id),
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
    meta: page.listMeta(t("title"), t("metaDescription"), pageNumber),
    currency,
    balance: money(history.balance),
    limits: { min: money(limits.min), max: money(limits.max), minValue: toCurrencyUnits(limits.min) },
    requests: requests.map((item) => ({
      id: item.id,
      amount: money(item.amount),
      reference: item.reference,
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
  if (!outcome.ok) return toasts().redirectWithError(back, t("topUp.tooManyPending"));
  const amount = formatMoney(outcome.request.amount, locale, readConfig().currency);
  return toasts().redirectWithSuccess(back, t("topUp.requested", { amount }));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AccountWallet({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("wallet");
  const { t: tp } = useTranslation("payments");
  const sending = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const { history, requests, limits } = loaderData;
  const inputClass = (field: string) =>
    `mt-1 block w-full rounded-md border px-3 py-2 ${errors[field] ? "border-red-600" : "border-ink/20"} focus:border-coral-500`;
  return (
    <>
      <PageIntro title={t("title")}>
        <p className="mt-4 text-lg">
          {t("balance")}:{" "}
          <strong data-testid="wallet-balance" dir="ltr">
            {loaderData.balance}
          </strong>
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 *:min-w-0 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="top-up-heading">
          <h2 id="top-up-heading" className="text-2xl font-bold">
            {t("topUp.heading")}
          </h2>
          {loaderData.checkoutState ? (
            <p
              role="status"
              data-testid="checkout-state"
              className={`mt-4 rounded-md border p-3 ${loaderData.checkoutState === "credited" ? "border-teal-700 bg-teal/15" : "border-ink/20 bg-sand"}`}
            >
              {tp(`checkout.${loaderData.checkoutState}`)}
            </p>
          ) : null}
          <p className="mt-2 text-ink/80">{loaderData.card ? tp("card.lead") : t("topUp.lead")}</p>
          <Form
            method="post"
            noValidate
            className="mt-6 space-y-5"
            aria-describedby={actionData ? "top-up-form-error" : undefined}
          >
            {actionData ? (
              <ErrorSummary
                id="top-up-form-error"
                answer={actionData}
                message={t("topUp.failed")}
                fields={fieldErrorLinks(
                  errors,
                  "top-up-",
                  loaderData.card ? ["amount"] : ["amount", "reference"],
                )}
              />
            ) : null}
            <div>
              <label htmlFor="top-up-amount" className="block font-semibold">
                {t("topUp.amount", { currency: loaderData.currency })}
              </label>
              <p id="top-up-amount-hint" className="text-sm text-ink/80">
                {t("topUp.amountHint", { min: limits.min, max: limits.max })}
              </p>
              <input
                id="top-up-amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                defaultValue={values.amount}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={`top-up-amount-hint${errors.amount ? " top-up-amount-error" : ""}`}
                className={inputClass("amount")}
              />
              {errors.amount ? (
                <p id="top-up-amount-error" className="mt-1 text-sm text-red-700" data-field-error="amount">
                  {errors.amount}
                </p>
              ) : null}
            </div>
            {loaderData.card ? null : (
              <div>
                <label htmlFor="top-up-reference" className="block font-semibold">
                  {t("topUp.reference")}
                </label>
                <p id="top-up-reference-hint" className="text-sm text-ink/80">
                  {t("topUp.referenceHint")}
                </p>
                <input
                  id="top-up-reference"
                  name="reference"
                  maxLength={100}
                  autoComplete="off"
                  dir="auto"
                  defaultValue={values.reference}
                  aria-invalid={errors.reference ? true : undefined}
                  aria-describedby={`top-up-reference-hint${errors.reference ? " top-up-reference-error" : ""}`}
                  className={inputClass("reference")}
                />
                {errors.reference ? (
                  <p
                    id="top-up-reference-error"
                    className="mt-1 text-sm text-red-700"
                    data-field-error="reference"
                  >
                    {errors.reference}
                  </p>
                ) : null}
              </div>
            )}
            <button
              type="submit"
              disabled={sending}
              className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
            >
              {sending ? t("topUp.submitting") : loaderData.card ? tp("card.submit") : t("topUp.submit")}
            </button>
          </Form>

          <h2 id="requests-heading" className="mt-12 text-2xl font-bold">
            {t("requests.heading")}
          </h2>
          {requests.length === 0 ? (
            <p className="mt-2 text-ink/80">{t("requests.empty")}</p>
          ) : (
            <ul className="mt-4 space-y-3" aria-labelledby="requests-heading" data-testid="top-up-requests">
              {requests.map((item) => (
                <li key={item.id} className="rounded-md border border-ink/15 p-3">
                  <p className="flex flex-wrap justify-between gap-2">
                    <strong dir="ltr">{item.amount}</strong>
                    <span className="text-sm font-semibold">{t(`status.${item.status}`)}</span>
                  </p>
                  <p className="text-sm text-ink/80">
                    {t("requests.requestedAt")}: {item.requestedAt}
                    {item.reference ? (
                      <>
                        {" · "}
                        {t("requests.reference")}: <bdi>{item.reference}</bdi>
                      </>
                    ) : null}
                  </p>
                  {item.rejectReason ? (
                    <p className="text-sm text-ink/80">
                      {t("requests.rejectReason", { reason: item.rejectReason })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="history-heading">
          <h2 id="history-heading" className="text-2xl font-bold">
            {t("history.heading")}
          </h2>
          {history.length === 0 ? (
            <p className="mt-2 text-ink/80">{t("history.empty")}</p>
          ) : (
            <>
              <p className="mt-2 text-ink/80">{t("history.count", { count: loaderData.total })}</p>
              {/* A focusable region, so keyboard users can scroll the table sideways on a narrow screen
                  (axe: scrollable-region-focusable). */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
              <section className="mt-4 overflow-x-auto" tabIndex={0} aria-label={t("history.caption")}>
                <table className="w-full text-start text-sm" data-testid="wallet-history">
                  <caption className="sr-only">{t("history.caption")}</caption>
                  <thead>
                    <tr className="border-b border-ink/15 text-start">
                      <th scope="col" className="py-2 pe-4 text-start">
                        {t("history.date")}
                      </th>
                      <th scope="col" className="py-2 pe-4 text-start">
                        {t("history.description")}
                      </th>
                      <th scope="col" className="py-2 pe-4 text-end">
                        {t("history.amount")}
                      </th>
                      <th scope="col" className="py-2 text-end">
                        {t("history.balanceAfter")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {history.map((line) => (
                      <tr key={line.id} className="border-b border-ink/10 align-top">
                        <td className="py-2 pe-4 whitespace-nowrap">
                          <time dateTime={line.dateTime}>{line.date}</time>
                        </td>
                        <td className="py-2 pe-4">
                          {line.description}
                          {line.note ? (
                            <span className="block text-ink/80" dir="auto">
                              {line.note}
                            </span>
                          ) : null}
                        </td>
                        <td
                          className={`py-2 pe-4 text-end whitespace-nowrap font-semibold ${line.credit ? "text-teal-700" : ""}`}
                        >
                          <span dir="ltr">
                            {line.credit ? "+" : ""}
                            {line.amount}
                          </span>
                        </td>
                        <td className="py-2 text-end whitespace-nowrap">
                          <span dir="ltr">{line.balanceAfter}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
              <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
            </>
          )}
        </section>
      </div>
    </>
  );
}
