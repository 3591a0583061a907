// The body of /credentials/verify: a textarea for a credential's JSON, then, after the server checked it,
// its verdict and each step with its message.
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { ErrorSummary, fieldErrorLinks } from "../error-summary";
import { PageIntro } from "../page-intro";
import { type CredentialCheckRow, CredentialChecks } from "./credential-checks";

export type CredentialVerifyAnswer = {
  fieldErrors: Record<string, string | undefined>;
  pasted: string;
  result: { verified: boolean; checks: CredentialCheckRow[] } | null;
};

export function CredentialVerifyPage({ answer }: { answer: CredentialVerifyAnswer | null }) {
  const { t } = useTranslation("certificates");
  const navigation = useNavigation();
  const error = answer?.fieldErrors.credential;
  const result = answer?.result ?? null;
  return (
    <>
      <PageIntro width="3xl" title={t("credential.page.title")} lead={t("credential.page.lead")} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        {result ? (
          <section
            aria-labelledby="credential-verdict"
            className={`rounded-xl border-2 p-6 ${result.verified ? "border-teal bg-white" : "border-red-700 bg-red-50"}`}
            data-testid="credential-verification"
            data-state={result.verified ? "verified" : "failed"}
          >
            <h2
              id="credential-verdict"
              className={`text-2xl font-bold ${result.verified ? "text-teal-700" : "text-red-800"}`}
            >
              <span aria-hidden="true">{result.verified ? "✓ " : "✕ "}</span>
              {result.verified ? t("credential.page.verified") : t("credential.page.notVerified")}
            </h2>
            <CredentialChecks checks={result.checks} />
          </section>
        ) : null}
        {/* noValidate: the server's localized messages are the ones people see, with or without JavaScript. */}
        <Form method="post" encType="multipart/form-data" noValidate className="space-y-4">
          {error ? (
            <ErrorSummary
              answer={answer}
              message={t("credential.page.refused")}
              fields={fieldErrorLinks({ json: error }, "credential-", ["json"])}
            />
          ) : null}
          <div>
            <label htmlFor="credential-json" className="block font-semibold">
              {t("credential.page.label")}
            </label>
            <p id="credential-json-hint" className="text-sm text-ink/70">
              {t("credential.page.hint")}
            </p>
            <textarea
              id="credential-json"
              name="credential"
              rows={14}
              dir="ltr"
              spellCheck={false}
              defaultValue={answer?.pasted ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "credential-json-hint credential-json-error" : "credential-json-hint"}
              className={`mt-2 block w-full rounded-md border px-3 py-2 font-mono text-sm ${error ? "border-red-600" : "border-ink/20"}`}
              data-testid="credential-json"
            />
            {error ? (
              <p id="credential-json-error" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="credential-file" className="block font-semibold">
              {t("credential.page.fileLabel")}
            </label>
            <input
              id="credential-file"
              name="file"
              type="file"
              accept=".json,application/json,application/ld+json"
              className="mt-2 block text-sm"
              data-testid="credential-file"
            />
          </div>
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
            data-testid="verify-credential"
          >
            {t("credential.page.submit")}
          </button>
        </Form>
      </div>
    </>
  );
}
