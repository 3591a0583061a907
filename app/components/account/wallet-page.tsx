// The wallet page: the balance, topping it up (card or transfer) and the ledger.
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/account-wallet";
import { ErrorSummary, fieldErrorLinks } from "../error-summary";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

export function AccountWallet({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
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
          {loaderData.card ? null : <BankTransferDetails bankTransfer={loaderData.bankTransfer} />}
          {!loaderData.card && !loaderData.bankTransfer ? null : (
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
          )}

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
                  {item.status === "pending" ? (
                    <p className="text-sm" data-testid="transfer-reference">
                      {t("requests.transferReference")}:{" "}
                      <bdi className="font-mono font-semibold">{item.transferReference}</bdi>
                    </p>
                  ) : null}
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

/** Where to send the money, or why no transfer can be asked for yet. */
function BankTransferDetails({ bankTransfer }: { bankTransfer: LoaderData["bankTransfer"] }) {
  const { t } = useTranslation("wallet");
  if (!bankTransfer) {
    return (
      <p
        className="mt-4 rounded-md border border-ink/20 bg-sand p-3"
        role="status"
        data-testid="bank-transfer-unavailable"
      >
        {t("bank.unavailable")}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="bank-details-heading"
      className="mt-4 rounded-md border border-ink/15 bg-sand/60 p-4"
      data-testid="bank-transfer-details"
    >
      <h3 id="bank-details-heading" className="font-bold">
        {t("bank.heading")}
      </h3>
      <dl className="mt-2 space-y-1 text-sm">
        <div>
          <dt className="font-semibold">{t("bank.fields.bankName")}</dt>
          <dd dir="auto">{bankTransfer.bankName}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t("bank.fields.accountHolder")}</dt>
          <dd dir="auto">{bankTransfer.accountHolder}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t("bank.fields.iban")}</dt>
          <dd dir="ltr" className="font-mono text-start break-words" data-testid="bank-iban">
            {bankTransfer.iban}
          </dd>
        </div>
        {bankTransfer.swift ? (
          <div>
            <dt className="font-semibold">{t("bank.fields.swift")}</dt>
            <dd dir="ltr" className="font-mono text-start">
              {bankTransfer.swift}
            </dd>
          </div>
        ) : null}
      </dl>
      {bankTransfer.instructions ? (
        <p className="mt-3 text-sm whitespace-pre-line" dir="auto">
          {bankTransfer.instructions}
        </p>
      ) : null}
      <p className="mt-3 text-sm">{t("bank.referenceHint")}</p>
    </section>
  );
}
