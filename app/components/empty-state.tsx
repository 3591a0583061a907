// The "nothing here yet" block of the learner's pages: one sentence and the way to the catalog.
import { Link } from "react-router";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { KEEPS_FOCUS } from "./keep-focus";

export function EmptyState({ message }: { message: string }) {
  const { t } = useTranslation("auth");
  const localize = useLocalizePath();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="empty-state">
      <p className="text-lg text-ink/75">{message}</p>
      <Link
        to={localize("/courses")}
        // Where the focus goes when a list's last entry is removed (keep-focus.ts).
        {...KEEPS_FOCUS}
        className="mt-6 inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700"
      >
        {t("account.browse")}
      </Link>
    </div>
  );
}
