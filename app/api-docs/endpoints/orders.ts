// Orders and the checkout (app/routes/api/checkout.ts, orders.ts, order.ts, admin-orders.ts; app/orders/).
import { z } from "zod";
import { orderStatus } from "../../db/schema/orders";
import { CheckoutInput } from "../../orders/inputs";
import { AdminOrderQuery } from "../../orders/orders.server";
import { type EndpointDoc, isoDate, json, money, ok, paged, params } from "../registry";

const OrderShape = {
  id: z.int(),
  number: z.string().describe("The number people quote, e.g. M-2026-000042"),
  status: z.enum(orderStatus.enumValues),
  method: z.enum(["wallet", "card"]),
  provider: z.enum(["moyasar", "paymob", "stripe"]).nullable(),
  currency: z.string().describe("ISO 4217 code"),
  subtotal: money,
  discount: money,
  tax: money.describe("Zero until invoices and VAT"),
  total: money,
  items: z.array(
    z.strictObject({
      courseId: z.int().nullable().describe("Null once the course was deleted"),
      title: z.string().describe("The course's title at the time of the order"),
      price: money.describe("The list price at the time of the order"),
    }),
  ),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
};
const Order = z.strictObject(OrderShape);
const AdminOrder = z.strictObject({
  ...OrderShape,
  userId: z.uuid(),
  userName: z.string(),
  userEmail: z.string(),
});

export const orderEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/checkout",
    tag: "Enrollment",
    summary: "Check out the cart or a list of courses",
    description:
      'Without `courseIds`, the caller\'s cart. `method: "wallet"` pays from the wallet and answers the order ' +
      'already paid, the courses enrolled in the same transaction. `method: "card"` writes the order pending ' +
      "and answers `redirectUrl`, the provider's hosted page (`provider` picks one of those that are on; the " +
      "first otherwise): the order becomes paid, and the courses open, once the provider's API confirms the " +
      "exact amount and currency. 422 `provider_unavailable` while no card provider takes orders (or the one " +
      "named is off), 502 `provider_error` when the provider does not open a payment. 409 `nothing_to_buy` " +
      "when every course is owned already (no order is written), 409 `insufficient_funds` when the wallet is short.",
    auth: "user",
    body: json(CheckoutInput),
    responses: {
      201: ok(
        "The order; for a card, pending, with the page to pay it on",
        z.strictObject({
          order: Order,
          redirectUrl: z.url().optional().describe("Card checkouts only: send the buyer there"),
        }),
      ),
    },
    errors: [
      [404, "course_unavailable"],
      [409, "nothing_to_buy"],
      [409, "insufficient_funds"],
      [422, "provider_unavailable"],
      [502, "provider_error"],
    ],
  },
  {
    method: "get",
    route: "api/orders",
    tag: "Enrollment",
    summary: "The caller's orders, newest first",
    auth: "user",
    responses: { 200: ok("Orders", z.strictObject({ items: z.array(Order) })) },
  },
  {
    method: "get",
    route: "api/orders/:id",
    tag: "Enrollment",
    summary: "One order",
    description: "Its buyer and admins only; to anyone else it is a 404.",
    auth: "user",
    params: params("id"),
    responses: { 200: ok("The order", z.strictObject({ order: Order })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/admin/orders",
    tag: "Admin",
    summary: "Every order, newest first",
    description: "`status` and `userId` filter. `limit` is 50 unless given, at most 100.",
    auth: "admin",
    query: AdminOrderQuery,
    responses: { 200: ok("A page of orders", paged(AdminOrder)) },
  },
];
