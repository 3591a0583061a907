// /certificates/verify/:code: public, no sign-in. Says whether the code names a valid or a revoked
// certificate, with the holder, course, trainer and date, and nothing else about the learner (no email,
// no other courses, no revocation reason). An unknown code is a "not found" page with status 404.
import { data, Link } from "react-router";
import { verifyCertificate } from "../certificates/certificates.server";
import { CredentialChecks } from "../components/certificates/credential-checks";
import { verificationJson } from "../credentials/answers.server";
import { verifyCertificateCredential } from "../credentials/credentials.server";
import { getDb } from "../db/context";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { cleanSearchText } from "../lib/validation";
import type { Route } from "./+types/certificate-verify";

export const handle = { i18n: ["certificates"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const db = getDb(context);
  const verification = await verifyCertificate(db, params.code, page.locale);
  const meta = page.meta(page.t("certificates:verify.title"), page.t("certificates:verify.metaDescription"));
  const headers = { "X-Robots-Tag": "noindex", "Cache-Control": "no-cache" };
  if (!verification) {
    return data(
      { meta, found: false as const, code: cleanSearchText(params.code, 40) },
      { status: 404, headers },
    );
  }
  return data(
    {
      meta,
      found: true as const,
      certificate: {
        code: verification.code,
        valid: verification.valid,
        holderName: verification.holderName,
        courseTitle: verification.courseTitle,
        trainerName: verification.trainerName,
        issuedOn: page.date(verification.issuedAt.toISOString()),
        revokedOn: verification.revokedAt ? page.date(verification.revokedAt.toISOString()) : null,
      },
      // Its Open Badges credential, checked on the server as any verifier would (decision 053).
      credential: await verifyCertificateCredential(db, verification.code).then((checked) =>
        checked ? verificationJson(checked, page.tIn("certificates")) : null,
      ),
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: "robots", content: "noindex, nofollow" },
];

export default function CertificateVerify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("certificates");
  const localize = useLocalizePath();
  if (!loaderData.found) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center" data-testid="certificate-not-found">
        <h1 className="text-3xl font-bold">{t("verify.notFoundTitle")}</h1>
        <p className="mt-4 text-lg text-ink/75">{t("verify.notFoundLead", { code: loaderData.code })}</p>
        <Link
          to={localize("/")}
          className="mt-8 inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700"
        >
          {t("verify.notFoundHome")}
        </Link>
      </div>
    );
  }
  const { certificate } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm font-semibold text-coral-700">{t("verify.title")}</p>
      <div
        className={`mt-4 rounded-xl border-2 p-6 ${certificate.valid ? "border-teal bg-white" : "border-red-700 bg-red-50"}`}
        data-testid="certificate-verification"
        data-state={certificate.valid ? "valid" : "revoked"}
      >
        <h1 className={`text-3xl font-bold ${certificate.valid ? "text-teal-700" : "text-red-800"}`}>
          <span aria-hidden="true">{certificate.valid ? "✓ " : "✕ "}</span>
          {certificate.valid ? t("verify.valid") : t("verify.revoked")}
        </h1>
        <p className="mt-2 text-ink/80">
          {certificate.valid
            ? t("verify.validLead")
            : t("verify.revokedLead", { date: certificate.revokedOn ?? "" })}
        </p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-ink/70">{t("verify.holder")}</dt>
            <dd className="text-xl font-bold" data-testid="certificate-holder">
              {certificate.holderName}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink/70">{t("verify.course")}</dt>
            <dd className="text-lg font-semibold" data-testid="certificate-course">
              {certificate.courseTitle}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink/70">{t("verify.trainer")}</dt>
            <dd className="font-semibold">{certificate.trainerName}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink/70">{t("verify.issuedAt")}</dt>
            <dd className="font-semibold">{certificate.issuedOn}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink/70">{t("verify.code")}</dt>
            <dd className="font-mono font-semibold" dir="ltr">
              {certificate.code}
            </dd>
          </div>
        </dl>
      </div>
      {loaderData.credential ? (
        <section aria-labelledby="credential-checks" className="mt-8" data-testid="credential-verification">
          <h2 id="credential-checks" className="text-xl font-bold">
            {t("credential.page.codeHeading")}
          </h2>
          <p className="mt-1 text-sm text-ink/75">
            {loaderData.credential.verified
              ? t("credential.page.verified")
              : t("credential.page.notVerified")}
          </p>
          <CredentialChecks checks={loaderData.credential.checks} />
          <p className="mt-4 text-sm">
            <Link
              to={localize("/credentials/verify")}
              className="font-semibold text-coral-700 hover:underline"
            >
              {t("credential.page.checkAFile")}
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
