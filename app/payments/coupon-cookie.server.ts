// The code applied to the cart, remembered in a cookie until checkout (or until it stops being valid). Its
// value is only a typed code: every read checks it again, and the purchase checks it under lock.
import { createCookie } from "react-router";
import { readConfig } from "../config.server";
import { COUPON_CODE_PATTERN, normalizeCouponCode } from "./coupon-policy";

let cookie: ReturnType<typeof createCookie> | undefined;
function couponCookie() {
  cookie ??= createCookie("manara_coupon", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: readConfig().isProduction,
    maxAge: 60 * 60 * 24 * 7,
  });
  return cookie;
}

export async function readCartCoupon(request: Request): Promise<string | null> {
  const value: unknown = await couponCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "string") return null;
  const code = normalizeCouponCode(value);
  return COUPON_CODE_PATTERN.test(code) ? code : null;
}

export function rememberCartCoupon(code: string): Promise<string> {
  return couponCookie().serialize(code);
}

export function forgetCartCoupon(): Promise<string> {
  return couponCookie().serialize("", { maxAge: 0 });
}
