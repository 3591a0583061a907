// Paymob's callback signature (app/payments/providers/paymob-callback.ts) and what a transaction means for
// its order (paymob.server.ts), free of the network.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readPaymobConfig } from "../../app/config.server";
import { readTransaction, transactionState } from "../../app/payments/providers/paymob.server";
import {
  orderIdOfSpecialReference,
  paymobHmacMatches,
  paymobSignedText,
  paymobSpecialReference,
} from "../../app/payments/providers/paymob-callback";

/** The sample transaction of Paymob's "HMAC Transaction Callback" page, and the string it says is signed. */
const SAMPLE = {
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  has_parent_transaction: false,
  order: { id: 217503754, merchant_order_id: "M-2026-000042/1a2b3c4d" },
  created_at: "2024-06-13T11:33:44.592345",
  currency: "EGP",
  source_data: { pan: "2346", type: "card", sub_type: "MasterCard" },
  error_occured: false,
  owner: 302852,
};
const DOCUMENTED =
  "1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue";

describe("the callback's HMAC", () => {
  it("signs the twenty fields in Paymob's order, as its documentation's sample shows", () => {
    expect(paymobSignedText(SAMPLE)).toBe(DOCUMENTED);
  });

  it("accepts the right signature in either case and refuses any change of a signed field", () => {
    const hmac = createHmac("sha512", "secret").update(DOCUMENTED).digest("hex");
    expect(paymobHmacMatches(SAMPLE, hmac, "secret")).toBe(true);
    expect(paymobHmacMatches(SAMPLE, hmac.toUpperCase(), "secret")).toBe(true);
    expect(paymobHmacMatches(SAMPLE, hmac, "another secret")).toBe(false);
    expect(paymobHmacMatches({ ...SAMPLE, success: false }, hmac, "secret")).toBe(false);
    expect(paymobHmacMatches({ ...SAMPLE, amount_cents: 100 }, hmac, "secret")).toBe(false);
    expect(paymobHmacMatches({ ...SAMPLE, order: { id: 1 } }, hmac, "secret")).toBe(false);
    for (const given of ["", "abc", hmac.slice(0, 127), `${hmac}0`, "z".repeat(128)])
      expect(paymobHmacMatches(SAMPLE, given, "secret")).toBe(false);
  });
});

describe("a transaction's meaning for its order", () => {
  const transaction = (change: Record<string, unknown> = {}) => {
    const read = readTransaction({ ...SAMPLE, ...change });
    if (!read) throw new Error("unreadable");
    return transactionState(read);
  };

  it("is paid on a settled success, with the transaction's own amount and currency and our order", () => {
    expect(transaction()).toEqual({
      status: "paid",
      amount: 100000,
      currency: "EGP",
      paymentId: "217503754:192036465",
      orderId: 42,
      providerStatus: "success",
    });
  });

  it("is pending while Paymob waits (a kiosk payment), failed when declined, voided or refunded", () => {
    expect(transaction({ pending: true, success: false }).status).toBe("pending");
    expect(transaction({ success: false }).status).toBe("failed");
    expect(transaction({ is_voided: true }).status).toBe("failed");
    expect(transaction({ is_refunded: true })).toMatchObject({
      status: "failed",
      providerStatus: "refunded",
    });
  });

  it("refuses what is not a transaction", () => {
    expect(readTransaction(null)).toBeNull();
    expect(readTransaction({ ...SAMPLE, order: null })).toBeNull();
    expect(readTransaction({ ...SAMPLE, amount_cents: -1 })).toBeNull();
    expect(readTransaction({ ...SAMPLE, amount_cents: 1.5 })).toBeNull();
    expect(readTransaction({ ...SAMPLE, id: "x" })).toBeNull();
  });

  it("names our order by the number at the start of the special reference", () => {
    expect(orderIdOfSpecialReference(paymobSpecialReference("M-2026-000042", "ab12cd34"))).toBe(42);
    expect(orderIdOfSpecialReference("someone else's")).toBeNull();
    expect(orderIdOfSpecialReference(null)).toBeNull();
  });
});

describe("configuration", () => {
  const all = {
    PAYMOB_SECRET_KEY: "egy_sk_test",
    PAYMOB_PUBLIC_KEY: "egy_pk_test",
    PAYMOB_HMAC_SECRET: "hmac",
    PAYMOB_INTEGRATION_IDS: "4097558, 4097559",
  };

  it("is off with none, on with the four, and refuses some without the others", () => {
    expect(readPaymobConfig({})).toBeNull();
    expect(readPaymobConfig(all)).toEqual({
      secretKey: "egy_sk_test",
      publicKey: "egy_pk_test",
      hmacSecret: "hmac",
      integrationIds: [4097558, 4097559],
      apiUrl: "https://accept.paymob.com",
    });
    for (const name of Object.keys(all)) {
      const some = { ...all, [name]: "" };
      expect(() => readPaymobConfig(some)).toThrow(/must be set together/);
    }
  });

  it("refuses integration ids that are not ids, and an API URL that is not http(s)", () => {
    for (const ids of ["card", "1,,2", "0", "-4", "1.5"])
      expect(() => readPaymobConfig({ ...all, PAYMOB_INTEGRATION_IDS: ids })).toThrow(
        /PAYMOB_INTEGRATION_IDS/,
      );
    expect(() => readPaymobConfig({ ...all, PAYMOB_API_URL: "ftp://ksa.paymob.com" })).toThrow(
      /PAYMOB_API_URL/,
    );
    expect(readPaymobConfig({ ...all, PAYMOB_API_URL: "https://ksa.paymob.com/" })?.apiUrl).toBe(
      "https://ksa.paymob.com",
    );
  });
});
