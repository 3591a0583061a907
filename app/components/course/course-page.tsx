// The course page: what it sells, its actions (favorite, cart, enroll or continue), previews, reviews.
import { useRef } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/course";
import type { action } from "../../routes/course";
import { CertificatePanel } from "../certificate-panel";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { InstructorSummary } from "../instructors/instructor-summary";
import { KEEPS_FOCUS, useKeepFocus } from "../keep-focus";
import { CourseProgressBar } from "../learning/progress-bar";
import { CourseAnnouncements } from "../notifications/announcements";
import { ReviewsSection } from "../reviews";
import { FreePreviews } from "../video/free-previews";

type LoaderData = Route.ComponentProps["loaderData"];

function FavoriteButton({
  courseId,
  isFavorite,
  signedIn,
}: {
  courseId: number;
  isFavorite: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  const fetcher = useFetcher<typeof action>({ key: `favorite-${courseId}` });
  // Optimistic: while the request is in flight show what was asked for; afterwards the server's answer
  // (the revalidated loader) is the truth, so a refusal rolls the heart back by itself.
  const pending = fetcher.formData?.get("want");
  const favorite = pending ? pending === "true" : isFavorite;
  if (!signedIn) {
    return (
      <Link
        to={`${localize("/auth/login")}?${new URLSearchParams({ redirectTo: localize(`/courses/${courseId}`) })}`}
        className="flex items-center justify-center gap-2 rounded-md border border-ink/20 px-4 py-2.5 font-semibold hover:bg-sand"
      >
        <Heart filled={false} /> {t("actions.favorite")}
      </Link>
    );
  }
  return (
    <fetcher.Form method="post">
      <EnhancedFormMarker />
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="want" value={favorite ? "false" : "true"} />
      <button
        type="submit"
        aria-pressed={favorite}
        data-testid="favorite-toggle"
        className="flex w-full items-center justify-center gap-2 rounded-md border border-ink/20 px-4 py-2.5 font-semibold hover:bg-sand aria-pressed:border-coral-500 aria-pressed:text-coral-700"
      >
        <Heart filled={favorite} /> {favorite ? t("actions.favorited") : t("actions.favorite")}
      </button>
    </fetcher.Form>
  );
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`size-5 stroke-current stroke-2 ${filled ? "fill-current" : "fill-none"}`}
    >
      <path d="M12 21s-7.5-4.6-9.5-9.3C1 8 3.4 4.5 7 4.5c2 0 3.4 1 5 3 1.6-2 3-3 5-3 3.6 0 6 3.5 4.5 7.2C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

function CartButton({ courseId, inCart }: { courseId: number; inCart: boolean }) {
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  const fetcher = useFetcher<typeof action>({ key: `cart-${courseId}` });
  const pendingIntent = fetcher.formData?.get("intent");
  const showInCart = pendingIntent ? pendingIntent === "addToCart" : inCart;
  // "Add to cart" turns into "In cart" (and back): the focus follows to the control that took its place.
  const ref = useRef<HTMLDivElement>(null);
  useKeepFocus(ref);
  return (
    <div ref={ref}>
      {showInCart ? (
        <div className="flex items-center gap-2" data-testid="in-cart">
          <Link
            to={localize("/cart")}
            {...KEEPS_FOCUS}
            className="flex-1 rounded-md bg-ink px-4 py-2.5 text-center font-semibold text-white"
          >
            {t("actions.inCart")}
          </Link>
          <fetcher.Form method="post">
            <EnhancedFormMarker />
            <input type="hidden" name="intent" value="removeFromCart" />
            <button
              type="submit"
              {...KEEPS_FOCUS}
              className="rounded-md border border-ink/20 px-3 py-2.5 text-sm font-semibold hover:bg-sand"
            >
              {t("actions.remove")}
            </button>
          </fetcher.Form>
        </div>
      ) : (
        <fetcher.Form method="post">
          <EnhancedFormMarker />
          <input type="hidden" name="intent" value="addToCart" />
          <button
            type="submit"
            data-testid="add-to-cart"
            {...KEEPS_FOCUS}
            className="w-full rounded-md bg-ink px-4 py-2.5 font-semibold text-white hover:bg-ink/90"
          >
            {t("actions.addToCart")}
          </button>
        </fetcher.Form>
      )}
    </div>
  );
}

function CourseActions({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const { course, viewer } = loaderData;
  if (viewer.canAccess) {
    const lastLessonId = viewer.progress?.lastLessonId;
    return (
      <div className="space-y-3">
        {viewer.progress && viewer.progress.totalLessons > 0 ? (
          <CourseProgressBar
            completedLessons={viewer.progress.completedLessons}
            totalLessons={viewer.progress.totalLessons}
            percent={viewer.progress.percent}
          />
        ) : null}
        <Link
          to={localize(
            lastLessonId ? `/courses/${course.id}/learn/${lastLessonId}` : `/courses/${course.id}/learn`,
          )}
          data-testid="go-to-course"
          className="block rounded-md bg-coral-600 px-4 py-3 text-center font-semibold text-white hover:bg-coral-700"
        >
          {t("actions.goToCourse")}
        </Link>
        <FavoriteButton courseId={course.id} isFavorite={viewer.isFavorite} signedIn={viewer.signedIn} />
        <CertificatePanel
          status={loaderData.certificate}
          back={localize(`/courses/${course.id}`)}
          progressShownElsewhere={Boolean(viewer.progress && viewer.progress.totalLessons > 0)}
        />
      </div>
    );
  }
  const enrolling = navigation.formData?.get("intent") === "enroll";
  return (
    <div className="space-y-3">
      {viewer.signedIn && !course.isFree ? (
        // A paid course goes through the checkout's review step (issue 46): only its button charges.
        <div>
          <Link
            to={`${localize("/checkout")}?${new URLSearchParams({ course: String(course.id) })}`}
            data-testid="buy-now"
            className="block w-full rounded-md bg-coral-600 px-4 py-3 text-center font-semibold text-white hover:bg-coral-700"
          >
            {t("actions.buyNow", { price: course.priceLabel })}
          </Link>
          {viewer.walletLabel ? (
            <p className="mt-1 text-center text-xs text-ink/70">
              {t("actions.walletBalance", { balance: viewer.walletLabel })}
            </p>
          ) : null}
        </div>
      ) : viewer.signedIn ? (
        <Form method="post">
          <input type="hidden" name="intent" value="enroll" />
          <button
            type="submit"
            disabled={enrolling}
            data-testid="enroll"
            className="w-full rounded-md bg-coral-600 px-4 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {course.isFree ? t("actions.enrollFree") : t("actions.buyNow", { price: course.priceLabel })}
          </button>
          {!course.isFree && viewer.walletLabel ? (
            <p className="mt-1 text-center text-xs text-ink/70">
              {t("actions.walletBalance", { balance: viewer.walletLabel })}
            </p>
          ) : null}
        </Form>
      ) : (
        <Link
          to={`${localize("/auth/login")}?${new URLSearchParams({ redirectTo: localize(`/courses/${course.id}`) })}`}
          className="block rounded-md bg-coral-600 px-4 py-3 text-center font-semibold text-white hover:bg-coral-700"
        >
          {course.isFree ? t("actions.enrollFree") : t("actions.loginToBuy")}
        </Link>
      )}
      {course.isFree ? null : <CartButton courseId={course.id} inCart={viewer.inCart} />}
      <FavoriteButton courseId={course.id} isFavorite={viewer.isFavorite} signedIn={viewer.signedIn} />
    </div>
  );
}

export function CoursePage({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation(["catalog", "common"]);
  const localize = useLocalizePath();
  const { course, totalMinutes } = loaderData;
  // The ticks of a learner who may open the course (issue 32: each section says how much of it is done).
  const completed = loaderData.viewer.progress
    ? new Set(loaderData.viewer.progress.completedLessonIds)
    : null;
  return (
    <article>
      <div className="bg-ink text-white">
        <div className="mx-auto grid *:min-w-0 max-w-7xl gap-8 px-4 py-12 lg:grid-cols-[1fr_24rem]">
          <div>
            <Link to={localize("/courses")} className="text-sm font-semibold text-coral-300 hover:underline">
              {t("catalog:courses.back")}
            </Link>
            {course.isPublished ? null : (
              <p className="mt-4 inline-block rounded bg-amber-300 px-2 py-0.5 text-xs font-bold text-ink">
                {t("catalog:courses.draft")}
              </p>
            )}
            <p className="mt-4 text-sm font-semibold text-coral-300">
              {t(`common:categories.${course.category}`)}
            </p>
            <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{course.title}</h1>
            <div
              className="course-description mt-4 max-w-3xl space-y-3 text-lg text-white/85"
              data-testid="course-description"
              // Rendered from Markdown and sanitized with an allowlist when the trainer saved it.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized at save time, see markdown.server.ts
              dangerouslySetInnerHTML={{ __html: course.descriptionHtml }}
            />
            <p className="mt-4 text-sm text-white/75">
              {t("catalog:courses.by", { name: course.instructorName })}
            </p>
          </div>
          <aside className="overflow-hidden rounded-xl bg-white text-ink shadow-lg">
            <img
              src={course.image}
              alt={t("catalog:courses.thumbnailAlt", { title: course.title })}
              width="640"
              height="360"
              // The largest paint of the page on a phone: fetch it before the fonts and scripts.
              fetchPriority="high"
              className="aspect-video w-full object-cover"
            />
            <dl className="grid grid-cols-2 gap-4 p-5 text-sm">
              <div>
                <dt className="text-ink/70">{t("catalog:courses.price")}</dt>
                <dd
                  className={`text-2xl font-bold ${course.isFree ? "text-teal" : ""}`}
                  data-testid="course-price"
                >
                  {course.priceLabel}
                </dd>
              </div>
              <div>
                <dt className="text-ink/70">{t("catalog:courses.totalDuration")}</dt>
                <dd className="text-lg font-semibold">
                  {t("catalog:courses.minutes", { count: totalMinutes })}
                </dd>
              </div>
              <div>
                <dt className="text-ink/70">{t("catalog:courses.instructor")}</dt>
                <dd className="font-semibold">
                  <Link
                    to={localize(`/instructors/${course.instructor.id}`)}
                    className="underline hover:text-coral-700"
                  >
                    {course.instructorName}
                  </Link>
                </dd>
              </div>
              <div>
                <dt className="text-ink/70">{t("catalog:courses.category")}</dt>
                <dd className="font-semibold">{t(`common:categories.${course.category}`)}</dd>
              </div>
              <div>
                <dt className="text-ink/70">{t("catalog:courses.taughtIn")}</dt>
                <dd className="font-semibold" data-testid="course-languages">
                  {course.languages
                    .map((language) => t(`catalog:courses.languageNames.${language}`))
                    .join(t("catalog:courses.listSeparator"))}
                </dd>
              </div>
              <div>
                <dt className="text-ink/70">{t("catalog:courses.learners")}</dt>
                <dd className="font-semibold tabular-nums" data-testid="course-learners">
                  {t("catalog:courses.learnerCount", { count: course.learnerCount })}
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-ink/70">{t("catalog:courses.updated")}</dt>
                <dd className="font-semibold" data-testid="course-updated">
                  {course.updatedLabel}
                </dd>
              </div>
            </dl>
            <div className="border-t border-ink/10 p-5">
              <CourseActions loaderData={loaderData} />
            </div>
          </aside>
        </div>
      </div>
      <CourseAnnouncements items={loaderData.announcements} />
      <DecisionLists
        outcomes={course.outcomes}
        requirements={course.requirements}
        audience={course.audience}
      />
      <InstructorSummary instructor={course.instructor} />
      <FreePreviews previews={loaderData.previews} />
      <section className="mx-auto max-w-3xl px-4 py-12" aria-labelledby="outline-heading">
        <h2 id="outline-heading" className="text-2xl font-bold">
          {t("catalog:courses.outline")}
        </h2>
        <p className="mt-1 text-ink/70">
          {t("catalog:courses.outlineLead")} {t("catalog:courses.lessons", { count: course.lessons.length })}
        </p>
        <div className="mt-6 space-y-6" data-testid="lesson-outline">
          {course.sections.map((section) => {
            const sectionLessons = course.lessons.filter((lesson) => lesson.sectionId === section.id);
            if (sectionLessons.length === 0) return null;
            const done = completed
              ? sectionLessons.filter((lesson) => completed.has(lesson.id)).length
              : null;
            return (
              <section
                key={section.id}
                aria-labelledby={`outline-section-${section.id}`}
                data-testid="outline-section"
              >
                <h3
                  id={`outline-section-${section.id}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 text-lg font-bold"
                >
                  <bdi>{section.title}</bdi>
                  <span className="text-sm font-semibold text-ink/70" data-testid="outline-section-progress">
                    {done === null
                      ? t("catalog:courses.lessons", { count: sectionLessons.length })
                      : t("catalog:courses.sectionDone", { done, total: sectionLessons.length })}
                  </span>
                </h3>
                <ol className="mt-3 divide-y divide-ink/10 rounded-xl border border-ink/10">
                  {sectionLessons.map((lesson) => (
                    <li
                      key={lesson.id}
                      className="flex items-center gap-4 px-5 py-4"
                      data-completed={completed ? completed.has(lesson.id) : undefined}
                    >
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-coral-100 text-sm font-bold text-coral-700">
                        {lesson.position}
                      </span>
                      <span className="flex-1 font-medium">
                        {lesson.title}
                        {lesson.kind === "video" ? null : (
                          <span className="block text-xs font-normal text-ink/70">
                            {t(`catalog:courses.kinds.${lesson.kind}`)}
                          </span>
                        )}
                        {completed?.has(lesson.id) ? (
                          <span className="block text-xs font-semibold text-teal-700">
                            {t("catalog:courses.lessonDone")}
                          </span>
                        ) : null}
                      </span>
                      {lesson.durationMinutes ? (
                        <span className="text-sm text-ink/70">
                          {t("catalog:courses.minutes", { count: lesson.durationMinutes })}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </section>
            );
          })}
        </div>
      </section>
      <ReviewsSection data={loaderData.reviews} pagePath={localize(`/courses/${course.id}`)} />
    </article>
  );
}

/**
 * What the course teaches, what it asks first and whom it is for (issue 50, item 2), in the body column; a
 * list the trainer left empty is not shown.
 */
function DecisionLists({
  outcomes,
  requirements,
  audience,
}: {
  outcomes: string[];
  requirements: string[];
  audience: string[];
}) {
  const { t } = useTranslation("catalog");
  const lists = [
    { id: "outcomes", items: outcomes, heading: t("courses.outcomes"), mark: "✓" },
    { id: "requirements", items: requirements, heading: t("courses.requirements"), mark: "•" },
    { id: "audience", items: audience, heading: t("courses.audience"), mark: "•" },
  ].filter((list) => list.items.length > 0);
  if (lists.length === 0) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 pt-12">
      {lists.map((list) => (
        <section
          key={list.id}
          aria-labelledby={`course-${list.id}-heading`}
          data-testid={`course-${list.id}`}
        >
          <h2 id={`course-${list.id}-heading`} className="text-2xl font-bold">
            {list.heading}
          </h2>
          <ul className={`mt-4 grid gap-2 ${list.id === "outcomes" ? "sm:grid-cols-2" : ""}`}>
            {list.items.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="font-bold text-teal-700">
                  {list.mark}
                </span>
                <span dir="auto">{item}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
