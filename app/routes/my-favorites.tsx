// /my-favorites: the courses a signed-in learner saved, each with a one-click way to remove it.
import { useRef } from "react";
import { useFetcher } from "react-router";
import { requireUser } from "../auth/guards.server";
import { CourseCard } from "../components/cards";
import { EmptyState } from "../components/empty-state";
import { EnhancedFormMarker } from "../components/enhanced-form-marker";
import { KEEPS_FOCUS, useKeepFocus } from "../components/keep-focus";
import { PageIntro } from "../components/page-intro";
import { courseCardView } from "../courses/catalog.server";
import { listFavoriteCourses } from "../courses/favorites.server";
import { getDb } from "../db/context";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/my-favorites";

export const handle = { i18n: ["auth", "catalog", "reviews"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const courses = await listFavoriteCourses(getDb(context), page.locale, user.id);
  return {
    meta: page.meta(page.t("auth:account.favoritesTitle"), page.t("auth:account.favoritesMeta")),
    courses: courses.map((card) => courseCardView(card, page.price)),
  };
}

export const shouldRevalidate = skipRevalidationAfterFailedRequest;

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

function Unfavorite({ courseId }: { courseId: number }) {
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  // Shares its key with the course page's toggle, so both show the same pending state.
  const fetcher = useFetcher({ key: `favorite-${courseId}` });
  return (
    <fetcher.Form method="post" action={localize(`/courses/${courseId}`)}>
      <EnhancedFormMarker />
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="want" value="false" />
      <input type="hidden" name="back" value={localize("/my-favorites")} />
      <button
        type="submit"
        {...KEEPS_FOCUS}
        className="w-full rounded-md border border-ink/15 px-3 py-2 text-sm font-semibold hover:bg-sand"
      >
        {t("actions.unfavorite")}
      </button>
    </fetcher.Form>
  );
}

export default function MyFavorites({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  // A removed favourite takes its button with it: the focus goes to the next one's, the previous one's, or the
  // empty state's link.
  const ref = useRef<HTMLDivElement>(null);
  useKeepFocus(ref);
  return (
    <>
      <PageIntro title={t("account.favoritesTitle")} />
      <div ref={ref} className="mx-auto max-w-7xl px-4 py-12">
        {loaderData.courses.length === 0 ? (
          <EmptyState message={t("account.favoritesEmpty")} />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="favorite-list">
            {loaderData.courses.map((course) => (
              <div key={course.id} className="flex flex-col gap-2">
                <CourseCard course={course} headingLevel={2} />
                <Unfavorite courseId={course.id} />
              </div>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
