// /newsletter: the newsletter's sign-up (issue 48, item 5). The footer's and the blog's forms post here too.
// A sign-up is answered the same whatever the address (new, pending, subscribed, or a bot's honeypot): a
// redirect to this page saying a confirmation mail is on its way. Errors come back on this page.
import { data, redirect } from "react-router";
import { NewsletterForm } from "../components/leads/newsletter-form";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { attributionFromCookieHeader } from "../leads/attribution";
import { NewsletterInput, subscribe } from "../leads/newsletter.server";
import { clientAddress } from "../lib/client-address";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/newsletter";

export const handle = { i18n: ["leads"] };

/** Depends on the address alone (`?sent=1` after a sign-up), so the anonymous cache may keep it. */
export function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("leads");
  return {
    meta: page.meta(t("newsletter.title"), t("newsletter.metaDescription")),
    sent: url.searchParams.get("sent") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "leads");
  const form = await parseForm(request, NewsletterInput.omit({ locale: true }), t);
  if (!form.ok) {
    return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  }
  const outcome = await subscribe(
    getDb(context),
    { email: form.data.email, locale },
    {
      clientAddress: clientAddress(context),
      spam: Boolean(form.data.website?.trim()),
      attribution: attributionFromCookieHeader(request.headers.get("cookie")),
    },
  );
  if (!outcome.ok) {
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return data(
      {
        fieldErrors: {},
        values: form.values,
        formError: t("newsletter.errors.rateLimited", { count: minutes }),
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  // Post/Redirect/Get: a reload cannot sign up twice.
  return redirect(localizePath("/newsletter?sent=1", locale), 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("leads");
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const formError = actionData && "formError" in actionData ? actionData.formError : undefined;
  return (
    <>
      <PageIntro title={t("newsletter.title")} lead={t("newsletter.lead")} />
      <div className="mx-auto max-w-2xl px-4 py-12" data-testid="newsletter-page">
        {loaderData.sent && !actionData ? (
          <div role="status" className="mb-8 rounded-lg bg-sand p-4" data-testid="newsletter-sent">
            <p className="font-semibold">{t("newsletter.sent.title")}</p>
            <p className="mt-1">{t("newsletter.sent.body")}</p>
          </div>
        ) : null}
        {formError ? (
          <p role="alert" className="mb-6 rounded-lg border border-red-600 p-4 text-red-700">
            {formError}
          </p>
        ) : null}
        <NewsletterForm
          id="newsletter-page"
          headingLevel="none"
          error={errors.email}
          defaultEmail={actionData?.values?.email}
        />
        <p className="mt-6 text-sm text-ink/80">{t("newsletter.privacy")}</p>
      </div>
    </>
  );
}
