// A thin bar at the very top while a navigation, submission or fetcher is in flight; deliberately no spinner.
import { useFetchers, useNavigation } from "react-router";
import { useTranslation } from "../i18n/use-translation";

export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("progress.loading")}
      aria-busy="true"
      data-testid="route-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1"
    >
      <div className="route-progress h-full bg-amber-300 shadow-[0_0_8px_rgba(252,211,77,0.8)]" />
    </div>
  );
}
