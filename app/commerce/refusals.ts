// What a refused purchase says, once for every surface: the course page's toast, the cart's message and
// the JSON API's error (status, stable code, message, field). Pages and the API differ only in how they
// show it.

import type { Locale } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import { formatMoney } from "../lib/money";
import type { PurchaseOutcome } from "./enrollment.server";

export type PurchaseRefusal = Extract<PurchaseOutcome, { ok: false }>;

export type RefusalMessage = {
  status: number;
  /** The API's stable `error.code` (app/lib/api.server.ts). */
  code: "validation_failed" | "course_unavailable" | "insufficient_funds";
  message: string;
  /** The request field the refusal is about, with its message (the API's `fields`). */
  fields?: Record<string, string>;
};

/** `t` translates the `catalog` namespace in the caller's locale; money shows in `currency`. */
export function purchaseRefusal(
  refusal: PurchaseRefusal,
  t: TFunction,
  locale: Locale,
  currency: string,
): RefusalMessage {
  switch (refusal.reason) {
    case "coupon": {
      const message = t(`payments:coupon.problems.${refusal.problem}`);
      return { status: 422, code: "validation_failed", message, fields: { couponCode: message } };
    }
    case "empty": {
      const message = t("enrollment.refusals.empty");
      return { status: 422, code: "validation_failed", message, fields: { courseIds: message } };
    }
    case "unknown_courses":
      return {
        status: 404,
        code: "course_unavailable",
        message: t("enrollment.refusals.unavailable", {
          count: refusal.courseIds.length,
          ids: refusal.courseIds.join(locale === "ar" ? "، " : ", "),
        }),
      };
    case "insufficient_funds":
      return {
        status: 409,
        code: "insufficient_funds",
        message: t("enrollment.refusals.insufficientFunds", {
          required: formatMoney(refusal.required, locale, currency),
          balance: formatMoney(refusal.balance, locale, currency),
        }),
      };
  }
}
