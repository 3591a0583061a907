// /auth/forgot-password: ask for a reset link by email. The answer is the same whether or not the address
// has an account, so the page cannot be used to find out who is a member.

import { data, Form } from "react-router";
import { z } from "zod";
import { ForgotPasswordInput, requestPasswordReset } from "../account/password-reset.server";
import { RESET_TOKEN_MINUTES } from "../account/reset-token";
import { AuthCard, AuthField, AuthSubmitButton, AuthSwitchLink } from "../components/auth-form";
import { ErrorSummary, fieldErrorLinks } from "../components/error-summary";
import { Honeypot } from "../components/honeypot";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { useTranslation } from "../i18n/use-translation";
import { clientAddress } from "../lib/client-address";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/auth-forgot-password";

export const handle = { i18n: ["auth"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const { t, meta } = pageContext(request, context);
  return { meta: meta(t("auth:forgot.title"), t("auth:forgot.meta")), minutes: RESET_TOKEN_MINUTES };
}

/** The API's fields, and the hidden field only bots fill in. */
const ForgotPasswordForm = ForgotPasswordInput.extend({ website: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("auth");
  const form = await parseForm(request, ForgotPasswordForm, t);
  if (!form.ok)
    return data(
      { sent: false as const, fieldErrors: form.fieldErrors, values: form.values, formError: null },
      { status: 400 },
    );
  // A bot that filled the hidden field is told what everyone is told, and nothing is sent.
  if (form.data.website) return { sent: true as const, email: form.data.email };
  const outcome = await requestPasswordReset(getDb(context), {
    email: form.data.email,
    address: clientAddress(context),
    locale: page.locale,
    t: getI18n(context).getFixedT(page.locale, "mail"),
  });
  if (!outcome.ok) {
    return data(
      {
        sent: false as const,
        fieldErrors: {},
        values: { email: form.data.email },
        formError: t("errors.rateLimited", { count: Math.ceil(outcome.retryAfterSeconds / 60) }),
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { sent: true as const, email: form.data.email };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  if (actionData?.sent) {
    return (
      <>
        <PageIntro title={t("forgot.sentTitle")} />
        <AuthCard>
          <div role="status" className="rounded-md border border-teal-700/30 bg-teal-700/5 p-4">
            <p>
              {t("forgot.sentBefore")} <strong dir="ltr">{actionData.email}</strong>
              {t("forgot.sentAfter")}
            </p>
            <p className="mt-2 text-sm text-ink/80">{t("forgot.sentHint", { count: loaderData.minutes })}</p>
          </div>
          <AuthSwitchLink
            prompt={t("forgot.remembered")}
            linkText={t("forgot.loginLink")}
            to="/auth/login"
            redirectTo=""
          />
        </AuthCard>
      </>
    );
  }
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  return (
    <>
      <PageIntro title={t("forgot.title")} lead={t("forgot.lead")} />
      <AuthCard>
        <Form method="post" noValidate className="space-y-5">
          {actionData?.formError || Object.keys(errors).length > 0 ? (
            <ErrorSummary
              answer={actionData}
              message={actionData?.formError ?? t("errors.fixFields")}
              fields={fieldErrorLinks(errors, "auth-", ["email"])}
            />
          ) : null}
          <AuthField
            name="email"
            type="email"
            autoComplete="email"
            label={t("fields.email")}
            defaultValue={values.email}
            error={errors.email}
          />
          <Honeypot id="auth-website" label={t("fields.website")} />
          <AuthSubmitButton label={t("forgot.submit")} busyLabel={t("forgot.submitting")} />
        </Form>
        <AuthSwitchLink
          prompt={t("forgot.remembered")}
          linkText={t("forgot.loginLink")}
          to="/auth/login"
          redirectTo=""
        />
      </AuthCard>
    </>
  );
}
