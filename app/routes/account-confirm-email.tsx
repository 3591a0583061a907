// /account/confirm-email?token=…: where the link mailed to a new address lands. Opening it changes nothing:
// the page asks the signed-in account's owner to press a button, because mail scanners open links (GET) but
// do not submit forms (docs/decisions/043). The POST makes the change (confirmEmailChange tells the old
// address) and leads back to /account.
import { data, Form, Link } from "react-router";
import {
  confirmEmailChange,
  EMAIL_CHANGE_HOURS,
  EmailChangeConfirmInput,
  type EmailChangeConfirmOutcome,
  emailChangeLinkState,
} from "../account/email.server";
import { requireUser } from "../auth/guards.server";
import { AuthCard, AuthSubmitButton } from "../components/auth-form";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { readForm, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import type { Route } from "./+types/account-confirm-email";

export const handle = { i18n: ["auth"] };

/** The token is in the address: never cached, and no Referer with it to any other site. */
const CONFIRM_PAGE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } as const;

type Problem = Exclude<EmailChangeConfirmOutcome, { ok: true }>["reason"];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  // A guest signs in first and comes back here (the link's token travels in redirectTo).
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const t = page.tIn("auth");
  const token = url.searchParams.get("token");
  const link = await emailChangeLinkState(getDb(context), user.id, token);
  const problem: Problem | null =
    link.state === "valid" ? null : link.state === "expired" ? "expired" : "invalid_token";
  return data(
    {
      meta: page.meta(t("emailConfirm.title"), t("emailConfirm.meta")),
      current: user.email,
      newEmail: link.state === "valid" ? link.newEmail : null,
      token: link.state === "valid" ? token : null,
      problem,
      hours: EMAIL_CHANGE_HOURS,
    },
    { headers: CONFIRM_PAGE_HEADERS },
  );
}

export function headers() {
  return CONFIRM_PAGE_HEADERS;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const t = page.tIn("auth");
  const form = validateForm(await readForm(request), EmailChangeConfirmInput, t);
  const outcome: EmailChangeConfirmOutcome = form.ok
    ? await confirmEmailChange(getDb(context), {
        userId: user.id,
        token: form.data.token,
        locale: page.locale,
        t: getI18n(context).getFixedT(page.locale, "mail"),
      })
    : { ok: false, reason: "invalid_token" };
  if (!outcome.ok) {
    const status = { invalid_token: 400, expired: 410, email_taken: 409 }[outcome.reason];
    return data({ problem: outcome.reason }, { status, headers: CONFIRM_PAGE_HEADERS });
  }
  const response = await toasts().redirectWithSuccess(
    localizePath("/account", page.locale),
    t("email.changed", { email: outcome.newEmail }),
  );
  response.headers.set("Referrer-Policy", CONFIRM_PAGE_HEADERS["Referrer-Policy"]);
  return response;
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const localize = useLocalizePath();
  const problem = actionData?.problem ?? loaderData.problem;
  if (problem || !loaderData.token) {
    const title = problem === "expired" ? t("emailConfirm.expiredTitle") : t("emailConfirm.invalidTitle");
    const message =
      problem === "expired"
        ? t("emailConfirm.expired", { count: loaderData.hours })
        : problem === "email_taken"
          ? t("emailConfirm.taken")
          : t("emailConfirm.invalid");
    return (
      <>
        <PageIntro title={title} />
        <AuthCard>
          <p role="status" data-testid="confirm-email-problem">
            {message}
          </p>
          <p className="mt-6">
            <Link to={localize("/account")} className="font-semibold text-coral-700 hover:underline">
              {t("emailConfirm.backToAccount")}
            </Link>
          </p>
        </AuthCard>
      </>
    );
  }
  return (
    <>
      <PageIntro title={t("emailConfirm.title")} />
      <AuthCard>
        <p>{t("emailConfirm.lead", { email: loaderData.newEmail ?? "", current: loaderData.current })}</p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <AuthSubmitButton label={t("emailConfirm.submit")} busyLabel={t("emailConfirm.submitting")} />
        </Form>
      </AuthCard>
    </>
  );
}
