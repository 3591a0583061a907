// /cart: the items, their total and the wallet balance, with checkout. Plain forms; optimistic with JavaScript.
import { useRef } from "react";
import { data, Form, Link, useFetcher, useFetchers, useNavigation } from "react-router";
import { z } from "zod";
import { getUser } from "../auth/guards.server";
import { clearCart, getCartCourseIds, loadCart, removeFromCart } from "../commerce/cart.server";
import { purchaseCourses } from "../commerce/enrollment.server";
import { purchaseRefusal } from "../commerce/refusals";
import { EnhancedFormMarker } from "../components/enhanced-form-marker";
import { ErrorSummary } from "../components/error-summary";
import { KEEPS_FOCUS, useKeepFocus } from "../components/keep-focus";
import { PageIntro } from "../components/page-intro";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { fail, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { entityId } from "../lib/validation";
import { forgetCartCoupon, readCartCoupon, rememberCartCoupon } from "../payments/coupon-cookie.server";
import { previewCoupon } from "../payments/coupons.server";
import { toasts } from "../toast.server";
import type { Route } from "./+types/cart";

export const handle = { i18n: ["catalog", "payments"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const db = getDb(context);
  const user = getUser(context);
  const { items, total: listTotal } = await loadCart(
    db,
    page.locale,
    await getCartCourseIds(db, request, user),
  );
  const money = (minor: number) => formatMoney(minor, page.locale, readConfig().currency);
  // The remembered code, priced against the cart as it is now; an invalid one is dropped with a message.
  const code = items.length > 0 ? await readCartCoupon(request) : null;
  const coupon = code ? await previewCoupon(db, user?.id ?? null, code, items) : null;
  const discounts = coupon?.ok ? coupon.discounts : new Map<number, number>();
  const total = listTotal - (coupon?.ok ? coupon.total : 0);
  const answer = {
    meta: page.meta(page.t("cart.title"), page.t("cart.meta")),
    items: items.map((item) => {
      const discount = discounts.get(item.id) ?? 0;
      return {
        ...item,
        priceLabel: page.price(item.price),
        discountLabel: discount > 0 ? money(discount) : null,
        newPriceLabel: discount > 0 ? page.price(item.price - discount) : null,
      };
    }),
    coupon: coupon?.ok ? { code: coupon.code, discountLabel: money(coupon.total) } : null,
    couponProblem: coupon && !coupon.ok ? page.tIn("payments")(`coupon.problems.${coupon.problem}`) : null,
    listTotalLabel: coupon?.ok ? money(listTotal) : null,
    totalLabel: money(total),
    signedIn: Boolean(user),
    walletLabel: user ? money(user.walletBalance) : null,
    shortfallLabel: user && user.walletBalance < total ? money(total - user.walletBalance) : null,
  };
  // An invalid remembered code is forgotten as it is reported.
  if (coupon && !coupon.ok) return data(answer, { headers: { "Set-Cookie": await forgetCartCoupon() } });
  return answer;
}

const CartAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), courseId: entityId("actions.invalid") }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("checkout") }),
  z.object({ intent: z.literal("applyCoupon"), couponCode: z.string().max(64) }),
  z.object({ intent: z.literal("removeCoupon") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("catalog");
  const db = getDb(context);
  const user = getUser(context);
  const form = await readForm(request);
  const back = localizePath("/cart", page.locale);
  const parsed = validateForm(form, CartAction, t);
  if (!parsed.ok) return fail(form, back, t("actions.invalid"), 400);

  if (parsed.data.intent === "remove" || parsed.data.intent === "clear") {
    const change =
      parsed.data.intent === "remove"
        ? await removeFromCart(db, request, user, parsed.data.courseId)
        : await clearCart(db, user);
    const message =
      parsed.data.intent === "clear"
        ? "cart.cleared"
        : change.ok && change.unchanged
          ? "actions.notInCart"
          : "actions.removedFromCart";
    const response = await succeed(form, back, t(message), {});
    if (change.ok && change.setCookie) {
      if (response instanceof Response) response.headers.append("Set-Cookie", change.setCookie);
      else response.init = { ...response.init, headers: { "Set-Cookie": change.setCookie } };
    }
    return response;
  }

  if (parsed.data.intent === "applyCoupon") {
    const tp = page.tIn("payments");
    const { items } = await loadCart(db, page.locale, await getCartCourseIds(db, request, user));
    const preview = await previewCoupon(db, user?.id ?? null, parsed.data.couponCode, items);
    if (!preview.ok) return toasts().redirectWithError(back, tp(`coupon.problems.${preview.problem}`));
    return toasts().redirectWithSuccess(back, tp("cart.applied", { code: preview.code }), {
      headers: { "Set-Cookie": await rememberCartCoupon(preview.code) },
    });
  }
  if (parsed.data.intent === "removeCoupon") {
    return toasts().redirectWithSuccess(back, page.tIn("payments")("cart.removed"), {
      headers: { "Set-Cookie": await forgetCartCoupon() },
    });
  }

  if (!user) {
    return toasts().redirectWithInfo(
      `${localizePath("/auth/login", page.locale)}?${new URLSearchParams({ redirectTo: back })}`,
      t("cart.loginToCheckout"),
    );
  }
  const money = (minor: number) => formatMoney(minor, page.locale, readConfig().currency);
  const couponCode = await readCartCoupon(request);
  const outcome = await purchaseCourses(db, user.id, await getCartCourseIds(db, request, user), {
    couponCode,
  });
  if (!outcome.ok) {
    const refusal = purchaseRefusal(outcome, t, page.locale, readConfig().currency);
    // The code stopped being valid since it was applied (used up meanwhile, expired): drop it.
    if (outcome.reason === "coupon")
      return data(
        { error: refusal.message },
        { status: refusal.status, headers: { "Set-Cookie": await forgetCartCoupon() } },
      );
    // Courses withdrawn since they were added: take them out so the next checkout can go through.
    if (outcome.reason === "unknown_courses")
      for (const courseId of outcome.courseIds) await removeFromCart(db, request, user, courseId);
    return data({ error: refusal.message }, { status: refusal.status });
  }
  return toasts().redirectWithSuccess(
    localizePath("/my-enrollments", page.locale),
    t("cart.purchased", { count: outcome.enrolledCourseIds.length, charged: money(outcome.charged) }),
    couponCode ? { headers: { "Set-Cookie": await forgetCartCoupon() } } : undefined,
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

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

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["common", "catalog", "payments"]);
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // Optimistic removal: an item leaves the list as soon as its remove request is sent.
  const removing = new Set(
    fetchers
      .filter((fetcher) => fetcher.formData?.get("intent") === "remove")
      .map((fetcher) => Number(fetcher.formData?.get("courseId"))),
  );
  const items = loaderData.items.filter((item) => !removing.has(item.id));
  const checkingOut = navigation.formData?.get("intent") === "checkout";
  const error = actionData && "error" in actionData ? actionData.error : null;
  // A removed line takes its Remove button with it: the focus goes to the next line's, the previous line's, or
  // the empty cart's link.
  const ref = useRef<HTMLDivElement>(null);
  useKeepFocus(ref);

  return (
    <>
      <PageIntro title={t("cart.title")} />
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
                  <img
                    src={item.thumbnail}
                    alt=""
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
                <Form method="post">
                  <input type="hidden" name="intent" value="checkout" />
                  <button
                    type="submit"
                    disabled={checkingOut}
                    data-testid="checkout"
                    className="w-full rounded-md bg-coral-600 px-4 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
                  >
                    {checkingOut ? t("catalog:cart.checkingOut") : t("catalog:cart.checkout")}
                  </button>
                </Form>
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
