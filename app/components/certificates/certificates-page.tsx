// The learner's certificates: each one's PDF, verification link and sharing.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/certificates";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

/** With JavaScript, a button copies the link; without it the link stays visible in a read-only field. */
function CopyLink({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("certificates");
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setState("copied");
          } catch {
            setState("failed");
          }
        }}
        aria-label={t("mine.copyLabel", { title })}
        data-testid="copy-verify-link"
        className="shrink-0 rounded-md border border-ink/20 px-3 py-2 text-sm font-semibold hover:bg-sand"
      >
        {t("mine.copy")}
      </button>
      <span role="status" className="text-sm text-teal-700">
        {state === "copied" ? t("mine.copied") : state === "failed" ? t("mine.copyFailed") : ""}
      </span>
    </>
  );
}

export function MyCertificates({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("certificates");
  const localize = useLocalizePath();
  const { certificates } = loaderData;
  return (
    <>
      <PageIntro width="4xl" title={t("mine.title")} lead={t("mine.lead")}>
        <p className="mt-4 text-sm font-semibold text-ink/70">
          {t("mine.count", { count: certificates.length })}
        </p>
      </PageIntro>
      <div className="mx-auto max-w-4xl px-4 py-12">
        {certificates.length === 0 ? (
          <div className="text-center" data-testid="empty-state">
            <h2 className="text-xl font-bold">{t("mine.emptyTitle")}</h2>
            <p className="mt-2 text-ink/75">{t("mine.emptyBody")}</p>
            <Link
              to={localize("/my-enrollments")}
              className="mt-6 inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700"
            >
              {t("mine.toMyCourses")}
            </Link>
          </div>
        ) : (
          <ul className="space-y-6" data-testid="certificate-list">
            {certificates.map((certificate) => (
              <li
                key={certificate.id}
                className="rounded-xl border border-ink/10 bg-white p-5 shadow-sm"
                data-testid="certificate-item"
              >
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <h2 className="text-lg font-semibold">
                    <Link
                      to={localize(`/courses/${certificate.courseId}`)}
                      className="hover:text-coral-700 hover:underline"
                    >
                      {certificate.courseTitle}
                    </Link>
                  </h2>
                  {certificate.revoked ? (
                    <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">
                      {t("mine.revoked")}
                    </span>
                  ) : null}
                </div>
                <p className="mt-1 text-sm text-ink/70">
                  {t("mine.issuedOn", { date: certificate.issuedOn })} · {t("mine.code")}{" "}
                  <span dir="ltr" className="font-mono font-semibold text-ink" data-testid="certificate-code">
                    {certificate.code}
                  </span>
                </p>
                <div className="mt-4">
                  <label htmlFor={`verify-${certificate.id}`} className="block text-sm font-semibold">
                    {t("mine.verifyLinkFor", { title: certificate.courseTitle })}
                  </label>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <input
                      id={`verify-${certificate.id}`}
                      readOnly
                      value={certificate.verifyUrl}
                      dir="ltr"
                      className="min-w-0 flex-1 rounded-md border border-ink/20 bg-sand px-3 py-2 font-mono text-sm"
                      data-testid="verify-url"
                    />
                    <CopyLink url={certificate.verifyUrl} title={certificate.courseTitle} />
                  </div>
                </div>
                <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
                  <a
                    href={certificate.pdfPath}
                    download
                    aria-label={t("mine.downloadLabel", { title: certificate.courseTitle })}
                    className="rounded-md bg-coral-600 px-4 py-2 text-white hover:bg-coral-700"
                    data-testid="download-certificate"
                  >
                    {t("mine.download")}
                  </a>
                  {certificate.revoked ? null : (
                    <a
                      href={certificate.credentialPath}
                      download
                      aria-label={t("mine.downloadCredentialLabel", { title: certificate.courseTitle })}
                      className="self-center text-coral-700 hover:underline"
                      data-testid="download-credential"
                    >
                      {t("mine.downloadCredential")}
                    </a>
                  )}
                  {certificate.revoked ? null : (
                    <a
                      href={certificate.linkedInUrl}
                      rel="noopener noreferrer"
                      aria-label={t("mine.addToLinkedInLabel", { title: certificate.courseTitle })}
                      className="self-center text-coral-700 hover:underline"
                      data-testid="add-to-linkedin"
                    >
                      {t("mine.addToLinkedIn")}
                    </a>
                  )}
                  <Link
                    to={certificate.verifyPath}
                    className="self-center text-coral-700 hover:underline"
                    data-testid="open-verify"
                  >
                    {t("mine.openVerify")}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
