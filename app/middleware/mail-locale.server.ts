// The language a signed-in person's later mails are written in (decision 056, item 5) follows the pages they
// act on: every form they send from a page (a POST, PUT or DELETE outside /api) records the page's language
// when it differs from the one kept. Reading never writes (issue 43, item 2: no GET changes state), so a
// person who only browses in another language keeps the language of their last action.
import type { MiddlewareFunction } from "react-router";
import { getViewer } from "../auth/viewer";
import { getDb } from "../db/context";
import { getLocaleFromContext } from "../i18n/context.server";
import { recordMailLocale } from "../notifications/notifications.server";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export const mailLocaleMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const viewer = getViewer(context).user;
  if (viewer && !READS.has(request.method) && !new URL(request.url).pathname.startsWith("/api/"))
    await recordMailLocale(getDb(context), viewer.id, getLocaleFromContext(context));
  return next();
};
