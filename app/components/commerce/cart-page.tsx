// The cart page: the courses, removing them (optimistic), the coupon and checkout.
import { useRef } from "react";
import { Form, Link, useFetcher, useFetchers } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/cart";
import type { action } from "../../routes/cart";
import { DecorativeImage } from "../decorative-image";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { ErrorSummary } from "../error-summary";
import { KEEPS_FOCUS, useKeepFocus } from "../keep-focus";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

function RemoveButton({ courseId }: { courseId: number }) {
  const { t } = useTranslation("catalog");
  const fetcher = useFetcher<typeof action>({ key: `cart-${courseId}` });
  return (
    <fetcher.Form method="post">
      <EnhancedFormMarker />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="courseId" value={courseId} />
      <button
        type="submit"
        {...KEEPS_FOCUS}
        className="rounded-md px-3 py-1.5 text-sm font-semibold text-coral-700 hover:bg-coral-50"
      >
        {t("actions.remove")}
      </button>
    </fetcher.Form>
  );
}

export function Cart({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation(["common", "catalog", "payments", "orders"]);
  const localize = useLocalizePath();
  const fetchers = useFetchers();
  // Optimistic removal: an item leaves the list as soon as its remove request is sent.
  const removing = new Set(
    fetchers
      .filter((fetcher) => fetcher.formData?.get("intent") === "remove")
      .map((fetcher) => Number(fetcher.formData?.get("courseId"))),
  );
  const items = loaderData.items.filter((item) => !removing.has(item.id));
  const error = actionData && "error" in actionData ? actionData.error : null;
  // A removed line takes its Remove button with it: the focus goes to the next line's, the previous line's, or
  // the empty cart's link.
  const ref = useRef<HTMLDivElement>(null);
  useKeepFocus(ref);

  return (
    <>
      <PageIntro width="4xl" title={t("cart.title")} />
      <div ref={ref} className="mx-auto max-w-4xl px-4 py-12">
        {error ? <ErrorSummary answer={actionData} message={error} /> : null}
        {items.length === 0 ? (
          <div className="py-10 text-center" data-testid="cart-empty">
            <p className="text-xl font-semibold">{t("cart.empty")}</p>
            <p className="mt-2 text-ink/70">{t("cart.emptyHint")}</p>
            <Link
              to={localize("/courses")}
              {...KEEPS_FOCUS}
              className="mt-6 inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold text-white"
            >
              {t("cart.browse")}
            </Link>
          </div>
        ) : (
          <div className="mt-4 grid *:min-w-0 gap-8 lg:grid-cols-[1fr_18rem]">
            <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10" data-testid="cart-items">
              {items.map((item) => (
                <li key={item.id} className="flex items-center gap-4 p-4">
                  <DecorativeImage
                    src={item.thumbnail}
                    width="96"
                    height="54"
                    className="aspect-video w-24 rounded object-cover"
                  />
                  <div className="flex-1">
                    <Link to={localize(`/courses/${item.id}`)} className="font-semibold hover:text-coral-700">
                      {item.title}
                    </Link>
                    {item.newPriceLabel ? (
                      <p className="text-sm" data-testid="cart-item-discount">
                        <s className="text-ink/70">{item.priceLabel}</s> <strong>{item.newPriceLabel}</strong>{" "}
                        <span className="text-teal-700">
                          {t("payments:cart.discount", { amount: item.discountLabel })}
                        </span>
                      </p>
                    ) : (
                      <p className="text-sm font-bold">{item.priceLabel}</p>
                    )}
                  </div>
                  <RemoveButton courseId={item.id} />
                </li>
              ))}
            </ul>
            <aside className="h-fit space-y-4 rounded-xl bg-sand p-5">
              {loaderData.couponProblem ? (
                <p role="alert" className="text-sm text-red-700" data-testid="coupon-problem">
                  {loaderData.couponProblem}
                </p>
              ) : null}
              {loaderData.coupon ? (
                <Form method="post" className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <p data-testid="coupon-applied">
                    {t("payments:cart.appliedCode", { code: loaderData.coupon.code })}{" "}
                    <strong dir="ltr">−{loaderData.coupon.discountLabel}</strong>
                  </p>
                  <input type="hidden" name="intent" value="removeCoupon" />
                  <button type="submit" className="font-semibold text-coral-700 hover:underline">
                    {t("payments:cart.remove")}
                  </button>
                </Form>
              ) : (
                <Form method="post" className="space-y-1">
                  <input type="hidden" name="intent" value="applyCoupon" />
                  <label htmlFor="coupon-code" className="block text-sm font-semibold">
                    {t("payments:cart.code")}
                  </label>
                  <div className="flex gap-2">
                    <input
                      id="coupon-code"
                      name="couponCode"
                      maxLength={64}
                      autoComplete="off"
                      dir="ltr"
                      className="min-w-0 flex-1 rounded-md border border-ink/20 bg-white px-3 py-2"
                    />
                    <button
                      type="submit"
                      className="rounded-md border border-ink/30 bg-white px-3 py-2 text-sm font-semibold"
                    >
                      {t("payments:cart.apply")}
                    </button>
                  </div>
                </Form>
              )}
              <dl className="space-y-2">
                {loaderData.listTotalLabel ? (
                  <div className="flex justify-between gap-4 text-sm">
                    <dt>{t("payments:cart.listTotal")}</dt>
                    <dd>
                      <s>{loaderData.listTotalLabel}</s>
                    </dd>
                  </div>
                ) : null}
                {loaderData.vat ? (
                  <>
                    <div className="flex justify-between gap-4 text-sm" data-testid="cart-net">
                      <dt>{t("orders:checkout.net")}</dt>
                      <dd>{loaderData.vat.netLabel}</dd>
                    </div>
                    <div className="flex justify-between gap-4 text-sm" data-testid="cart-vat">
                      <dt>{t("orders:checkout.vat", { rate: loaderData.vat.rateLabel })}</dt>
                      <dd>{loaderData.vat.taxLabel}</dd>
                    </div>
                  </>
                ) : null}
                <div className="flex justify-between gap-4">
                  <dt>{t("catalog:cart.total")}</dt>
                  <dd className="text-xl font-bold" data-testid="cart-total">
                    {loaderData.totalLabel}
                  </dd>
                </div>
                {loaderData.walletLabel ? (
                  <div className="flex justify-between gap-4 text-sm">
                    <dt>{t("catalog:cart.wallet")}</dt>
                    <dd data-testid="wallet-balance">{loaderData.walletLabel}</dd>
                  </div>
                ) : null}
              </dl>
              {loaderData.shortfallLabel ? (
                <p className="text-sm text-red-700">
                  {t("catalog:cart.shortfall", { amount: loaderData.shortfallLabel })}{" "}
                  <Link to={localize("/account/wallet")} className="font-semibold underline">
                    {t("catalog:cart.addMoney")}
                  </Link>
                </p>
              ) : null}
              {loaderData.signedIn ? (
                <Link
                  to={localize("/checkout")}
                  data-testid="checkout"
                  className="block w-full rounded-md bg-coral-600 px-4 py-3 text-center font-semibold text-white hover:bg-coral-700"
                >
                  {t("catalog:cart.checkout")}
                </Link>
              ) : (
                <Link
                  to={`${localize("/auth/login")}?${new URLSearchParams({ redirectTo: localize("/cart") })}`}
                  className="block rounded-md bg-coral-600 px-4 py-3 text-center font-semibold text-white"
                >
                  {t("catalog:cart.loginToCheckout")}
                </Link>
              )}
              <Form method="post">
                <input type="hidden" name="intent" value="clear" />
                <button type="submit" className="w-full text-sm font-semibold text-ink/70 hover:underline">
                  {t("catalog:cart.clear")}
                </button>
              </Form>
            </aside>
          </div>
        )}
      </div>
    </>
  );
}
