// remix-toast bound to our own signed cookie: its built-in default secret is public, so we never use it.
import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getSessionSecret, readConfig } from "./config.server";

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
