// /cart: the items, their total and the wallet balance, with checkout. Plain forms; optimistic with JavaScript.
import { data, redirect } from "react-router";
import { z } from "zod";
import { getUser } from "../auth/guards.server";
import { clearCart, getCartCourseIds, loadCart, removeFromCart } from "../commerce/cart.server";
import { Cart } from "../components/commerce/cart-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { taxConfig } from "../invoices/config.server";
import { taxOrderItems, taxRateLabel } from "../invoices/tax";
import { fail, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { entityId } from "../lib/validation";
import { forgetCartCoupon, readCartCoupon, rememberCartCoupon } from "../payments/coupon-cookie.server";
import { previewCoupon } from "../payments/coupons.server";
import type { Route } from "./+types/cart";
export const handle = { i18n: ["catalog", "payments", "orders"] };

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
  // The VAT as the checkout will charge it, line by line after the coupon (issue 47).
  const tax = taxConfig();
  const taxed = taxOrderItems(
    items.map((item) => ({ price: item.price, discount: Math.min(item.price, discounts.get(item.id) ?? 0) })),
    tax.rate,
    tax.pricesIncludeTax,
  );
  const total = taxed.total;
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
    /** With a rate above 0: the net, the VAT and its rate; null without tax. */
    vat:
      tax.rate.basisPoints > 0 && items.length > 0
        ? {
            netLabel: money(taxed.net),
            taxLabel: money(taxed.tax),
            rateLabel: taxRateLabel(tax.rate.basisPoints, page.locale),
          }
        : null,
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
  // Only the review page's button charges (issue 46): a checkout posted here goes to the review.
  return redirect(localizePath("/checkout", page.locale));
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <Cart loaderData={loaderData} actionData={actionData} />;
}
