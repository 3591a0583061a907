// What the log-in and sign-up pages load: a signed-in visitor is sent on, everyone else gets the form's data.
import { type RouterContextProvider, redirect } from "react-router";
import { getViewer } from "../auth/viewer";
import { localizePath } from "../i18n/languages";
import { pageContext } from "../lib/route-context.server";
import { isGoogleSignInEnabled } from "./google-enabled.server";
import { safeRedirect } from "./redirect";

export function loadAuthPage(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  page: "login" | "signup",
) {
  const { locale, t, meta } = pageContext(request, context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (getViewer(context).user) throw redirect(redirectTo || localizePath("/", locale));
  return {
    meta: meta(t(`auth:${page}.title`), t(`auth:${page}.meta`)),
    redirectTo,
    googleEnabled: isGoogleSignInEnabled(),
  };
}
