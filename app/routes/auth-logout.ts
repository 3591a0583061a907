// POST /auth/logout: deletes the session row, clears the cookie (and with it the cart), back to / with a toast.
import { endBrowserSession } from "../auth/sign-in.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { pageContext } from "../lib/route-context.server";
import type { Route } from "./+types/auth-logout";

export async function action({ request, context }: Route.ActionArgs) {
  const page = pageContext(request, context);
  return endBrowserSession(getDb(context), request, {
    redirectTo: localizePath("/", page.locale),
    message: page.tIn("auth")("logout.done"),
  });
}

// Logging out changes state, so a GET (a prefetch, a crawler, a pasted link) must not do it.
export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
