// A coupon as the JSON API shows it: money in currency units, dates as ISO strings.
import type { Coupon } from "../db/schema";
import { toCurrencyUnits } from "../wallet/wallet.server";

export function couponJson(coupon: Coupon) {
  return {
    id: coupon.id,
    code: coupon.code,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff === null ? null : toCurrencyUnits(coupon.amountOff),
    courseId: coupon.courseId,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    maxUses: coupon.maxUses,
    uses: coupon.uses,
    disabled: coupon.disabledAt !== null,
    createdAt: coupon.createdAt.toISOString(),
  };
}
