// /newsletter/confirm/:token (and /ar/…): the newsletter's double opt-in (issue 48, item 5). GET only shows
// the address and a Confirm button, so a mail scanner opening the link confirms nothing; the button's POST
// confirms (decision 068). The token is signed and bound to the sign-up it answers (newsletter-token.ts).
import { data, Form } from "react-router";
import { PageIntro } from "../components/page-intro";
import { getSessionSecret } from "../config.server";
import { getDb } from "../db/context";
import { useTranslation } from "../i18n/use-translation";
import { confirmSubscription, pendingSignUp } from "../leads/newsletter.server";
import { verifyConfirmToken } from "../leads/newsletter-token";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { SECRET_LINK_PAGE_HEADERS } from "../security/secret-link-headers";
import type { Route } from "./+types/newsletter-confirm";

export const handle = { i18n: ["leads"] };

const PAGE_HEADERS = SECRET_LINK_PAGE_HEADERS;

export function headers() {
  return PAGE_HEADERS;
}

const readToken = (params: { token?: string }) => verifyConfirmToken(getSessionSecret(), params.token ?? "");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("leads");
  const token = readToken(params);
  const signUp = token ? await pendingSignUp(getDb(context), token) : null;
  return data(
    {
      meta: page.meta(t("newsletter.confirm.title"), t("newsletter.confirm.title")),
      email: signUp?.email ?? null,
      confirmed: signUp?.status === "confirmed",
    },
    { headers: PAGE_HEADERS },
  );
}

export async function action({ context, params }: Route.ActionArgs) {
  const token = readToken(params);
  if (!token) return data({ done: false as const }, { status: 404, headers: PAGE_HEADERS });
  const outcome = await confirmSubscription(getDb(context), token);
  return data({ done: outcome.ok }, { status: outcome.ok ? 200 : 404, headers: PAGE_HEADERS });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("leads");
  const { email, confirmed } = loaderData;
  return (
    <>
      <PageIntro title={t("newsletter.confirm.title")} />
      <div className="mx-auto max-w-2xl px-4 py-12" data-testid="newsletter-confirm">
        {email === null || actionData?.done === false ? (
          <p role="alert">{t("newsletter.confirm.invalid")}</p>
        ) : actionData?.done || confirmed ? (
          <p role="status" data-testid="newsletter-confirmed">
            {t("newsletter.confirm.done")}
          </p>
        ) : (
          <Form method="post">
            <p>
              {t("newsletter.confirm.question")}{" "}
              <bdi dir="ltr" className="font-semibold">
                {email}
              </bdi>
            </p>
            <button
              type="submit"
              className="mt-6 rounded-md bg-coral-700 px-5 py-2.5 font-semibold text-white hover:bg-coral-800"
            >
              {t("newsletter.confirm.button")}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
