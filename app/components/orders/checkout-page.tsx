// The checkout's review step (issue 46, item 2): what is bought, the coupon, the totals, how to pay and the
// terms, and the one button that charges. A plain form; with JavaScript the button says it is paying.
import { Form, Link, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/checkout";
import { ErrorSummary } from "../error-summary";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

export function CheckoutReview({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation(["orders", "catalog"]);
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const paying = navigation.state === "submitting" && navigation.formData?.has("method");
  const error = actionData && "error" in actionData ? actionData.error : null;
  const { items } = loaderData;

  return (
    <>
      <PageIntro width="4xl" title={t("checkout.title")} lead={t("checkout.intro")} />
      <div className="mx-auto max-w-4xl px-4 py-12">
        {error ? <ErrorSummary answer={actionData} message={error} /> : null}
        {items.length === 0 ? (
          <div className="py-10 text-center" data-testid="checkout-empty">
            <p className="text-lg">{t("checkout.empty")}</p>
            <Link
              to={localize("/cart")}
              className="mt-6 inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold text-white"
            >
              {t("checkout.backToCart")}
            </Link>
          </div>
        ) : (
          <Form method="post" className="grid *:min-w-0 gap-8 lg:grid-cols-[1fr_20rem]">
            <section aria-labelledby="checkout-items">
              <h2 id="checkout-items" className="text-lg font-bold">
                {t("checkout.items")}
              </h2>
              <ul
                className="mt-3 divide-y divide-ink/10 rounded-xl border border-ink/10"
                data-testid="checkout-items"
              >
                {items.map((item) => (
                  <li key={item.id} className="flex items-center justify-between gap-4 p-4">
                    <span dir="auto" className="font-semibold">
                      {item.title}
                    </span>
                    {item.newPriceLabel ? (
                      <span className="text-sm">
                        <s className="text-ink/70">{item.priceLabel}</s> <strong>{item.newPriceLabel}</strong>
                      </span>
                    ) : (
                      <span className="text-sm font-bold">{item.priceLabel}</span>
                    )}
                  </li>
                ))}
              </ul>
              {loaderData.course === null ? (
                <Link
                  to={localize("/cart")}
                  className="mt-3 inline-block text-sm font-semibold text-coral-700"
                >
                  {t("checkout.backToCart")}
                </Link>
              ) : null}
            </section>
            <aside className="h-fit space-y-4 rounded-xl bg-sand p-5">
              <dl className="space-y-2 text-sm">
                <div className="flex justify-between gap-4">
                  <dt>{t("checkout.subtotal")}</dt>
                  <dd>{loaderData.subtotalLabel}</dd>
                </div>
                {loaderData.coupon ? (
                  <div className="flex justify-between gap-4" data-testid="checkout-discount">
                    <dt>{t("checkout.discount", { code: loaderData.coupon.code })}</dt>
                    <dd dir="ltr">−{loaderData.coupon.discountLabel}</dd>
                  </div>
                ) : null}
                {loaderData.vat ? (
                  <>
                    <div className="flex justify-between gap-4" data-testid="checkout-net">
                      <dt>{t("checkout.net")}</dt>
                      <dd>{loaderData.vat.netLabel}</dd>
                    </div>
                    <div className="flex justify-between gap-4" data-testid="checkout-vat">
                      <dt>{t("checkout.vat", { rate: loaderData.vat.rateLabel })}</dt>
                      <dd>{loaderData.taxLabel}</dd>
                    </div>
                  </>
                ) : (
                  <div className="flex justify-between gap-4">
                    <dt>{t("checkout.tax")}</dt>
                    <dd>{loaderData.taxLabel}</dd>
                  </div>
                )}
                <div className="flex justify-between gap-4 text-base">
                  <dt className="font-semibold">{t("checkout.total")}</dt>
                  <dd className="text-xl font-bold" data-testid="checkout-total">
                    {loaderData.totalLabel}
                  </dd>
                </div>
              </dl>
              {loaderData.nothingToPay ? (
                // The purchase takes nothing from the wallet, as a card checkout of nothing would (decision 067).
                <p className="text-sm" data-testid="checkout-nothing-to-pay">
                  <input type="hidden" name="method" value="wallet" />
                  {t("checkout.nothingToPay")}
                </p>
              ) : (
                <fieldset className="space-y-2">
                  <legend className="font-semibold">{t("checkout.paymentMethod")}</legend>
                  <label className="flex items-center gap-2">
                    <input type="radio" name="method" value="wallet" defaultChecked required />
                    {t("checkout.wallet", { balance: loaderData.walletLabel })}
                  </label>
                  {loaderData.cardProviders.map((provider) => (
                    <label key={provider} className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="method"
                        value={`card:${provider}`}
                        data-testid={`pay-${provider}`}
                      />
                      {t("checkout.card", { provider: t(`checkout.providers.${provider}`) })}
                    </label>
                  ))}
                  {loaderData.cardProviders.length === 0 ? (
                    <p className="text-xs text-ink/70">{t("checkout.cardUnavailable")}</p>
                  ) : (
                    <p className="text-xs text-ink/70">{t("checkout.cardLead")}</p>
                  )}
                </fieldset>
              )}
              <details className="text-sm" data-testid="checkout-buyer">
                <summary className="cursor-pointer font-semibold">{t("checkout.buyer.summary")}</summary>
                <p className="mt-2 text-xs text-ink/70">{t("checkout.buyer.lead")}</p>
                <label className="mt-2 block">
                  <span className="block font-semibold">{t("checkout.buyer.company")}</span>
                  <input
                    name="buyerCompany"
                    dir="auto"
                    maxLength={200}
                    autoComplete="organization"
                    className="mt-1 w-full rounded-md border border-ink/20 px-3 py-2"
                  />
                </label>
                <label className="mt-2 block">
                  <span className="block font-semibold">{t("checkout.buyer.vatNumber")}</span>
                  <input
                    name="buyerVatNumber"
                    dir="ltr"
                    maxLength={40}
                    className="mt-1 w-full rounded-md border border-ink/20 px-3 py-2"
                  />
                </label>
              </details>
              {loaderData.shortfallLabel ? (
                <p className="text-sm text-red-700" data-testid="checkout-shortfall">
                  {t("checkout.shortfall", { amount: loaderData.shortfallLabel })}{" "}
                  <Link to={localize("/account/wallet")} className="font-semibold underline">
                    {t("checkout.addMoney")}
                  </Link>
                </p>
              ) : null}
              <p className="text-xs text-ink/80">
                {t("checkout.terms")}{" "}
                <Link to={localize("/terms")} className="font-semibold underline">
                  {t("checkout.termsLink")}
                </Link>
              </p>
              {loaderData.course === null ? null : (
                <input type="hidden" name="course" value={loaderData.course} />
              )}
              <button
                type="submit"
                disabled={paying}
                data-testid="pay"
                className="w-full rounded-md bg-coral-600 px-4 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
              >
                {paying ? t("checkout.paying") : t("checkout.pay", { total: loaderData.totalLabel })}
              </button>
            </aside>
          </Form>
        )}
      </div>
    </>
  );
}
