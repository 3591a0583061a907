// The steps of a credential's verification, each with its mark and the server's message: on the page that
// checks a pasted credential and on a certificate's public verification page.
import { useTranslation } from "../../i18n/use-translation";

export type CredentialCheckRow = { check: string; passed: boolean; reason: string; message: string };

export function CredentialChecks({ checks }: { checks: CredentialCheckRow[] }) {
  const { t } = useTranslation("certificates");
  return (
    <ol className="mt-4 space-y-3">
      {checks.map((check) => (
        <li
          key={check.check}
          className="flex gap-3"
          data-testid={`check-${check.check}`}
          data-passed={check.passed}
        >
          <span
            className={`mt-0.5 font-bold ${check.passed ? "text-teal-700" : "text-red-800"}`}
            aria-hidden="true"
          >
            {check.passed ? "✓" : "✕"}
          </span>
          <div>
            <p className="font-semibold">
              {t(`credential.page.steps.${check.check}`)}
              <span className="sr-only">
                {" "}
                — {check.passed ? t("credential.page.passed") : t("credential.page.failed")}
              </span>
            </p>
            <p className="text-sm text-ink/80">{check.message}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
