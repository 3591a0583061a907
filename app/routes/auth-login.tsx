// /auth/login: a plain form that works without JavaScript; remix-auth checks the credentials.

import { data, Form, Link } from "react-router";
import { LoginInput } from "../auth/accounts.server";
import { loadAuthPage } from "../auth/auth-page.server";
import { passwordAuthenticator } from "../auth/authenticator.server";
import { landingPath, safeRedirect } from "../auth/redirect";
import { startBrowserSession } from "../auth/sign-in.server";
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
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { clientAddress } from "../lib/client-address";
import { readForm, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/auth-login";

export const handle = { i18n: ["auth"] };

export function loader(args: Route.LoaderArgs) {
  return loadAuthPage(args, "login");
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("auth");
  const db = getDb(context);
  // The body is read once, bounded; remix-auth's form strategy then reads a request rebuilt from it
  // (reading a clone of an unbounded stream would keep buffering its other half).
  const formData = await readForm(request);
  const form = validateForm(formData, LoginInput, t);
  if (!form.ok) {
    return data({ fieldErrors: form.fieldErrors, values: form.values, formError: null }, { status: 400 });
  }
  const values = { email: form.data.email, redirectTo: form.data.redirectTo ?? "" };
  if (form.data.website) {
    return data({ fieldErrors: {}, values, formError: t("errors.botDetected") }, { status: 400 });
  }
  const outcome = await passwordAuthenticator(db, clientAddress(context)).authenticate(
    "password",
    withForm(request, formData),
  );
  if (!outcome.ok) {
    const formError =
      outcome.reason === "rate_limited"
        ? t("errors.rateLimited", { count: Math.ceil(outcome.retryAfterSeconds / 60) })
        : t("login.invalid");
    return data(
      { fieldErrors: {}, values, formError },
      { status: outcome.reason === "rate_limited" ? 429 : 400, headers: retryAfter(outcome) },
    );
  }
  return startBrowserSession(db, request, outcome.user, {
    redirectTo: safeRedirect(form.data.redirectTo, landingPath(outcome.user, page.locale)),
    message: t("login.welcome", { name: outcome.user.name }),
  });
}

/** `request` with `formData` as its body (the headers that describe the old body dropped). */
function withForm(request: Request, formData: FormData): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: formData });
}

function retryAfter(outcome: { reason: string; retryAfterSeconds?: number }): HeadersInit | undefined {
  return outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const localize = useLocalizePath();
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const redirectTo = values.redirectTo ?? loaderData.redirectTo;
  return (
    <>
      <PageIntro title={t("login.title")} lead={t("login.lead")} />
      <AuthCard>
        {loaderData.googleEnabled ? <GoogleSignInLink redirectTo={redirectTo} /> : null}
        <Form method="post" noValidate className="space-y-5">
          {actionData?.formError || Object.keys(errors).length > 0 ? (
            <ErrorSummary
              answer={actionData}
              message={actionData?.formError ?? t("errors.fixFields")}
              fields={fieldErrorLinks(errors, "auth-", ["email", "password"])}
            />
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <AuthField
            name="email"
            type="email"
            autoComplete="email"
            label={t("fields.email")}
            defaultValue={values.email}
            error={errors.email}
          />
          {/* The password is never sent back: it is always empty after a failed attempt. */}
          <AuthField
            name="password"
            type="password"
            clearOn={actionData}
            autoComplete="current-password"
            label={t("fields.password")}
            error={errors.password}
          />
          <p className="text-sm">
            <Link
              to={localize("/auth/forgot-password")}
              className="font-semibold text-coral-700 hover:underline"
              data-testid="forgot-password-link"
            >
              {t("login.forgot")}
            </Link>
          </p>
          <Honeypot id="auth-website" label={t("fields.website")} />
          <AuthSubmitButton label={t("login.submit")} busyLabel={t("login.submitting")} />
        </Form>
        <AuthSwitchLink
          prompt={t("login.noAccount")}
          linkText={t("login.signupLink")}
          to="/auth/signup"
          redirectTo={redirectTo}
        />
      </AuthCard>
    </>
  );
}
