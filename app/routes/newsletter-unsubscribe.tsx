// /newsletter/unsubscribe/:token (and /ar/…): leaving the newsletter in one click (issue 48, item 5). A mail
// client's RFC 8058 one-click POST (body `List-Unsubscribe=One-Click`) and this page's one button both
// unsubscribe, without signing in; GET only shows the button, so a link scanner changes nothing.
import { data, Form } from "react-router";
import { PageIntro } from "../components/page-intro";
import { getSessionSecret } from "../config.server";
import { getDb } from "../db/context";
import { useTranslation } from "../i18n/use-translation";
import { subscriptionExists, unsubscribe } from "../leads/newsletter.server";
import { verifyUnsubscribeToken } from "../leads/newsletter-token";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { SECRET_LINK_PAGE_HEADERS } from "../security/secret-link-headers";
import type { Route } from "./+types/newsletter-unsubscribe";

export const handle = { i18n: ["leads"] };

const PAGE_HEADERS = SECRET_LINK_PAGE_HEADERS;

export function headers() {
  return PAGE_HEADERS;
}

const readToken = (params: { token?: string }) =>
  verifyUnsubscribeToken(getSessionSecret(), params.token ?? "");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("leads");
  const token = readToken(params);
  const valid = token ? await subscriptionExists(getDb(context), token.id) : false;
  return data(
    { meta: page.meta(t("newsletter.unsubscribe.title"), t("newsletter.unsubscribe.title")), valid },
    { headers: PAGE_HEADERS },
  );
}

export async function action({ context, params }: Route.ActionArgs) {
  const token = readToken(params);
  const done = token ? await unsubscribe(getDb(context), token.id) : false;
  return data({ done }, { status: done ? 200 : 404, headers: PAGE_HEADERS });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("leads");
  return (
    <>
      <PageIntro title={t("newsletter.unsubscribe.title")} />
      <div className="mx-auto max-w-2xl px-4 py-12" data-testid="newsletter-unsubscribe">
        {!loaderData.valid || actionData?.done === false ? (
          <p role="alert">{t("newsletter.unsubscribe.invalid")}</p>
        ) : actionData?.done ? (
          <p role="status" data-testid="newsletter-unsubscribed">
            {t("newsletter.unsubscribe.done")}
          </p>
        ) : (
          <Form method="post">
            <p>{t("newsletter.unsubscribe.question")}</p>
            <button
              type="submit"
              className="mt-6 rounded-md bg-coral-700 px-5 py-2.5 font-semibold text-white hover:bg-coral-800"
            >
              {t("newsletter.unsubscribe.button")}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
