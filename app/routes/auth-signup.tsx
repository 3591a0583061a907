// /auth/signup: a plain form that works without JavaScript; a new account is signed in at once.

import { data, Form } from "react-router";
import { SignupInput } from "../auth/accounts.server";
import { loadAuthPage } from "../auth/auth-page.server";
import { safeRedirect } from "../auth/redirect";
import { signUp, startBrowserSession } from "../auth/sign-in.server";
import { sendWelcomeMail } from "../auth/welcome.server";
import {
  AuthCard,
  AuthField,
  AuthSubmitButton,
  AuthSwitchLink,
  GoogleSignInLink,
} from "../components/auth-form";
import { ErrorSummary, fieldErrorLinks } from "../components/error-summary";
import { Honeypot } from "../components/honeypot";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { clientAddress } from "../lib/client-address";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/auth-signup";

export const handle = { i18n: ["auth"] };

export function loader(args: Route.LoaderArgs) {
  return loadAuthPage(args, "signup");
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
  const outcome = await signUp(db, clientAddress(context), form.data);
  if (!outcome.ok) {
    if (outcome.reason === "rate_limited") {
      return data(
        {
          fieldErrors: {},
          values,
          formError: t("errors.rateLimited", { count: Math.ceil(outcome.retryAfterSeconds / 60) }),
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return data({ fieldErrors: { email: t("signup.emailTaken") }, values, formError: null }, { status: 409 });
  }
  await sendWelcomeMail(context, page.locale, outcome.user);
  return startBrowserSession(db, request, outcome.user, {
    redirectTo: safeRedirect(form.data.redirectTo, localizePath("/", page.locale)),
    message: t("signup.welcome", { name: outcome.user.name }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const redirectTo = values.redirectTo ?? loaderData.redirectTo;
  return (
    <>
      <PageIntro title={t("signup.title")} lead={t("signup.lead")} />
      <AuthCard>
        {loaderData.googleEnabled ? <GoogleSignInLink redirectTo={redirectTo} /> : null}
        <Form method="post" noValidate className="space-y-5">
          {actionData?.formError || Object.keys(errors).length > 0 ? (
            <ErrorSummary
              answer={actionData}
              message={actionData?.formError ?? t("errors.fixFields")}
              fields={fieldErrorLinks(errors, "auth-", ["userName", "email", "password"])}
            />
          ) : null}
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
          <Honeypot id="auth-website" label={t("fields.website")} />
          <AuthSubmitButton label={t("signup.submit")} busyLabel={t("signup.submitting")} />
        </Form>
        <AuthSwitchLink
          prompt={t("signup.haveAccount")}
          linkText={t("signup.loginLink")}
          to="/auth/login"
          redirectTo={redirectTo}
        />
      </AuthCard>
    </>
  );
}
