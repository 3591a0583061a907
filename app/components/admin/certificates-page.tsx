// The admin's certificates: search, revoking one with a reason, and reissuing one's PDF.
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-certificates";
import { ErrorSummary } from "../error-summary";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

type Failure = { fieldErrors: Record<string, string>; values: Record<string, string> };
type Row = Route.ComponentProps["loaderData"]["certificates"][number];

function RevokeRow({ row, failure }: { row: Row; failure: Failure | undefined }) {
  const { t } = useTranslation("certificates");
  const navigation = useNavigation();
  const mine = failure?.values.id === row.id ? failure : undefined;
  const reasonError = mine?.fieldErrors.reason;
  const busy = navigation.formData?.get("id") === row.id;
  if (row.revokedOn) {
    return (
      <div className="text-sm">
        <p className="font-semibold text-red-800">{t("admin.revokedOn", { date: row.revokedOn })}</p>
        {row.revokedReason ? <p className="text-ink/75">{row.revokedReason}</p> : null}
      </div>
    );
  }
  const inputId = `reason-${row.id}`;
  return (
    <Form method="post" className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="id" value={row.id} />
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={inputId} className="sr-only">
          {t("admin.reasonFor", { code: row.code })}
        </label>
        <input
          id={inputId}
          name="reason"
          required
          minLength={3}
          maxLength={REVOKE_REASON_MAX_CLIENT}
          defaultValue={mine?.values.reason ?? ""}
          placeholder={t("admin.reason")}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${inputId}-error` : undefined}
          className={`w-full rounded-md border bg-white px-2 py-1.5 text-sm ${reasonError ? "border-red-600" : "border-ink/20"}`}
        />
        {reasonError ? (
          <p id={`${inputId}-error`} className="mt-1 text-xs text-red-700">
            {reasonError}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-label={t("admin.revokeFor", { code: row.code })}
        className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
      >
        {t("admin.revoke")}
      </button>
    </Form>
  );
}

/** Renders the PDF again on the public origin (a PDF made on a wrong one); the code stays the same. */
function ReissueForm({ row }: { row: Row }) {
  const { t } = useTranslation("certificates");
  const navigation = useNavigation();
  const busy = navigation.formData?.get("id") === row.id;
  return (
    <Form method="post" className="mt-2">
      <input type="hidden" name="intent" value="reissue" />
      <input type="hidden" name="id" value={row.id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={t("admin.reissueFor", { code: row.code })}
        className="text-sm font-semibold text-coral-700 hover:underline disabled:opacity-60"
      >
        {t("admin.reissue")}
      </button>
    </Form>
  );
}

/** The same limit as the server's, for the browser's own check (server modules cannot be imported here). */
const REVOKE_REASON_MAX_CLIENT = 500;

export function AdminCertificates({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation(["certificates", "admin"]);
  const localize = useLocalizePath();
  const location = useLocation();
  const { q, certificates, total, page, pageCount } = loaderData;
  const failure: Failure | undefined = actionData;
  // After a refused revoke the summary takes the focus; a reason error links to its row's field.
  const failedRow = failure ? certificates.find((row) => row.id === failure.values.id) : undefined;
  const reasonError = failedRow ? failure?.fieldErrors.reason : undefined;
  const summary = failure ? (reasonError ?? Object.values(failure.fieldErrors)[0]) : undefined;
  return (
    <>
      <PageIntro title={t("admin.title")} lead={t("admin.lead")}>
        <p className="mt-4 text-sm font-semibold text-ink/70">{t("admin.count", { count: total })}</p>
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-12">
        <Link
          to={localize("/dashboard/admin")}
          className="text-sm font-semibold text-coral-700 hover:underline"
        >
          {t("admin.backToDashboard")}
        </Link>
        <Form
          key={location.search}
          method="get"
          role="search"
          aria-label={t("admin.searchLabel")}
          className="mt-6 flex flex-wrap items-end gap-3 rounded-xl bg-sand p-4"
        >
          <div className="min-w-60 flex-1">
            <label htmlFor="certificates-q" className="block text-sm font-semibold">
              {t("admin.q")}
            </label>
            <input
              id="certificates-q"
              name="q"
              type="search"
              defaultValue={q}
              className="mt-1 w-full rounded-md border border-ink/20 bg-white px-3 py-2"
            />
          </div>
          <button
            type="submit"
            className="rounded-md bg-ink px-4 py-2 font-semibold text-white hover:bg-ink/85"
          >
            {t("admin.search")}
          </button>
        </Form>
        {summary ? (
          <div className="mt-6">
            <ErrorSummary
              answer={failure}
              message={summary}
              fields={
                failedRow && reasonError ? [{ id: `reason-${failedRow.id}`, message: reasonError }] : []
              }
            />
          </div>
        ) : null}
        {certificates.length === 0 ? (
          <p className="mt-8 text-ink/75">{t("admin.empty")}</p>
        ) : (
          // A list of cards rather than a table: it stays within a 320 px screen in both languages.
          <ul className="mt-8 space-y-4" data-testid="admin-certificates">
            {certificates.map((row) => (
              <li key={row.id} className="rounded-xl border border-ink/10 bg-white p-4 shadow-sm">
                <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  <div className="min-w-0">
                    <dt className="text-ink/70">{t("admin.code")}</dt>
                    <dd className="font-mono font-semibold" dir="ltr">
                      <Link to={localize(`/certificates/verify/${row.code}`)} className="hover:underline">
                        {row.code}
                      </Link>
                    </dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-ink/70">{t("admin.holder")}</dt>
                    <dd className="break-words font-semibold">{row.holderName}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-ink/70">{t("admin.course")}</dt>
                    <dd className="break-words">{row.courseTitle}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-ink/70">{t("admin.issued")}</dt>
                    <dd>{row.issuedOn}</dd>
                  </div>
                </dl>
                <div className="mt-3 border-t border-ink/10 pt-3">
                  <RevokeRow row={row} failure={failure} />
                  <ReissueForm row={row} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}
