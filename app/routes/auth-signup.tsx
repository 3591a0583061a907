// /auth/signup: a plain form that works without JavaScript; a new account is signed in at once.
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SignupInput } from "../auth/accounts.server";
import { safeRedirect } from "../auth/redirect";
import { signUp, startBrowserSession } from "../auth/sign-in.server";
import { AuthCard, AuthField, FormAlert, Honeypot } from "../components/auth-form";
import { PageIntro } from "../components/page-intro";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { parseForm } from "../lib/forms.server";
import { isGoogleSignInEnabled } from "../lib/google-enabled.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getViewer } from "../middleware/auth.server";
import { getDb } from "../middleware/database.server";
import type { Route } from "./+types/auth-signup";

export const handle = { i18n: ["auth"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (getViewer(context).user) throw redirect(redirectTo || localizePath("/", page.locale));
  return {
    meta: page.meta(page.t("auth:signup.title"), page.t("auth:signup.meta")),
    redirectTo,
    googleEnabled: isGoogleSignInEnabled(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("auth");
  const db = getDb(context);
  const form = await parseForm(request, SignupInput, t);
  if (!form.ok)
    return data({ fieldErrors: form.fieldErrors, values: form.values, formError: null }, { status: 400 });
  const values = {
    userName: form.data.userName,
    email: form.data.email,
    redirectTo: form.data.redirectTo ?? "",
  };
  if (form.data.website)
    return data({ fieldErrors: {}, values, formError: t("errors.botDetected") }, { status: 400 });
  const outcome = await signUp(db, request, form.data);
  if (!outcome.ok) {
    if (outcome.reason === "rate_limited") {
      return data(
        {
          fieldErrors: {},
          values,
          formError: t("errors.rateLimited", { minutes: Math.ceil(outcome.retryAfterSeconds / 60) }),
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return data({ fieldErrors: { email: t("signup.emailTaken") }, values, formError: null }, { status: 409 });
  }
  return startBrowserSession(db, request, outcome.user, {
    redirectTo: safeRedirect(form.data.redirectTo, localizePath("/", page.locale)),
    message: t("signup.welcome", { name: outcome.user.name }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const redirectTo = values.redirectTo ?? loaderData.redirectTo;
  const loginHref = localize("/auth/login") + (redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "");
  return (
    <>
      <PageIntro title={t("signup.title")} lead={t("signup.lead")} />
      <AuthCard>
        {loaderData.googleEnabled ? (
          <>
            <a
              href={`/auth/google?${new URLSearchParams({ redirectTo: redirectTo || localize("/") })}`}
              className="flex w-full items-center justify-center gap-2 rounded-md border border-ink/20 px-4 py-3 font-semibold hover:bg-sand"
            >
              {t("google.continue")}
            </a>
            <p className="my-6 text-center text-sm text-ink/60">{t("google.or")}</p>
          </>
        ) : null}
        <Form method="post" noValidate className="space-y-5">
          {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <AuthField
            name="userName"
            autoComplete="name"
            label={t("fields.userName")}
            defaultValue={values.userName}
            error={errors.userName}
          />
          <AuthField
            name="email"
            type="email"
            autoComplete="email"
            label={t("fields.email")}
            defaultValue={values.email}
            error={errors.email}
          />
          <AuthField
            name="password"
            type="password"
            clearOn={actionData}
            autoComplete="new-password"
            label={t("fields.password")}
            hint={t("fields.passwordHint")}
            error={errors.password}
          />
          <Honeypot label={t("fields.website")} />
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-coral-500 px-6 py-3 font-semibold text-white hover:bg-coral-600 disabled:opacity-60"
          >
            {busy ? t("signup.submitting") : t("signup.submit")}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm">
          {t("signup.haveAccount")}{" "}
          <Link to={loginHref} className="font-semibold text-coral-700 hover:underline">
            {t("signup.loginLink")}
          </Link>
        </p>
      </AuthCard>
    </>
  );
}
