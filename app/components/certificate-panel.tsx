// The certificate box of the course and learn pages: the learner's progress until every lesson is done,
// then the "Get your certificate" form (a plain POST to /certificates, which works without JavaScript),
// then links to the certificate. Loader side: certificateStatus() in app/certificates/status.server.ts.
import { Form, Link, useNavigation } from "react-router";
import type { CertificateStatus } from "../certificates/status";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";

export function CertificatePanel({
  status,
  back,
  className = "",
  progressShownElsewhere = false,
}: {
  status: CertificateStatus | null;
  /** The page to come back to when the certificate cannot be issued (its path, localized). */
  back: string;
  className?: string;
  /** The page already shows the course's progress bar: say only what earns the certificate. */
  progressShownElsewhere?: boolean;
}) {
  const { t } = useTranslation("certificates");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  if (!status) return null;
  const action = localize("/certificates");
  const generating =
    navigation.formAction === action && navigation.formData?.get("courseId") === String(status.courseId);
  return (
    <section
      aria-labelledby={`certificate-${status.courseId}-heading`}
      className={`rounded-xl border border-coral-200 bg-coral-50 p-4 text-ink ${className}`}
      data-testid="certificate-panel"
    >
      <h2 id={`certificate-${status.courseId}-heading`} className="text-sm font-bold text-coral-700">
        {t("status.heading")}
      </h2>
      {status.kind === "progress" && progressShownElsewhere ? (
        <p className="mt-1 text-sm" data-testid="certificate-progress">
          {t("status.progressHint")}
        </p>
      ) : null}
      {status.kind === "progress" && !progressShownElsewhere ? (
        <>
          <p className="mt-1 text-sm font-semibold" data-testid="certificate-progress">
            {t("status.progress", { count: status.totalLessons, completed: status.completedLessons })}
          </p>
          <progress
            className="mt-2 h-2 w-full accent-coral-600"
            max={status.totalLessons}
            value={status.completedLessons}
            aria-label={t("status.progressLabel")}
          />
          <p className="mt-1 text-xs text-ink/70">{t("status.progressHint")}</p>
        </>
      ) : null}
      {status.kind === "eligible" ? (
        <Form method="post" action={action} className="mt-1">
          <input type="hidden" name="intent" value="generate" />
          <input type="hidden" name="courseId" value={status.courseId} />
          <input type="hidden" name="back" value={back} />
          <p className="text-sm">{t("status.eligible")}</p>
          <button
            type="submit"
            disabled={generating}
            data-testid="get-certificate"
            className="mt-3 w-full rounded-md bg-coral-600 px-4 py-2.5 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {generating ? t("status.getting") : t("status.get")}
          </button>
        </Form>
      ) : null}
      {status.kind === "issued" ? (
        <>
          <p className="mt-1 text-sm">{status.revoked ? t("status.issuedRevoked") : t("status.issued")}</p>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
            <Link to={localize("/certificates")} className="text-coral-700 hover:underline">
              {t("status.view")}
            </Link>
            <Link
              to={localize(`/certificates/verify/${status.code}`)}
              className="text-coral-700 hover:underline"
            >
              {t("status.verify")}
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
