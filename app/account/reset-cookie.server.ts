// The reset link's token, moved out of the URL: /auth/reset-password?token=… puts it in a short-lived
// cookie and redirects to the bare page, so the token never sits in the address bar, the history, a
// screenshot, or a Referer header sent by anything the page loads.
import { createCookie } from "react-router";
import { getSessionSecret, readConfig } from "../config.server";
import { SECRET_LINK_PAGE_HEADERS } from "../security/secret-link-headers";
import { RESET_TOKEN_MINUTES } from "./reset-token";

type Cookie = ReturnType<typeof createCookie>;
let cookie: Cookie | undefined;

export function resetTokenCookie(): Cookie {
  if (!cookie) {
    const secure = readConfig().isProduction;
    cookie = createCookie(secure ? "__Host-manara_reset" : "manara_reset", {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: RESET_TOKEN_MINUTES * 60,
      secrets: [getSessionSecret()],
    });
  }
  return cookie;
}

export async function readResetToken(request: Request): Promise<string | null> {
  const value: unknown = await resetTokenCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

export function clearResetTokenCookie(): Promise<string> {
  return resetTokenCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Headers for every answer of the reset page, a page opened by a secret link. */
export const RESET_PAGE_HEADERS = SECRET_LINK_PAGE_HEADERS;
