// Deleting an item, asked on a second screen (?confirm=delete) so it works without JavaScript too.
import { Form, Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

const sectionClass = "rounded-xl border border-ink/10 bg-white p-6 shadow-sm";

export function DeleteSection({
  title,
  confirm,
  cancelTo,
}: {
  title: string;
  confirm: boolean;
  cancelTo: string;
}) {
  const { t } = useTranslation("editorial");
  return (
    <section aria-labelledby="delete-heading" className={sectionClass}>
      <h2 id="delete-heading" className="text-xl font-bold">
        {t("delete.heading")}
      </h2>
      {confirm ? (
        <div
          role="alertdialog"
          aria-labelledby="delete-confirm-title"
          className="mt-3 rounded-md bg-red-50 p-4"
        >
          <p id="delete-confirm-title" className="font-semibold text-red-800">
            {t("delete.confirmTitle", { title })}
          </p>
          <p className="mt-1 text-sm text-red-800">{t("delete.confirmText")}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="delete"
                data-testid="confirm-delete"
                className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white"
              >
                {t("delete.confirm")}
              </button>
            </Form>
            <Link to={cancelTo} className="rounded-md border border-ink/20 px-4 py-2 text-sm font-semibold">
              {t("delete.cancel")}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink/75">{t("delete.explain")}</p>
          <Link
            to="?confirm=delete"
            data-testid="ask-delete"
            className="mt-3 inline-block text-sm font-semibold text-red-700 hover:underline"
          >
            {t("delete.ask")}
          </Link>
        </>
      )}
    </section>
  );
}
