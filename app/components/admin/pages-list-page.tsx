// The agency's pages for admins (issue 49): the built-in pages and the landing pages with their state, and a
// plain form that creates a landing page.
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { PageStatus } from "../../pages/policy";
import { ErrorSummary } from "../error-summary";
import { PageIntro } from "../page-intro";

export type PagesListProps = {
  loaderData: {
    pages: { slug: string; title: string; builtIn: boolean; status: PageStatus; updated: string | null }[];
  };
  actionData?: { errors: Record<string, string>; values: Record<string, string>; message: string };
};

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border px-3 py-2 ${invalid ? "border-red-600" : "border-ink/20"} focus:border-coral-500`;

export function PagesListPage({ loaderData, actionData }: PagesListProps) {
  const { t } = useTranslation("site");
  const localize = useLocalizePath();
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const field = (name: "slug" | "title" | "titleAr", lang: "en" | "ar" | undefined, dir: "ltr" | "rtl") => (
    <div lang={lang}>
      <label htmlFor={`new-page-${name}`} className="block text-sm font-semibold">
        {t(`editor.new.${name}`)}
      </label>
      <input
        id={`new-page-${name}`}
        name={name}
        dir={dir}
        defaultValue={values[name] ?? ""}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `new-page-${name}-error` : undefined}
        className={inputClass(Boolean(errors[name]))}
      />
      {errors[name] ? (
        <p id={`new-page-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <>
      <PageIntro width="5xl" title={t("editor.listTitle")} lead={t("editor.listLead")} />
      <div className="mx-auto max-w-5xl px-4 py-10">
        <table className="w-full text-start text-sm">
          <thead>
            <tr className="border-b border-ink/15 text-start">
              <th scope="col" className="py-2 text-start">
                {t("editor.columns.title")}
              </th>
              <th scope="col" className="py-2 text-start">
                {t("editor.columns.address")}
              </th>
              <th scope="col" className="py-2 text-start">
                {t("editor.columns.status")}
              </th>
              <th scope="col" className="py-2 text-start">
                {t("editor.columns.updated")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.pages.map((page) => (
              <tr key={page.slug} className="border-b border-ink/10" data-testid={`page-row-${page.slug}`}>
                <td className="py-2 pe-3">
                  <Link
                    to={localize(`/dashboard/admin/pages/${page.slug}`)}
                    className="font-semibold text-coral-700 underline"
                    dir="auto"
                  >
                    {page.title}
                  </Link>
                </td>
                <td className="py-2 pe-3" dir="ltr">
                  {page.builtIn ? t("editor.builtIn") : `/p/${page.slug}`}
                </td>
                <td className="py-2 pe-3">{t(`editor.statusShort.${page.status}`)}</td>
                <td className="py-2">{page.updated ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <section aria-labelledby="new-page-heading" className="mt-12 rounded-xl border border-ink/10 p-5">
          <h2 id="new-page-heading" className="text-xl font-bold">
            {t("editor.new.heading")}
          </h2>
          <Form method="post" noValidate className="mt-4 space-y-4">
            {actionData ? <ErrorSummary answer={actionData} message={actionData.message} /> : null}
            {field("slug", undefined, "ltr")}
            <p className="text-sm text-ink/70">{t("editor.new.slugHint")}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {field("title", "en", "ltr")}
              {field("titleAr", "ar", "rtl")}
            </div>
            <button
              type="submit"
              className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            >
              {t("editor.new.create")}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
