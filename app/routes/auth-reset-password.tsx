// /auth/reset-password: where a reset link lands. The token is moved from the URL into a short-lived
// cookie at once (docs/decisions/023); the page then offers the new-password form, or says the link has
// run out. Success ends every session of the account and sends the person to sign in.
import { data, Form, Link, redirect } from "react-router";
import { isResetTokenValid, ResetPasswordInput, resetPassword } from "../account/password-reset.server";
import {
  clearResetTokenCookie,
  RESET_PAGE_HEADERS,
  readResetToken,
  resetTokenCookie,
} from "../account/reset-cookie.server";
import { isWellFormedResetToken } from "../account/reset-token";
import { sessionCookie } from "../auth/session.server";
import { AuthCard, AuthField, AuthSubmitButton } from "../components/auth-form";
import { ErrorSummary, fieldErrorLinks } from "../components/error-summary";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { readForm, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import type { Route } from "./+types/auth-reset-password";

export const handle = { i18n: ["auth"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { t, meta } = pageContext(request, context);
  const fromLink = url.searchParams.get("token");
  if (fromLink !== null) {
    const headers = new Headers(RESET_PAGE_HEADERS);
    // A malformed token is not worth a cookie; the bare page then says the link is not valid.
    headers.append(
      "Set-Cookie",
      isWellFormedResetToken(fromLink)
        ? await resetTokenCookie().serialize(fromLink)
        : await clearResetTokenCookie(),
    );
    throw redirect(url.pathname, { headers });
  }
  const valid = await isResetTokenValid(getDb(context), await readResetToken(request));
  return data(
    { meta: meta(t("auth:reset.title"), t("auth:reset.meta")), valid },
    { headers: RESET_PAGE_HEADERS },
  );
}

export function headers() {
  return RESET_PAGE_HEADERS;
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("auth");
  const formData = await readForm(request);
  formData.set("token", (await readResetToken(request)) ?? "");
  const form = validateForm(formData, ResetPasswordInput, t);
  if (!form.ok) {
    const fieldErrors = { password: form.fieldErrors.password ?? t("reset.invalidLink") };
    return data(
      { fieldErrors, expired: !form.fieldErrors.password },
      { status: 400, headers: RESET_PAGE_HEADERS },
    );
  }
  const outcome = await resetPassword(getDb(context), form.data);
  if (!outcome.ok) {
    return data(
      { fieldErrors: {} as Record<string, string>, expired: true },
      { status: 400, headers: RESET_PAGE_HEADERS },
    );
  }
  const response = await toasts().redirectWithSuccess(
    localizePath("/auth/login", page.locale),
    t("reset.done"),
  );
  response.headers.append("Set-Cookie", await clearResetTokenCookie());
  // Every session of the account has ended, this browser's included.
  response.headers.append(
    "Set-Cookie",
    await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) }),
  );
  response.headers.set("Referrer-Policy", RESET_PAGE_HEADERS["Referrer-Policy"]);
  return response;
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const localize = useLocalizePath();
  if (!loaderData.valid || actionData?.expired) {
    return (
      <>
        <PageIntro title={t("reset.invalidTitle")} />
        <AuthCard>
          <p role="status">{t("reset.invalidLink")}</p>
          <p className="mt-6">
            <Link
              to={localize("/auth/forgot-password")}
              className="font-semibold text-coral-700 hover:underline"
            >
              {t("reset.requestNew")}
            </Link>
          </p>
        </AuthCard>
      </>
    );
  }
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  return (
    <>
      <PageIntro title={t("reset.title")} lead={t("reset.lead")} />
      <AuthCard>
        <Form method="post" noValidate className="space-y-5">
          {Object.keys(errors).length > 0 ? (
            <ErrorSummary
              answer={actionData}
              message={t("errors.fixFields")}
              fields={fieldErrorLinks(errors, "auth-", ["password"])}
            />
          ) : null}
          <AuthField
            name="password"
            type="password"
            clearOn={actionData}
            autoComplete="new-password"
            label={t("reset.newPassword")}
            hint={t("fields.passwordHint")}
            error={errors.password}
          />
          <AuthSubmitButton label={t("reset.submit")} busyLabel={t("reset.submitting")} />
        </Form>
      </AuthCard>
    </>
  );
}
