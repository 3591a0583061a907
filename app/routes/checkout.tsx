// /checkout: the review step (issue 46, item 2). The cart, or one course with ?course=ID ("Buy now"), with
// the remembered coupon, the totals, the payment choices and the terms; only this page's button charges.
// A plain form without JavaScript; the result is the order's page.
import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "../auth/guards.server";
import { getCartCourseIds, loadCart } from "../commerce/cart.server";
import { ownedCourseIds } from "../commerce/enrollment.server";
import { purchaseRefusal } from "../commerce/refusals";
import { CheckoutReview } from "../components/orders/checkout-page";
import { readConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/context";
import type { User } from "../db/schema";
import { localizePath } from "../i18n/languages";
import { readBuyerFields } from "../invoices/buyer";
import { taxConfig } from "../invoices/config.server";
import { taxOrderItems, taxRateLabel } from "../invoices/tax";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import {
  availableCardProviders,
  CARD_PROVIDERS,
  type CardProvider,
  checkout,
} from "../orders/checkout.server";
import { forgetCartCoupon, readCartCoupon } from "../payments/coupon-cookie.server";
import { previewCoupon } from "../payments/coupons.server";
import type { Route } from "./+types/checkout";
export const handle = { i18n: ["orders", "catalog", "payments"] };

/** `?course=ID` reviews that one course ("Buy now"); without it, the cart. */
async function reviewedCourseIds(request: Request, db: Database, user: User, url: URL): Promise<number[]> {
  const course = url.searchParams.get("course");
  if (course !== null) {
    const id = parseId(course);
    return id === null ? [] : [id];
  }
  return getCartCourseIds(db, request, user);
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const t = page.tIn("orders");
  const currency = readConfig().currency;
  const money = (minor: number) => formatMoney(minor, page.locale, currency);
  const requested = await reviewedCourseIds(request, db, user, url);
  const owned = await ownedCourseIds(db, user.id, requested);
  const { items, total: subtotal } = await loadCart(
    db,
    page.locale,
    requested.filter((id) => !owned.has(id)),
  );
  const code = items.length > 0 ? await readCartCoupon(request) : null;
  const coupon = code ? await previewCoupon(db, user.id, code, items) : null;
  // Each line taxed on its price after the coupon, as the checkout will charge it (issue 47).
  const tax = taxConfig();
  const taxed = taxOrderItems(
    items.map((item) => ({
      price: item.price,
      discount: coupon?.ok ? Math.min(item.price, coupon.discounts.get(item.id) ?? 0) : 0,
    })),
    tax.rate,
    tax.pricesIncludeTax,
  );
  const discount = taxed.discount;
  const total = taxed.total;
  return {
    meta: page.meta(t("checkout.title"), t("checkout.meta")),
    course: url.searchParams.get("course") === null ? null : (requested[0] ?? null),
    items: items.map((item) => {
      const off = coupon?.ok ? (coupon.discounts.get(item.id) ?? 0) : 0;
      return {
        id: item.id,
        title: item.title,
        priceLabel: money(item.price),
        newPriceLabel: off > 0 ? money(item.price - off) : null,
      };
    }),
    subtotalLabel: money(subtotal),
    coupon: coupon?.ok && discount > 0 ? { code: coupon.code, discountLabel: money(discount) } : null,
    taxLabel: money(taxed.tax),
    /** With a rate above 0: the net, and the rate as printed (15 %); null without tax. */
    vat:
      tax.rate.basisPoints > 0
        ? {
            netLabel: money(taxed.net),
            rateLabel: taxRateLabel(tax.rate.basisPoints, page.locale),
          }
        : null,
    totalLabel: money(total),
    walletLabel: money(user.walletBalance),
    shortfallLabel: user.walletBalance < total ? money(total - user.walletBalance) : null,
    cardProviders: availableCardProviders(),
    /** Nothing to pay (free courses, or a coupon that takes it all): no payment choice to make. */
    nothingToPay: total === 0,
  };
}

/** The payment choice: `wallet`, `card:<provider>` (one radio per provider that is on), or `card` (the first). */
const PAYMENT_CHOICES = [
  "wallet",
  "card",
  ...CARD_PROVIDERS.map((provider) => `card:${provider}` as const),
] as const;
const CheckoutForm = z.object({
  method: z.enum(PAYMENT_CHOICES, { error: "checkout.errors.method" }),
  course: z.string().optional(),
  buyerCompany: z.string().optional(),
  buyerVatNumber: z.string().optional(),
});

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const t = page.tIn("orders");
  const form = await readForm(request);
  const parsed = validateForm(form, CheckoutForm, t);
  if (!parsed.ok) return data({ error: t("checkout.errors.method") }, { status: 400 });
  const buyer = readBuyerFields(parsed.data.buyerCompany, parsed.data.buyerVatNumber);
  if (!buyer.ok) return data({ error: t(buyer.key), field: "buyer" }, { status: 400 });
  const course = parsed.data.course;
  const courseIds =
    course === undefined || course === ""
      ? await reviewedCourseIds(request, db, user, new URL(url.pathname, url))
      : [parseId(course) ?? 0];
  const couponCode = await readCartCoupon(request);
  const [method, provider] = parsed.data.method.split(":") as ["wallet" | "card", CardProvider | undefined];
  const outcome = await checkout(db, user.id, {
    method,
    provider,
    courseIds,
    couponCode,
    currency: readConfig().currency,
    locale: page.locale,
    buyer: buyer.buyer,
  });
  // A card order is pending: the buyer goes to the provider's page (a 303 after the POST, with or without
  // JavaScript) and comes back to the order's page.
  if (outcome.ok && outcome.redirectUrl !== undefined) return redirect(outcome.redirectUrl, 303);
  if (outcome.ok) {
    return toasts().redirectWithSuccess(
      localizePath(`/orders/${outcome.order.id}`, page.locale),
      t("checkout.paid", { orderNumber: outcome.order.number }),
      couponCode ? { headers: { "Set-Cookie": await forgetCartCoupon() } } : undefined,
    );
  }
  switch (outcome.reason) {
    case "provider_unavailable":
      return data({ error: t("checkout.errors.providerUnavailable") }, { status: 422 });
    case "provider_error":
      return data({ error: t("checkout.errors.providerError") }, { status: 502 });
    case "nothing_to_buy":
      return data({ error: t("checkout.errors.nothingToBuy") }, { status: 409 });
    default: {
      const refusal = purchaseRefusal(outcome, page.tIn("catalog"), page.locale, readConfig().currency);
      if (outcome.reason === "coupon")
        return data(
          { error: refusal.message },
          { status: refusal.status, headers: { "Set-Cookie": await forgetCartCoupon() } },
        );
      return data({ error: refusal.message }, { status: refusal.status });
    }
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutReview loaderData={loaderData} actionData={actionData} />;
}
