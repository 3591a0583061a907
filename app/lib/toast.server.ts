// remix-toast bound to our own signed cookie: its built-in default secret is public, so we never use it.
import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getSessionSecret, readConfig } from "../config.server";

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

export function toasts() {
  utils ??= createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: {
        name: "manara_toast",
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: readConfig().isProduction,
        secrets: [getSessionSecret()],
      },
    }),
  );
  return utils;
}

const TOAST_COOKIE = /(?:^|;\s*)manara_toast=/;

/**
 * The toast waiting for this request, if any, and the headers that clear it. A request without the toast
 * cookie (most page views) has nothing to read: no cookie is parsed, verified or signed, and the response
 * sets none (remix-toast's getToast re-signs and sets an empty session cookie on every response).
 */
export async function readToast(
  request: Request,
): Promise<Partial<Awaited<ReturnType<ReturnType<typeof toasts>["getToast"]>>>> {
  if (!TOAST_COOKIE.test(request.headers.get("Cookie") ?? "")) return {};
  return toasts().getToast(request);
}
