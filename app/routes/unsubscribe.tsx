// /unsubscribe/:token (and /ar/…): the notification mails' one-click unsubscribe (RFC 8058). A mail
// client's one-click POST (body `List-Unsubscribe=One-Click`) and this page's form both turn the token's
// type off for the token's person, without signing in; GET only shows the confirming form, so a link
// scanner opening the URL changes nothing. The token is signed (app/notifications/unsubscribe-token.ts).
import { data, Form, Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { getSessionSecret } from "../config.server";
import { getDb } from "../db/context";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { unsubscribeType } from "../notifications/notifications.server";
import { verifyUnsubscribeToken } from "../notifications/unsubscribe-token";
import { SECRET_LINK_PAGE_HEADERS } from "../security/secret-link-headers";
import type { Route } from "./+types/unsubscribe";

export const handle = { i18n: ["notifications"] };

const PAGE_HEADERS = SECRET_LINK_PAGE_HEADERS;

export function headers() {
  return PAGE_HEADERS;
}

function readToken(params: { token?: string }) {
  return verifyUnsubscribeToken(getSessionSecret(), params.token ?? "");
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("notifications");
  const found = readToken(params);
  return data(
    {
      meta: page.meta(t("unsubscribe.title"), t("unsubscribe.title")),
      type: found ? t(`types.${found.type}`) : null,
    },
    { headers: PAGE_HEADERS },
  );
}

export async function action({ context, params }: Route.ActionArgs) {
  const found = readToken(params);
  if (!found) return data({ done: false as const }, { status: 404, headers: PAGE_HEADERS });
  const done = await unsubscribeType(getDb(context), found.userId, found.type);
  return data({ done }, { status: done ? 200 : 404, headers: PAGE_HEADERS });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const localize = useLocalizePath();
  const { type } = loaderData;
  const accountLink = (
    <Link to={localize("/account")} className="mt-6 inline-block font-semibold text-coral-700 underline">
      {t("unsubscribe.account")}
    </Link>
  );
  return (
    <>
      <PageIntro width="2xl" title={t("unsubscribe.title")} />
      <div className="mx-auto max-w-2xl px-4 py-12" data-testid="unsubscribe">
        {type === null || actionData?.done === false ? (
          <>
            <p role="alert">{t("unsubscribe.invalid")}</p>
            {accountLink}
          </>
        ) : actionData?.done ? (
          <>
            <p role="status" data-testid="unsubscribed">
              {t("unsubscribe.done", { type })}
            </p>
            {accountLink}
          </>
        ) : (
          <Form method="post">
            <p>{t("unsubscribe.confirm", { type })}</p>
            <button
              type="submit"
              className="mt-6 rounded-md bg-coral-700 px-5 py-2.5 font-semibold text-white hover:bg-coral-800"
            >
              {t("unsubscribe.button")}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
