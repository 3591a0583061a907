// /courses/:id: a course, its outline and the actions that fit the visitor: favourite, cart, enroll, go to course.
import { useRef } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import { canOpenCourse } from "../access/access.server";
import { getUser } from "../auth/guards.server";
import { safeRedirect } from "../auth/redirect";
import { certificateStatus } from "../certificates/status.server";
import { addToCart, getCartCourseIds, removeFromCart } from "../commerce/cart.server";
import { purchaseCourses } from "../commerce/enrollment.server";
import { purchaseRefusal } from "../commerce/refusals";
import { CertificatePanel } from "../components/certificate-panel";
import { EnhancedFormMarker } from "../components/enhanced-form-marker";
import { KEEPS_FOCUS, useKeepFocus } from "../components/keep-focus";
import { CourseProgressBar } from "../components/learning/progress-bar";
import { ReviewsSection } from "../components/reviews";
import { FreePreviews } from "../components/video/free-previews";
import { publicOrigin, readConfig } from "../config.server";
import { getCourseForViewer } from "../courses/catalog.server";
import { isFavorite, toggleFavorite } from "../courses/favorites.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { progressByCourse } from "../learning/progress.server";
import { fail, isEnhanced, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { formatMoney, toCurrencyUnits } from "../lib/money";
import { parseId, parsePage } from "../lib/params";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import { breadcrumbJsonLd, courseJsonLd, metaTags, withJsonLd } from "../lib/seo";
import { HideInput, mayHideReviews, REVIEW_PAGE_SIZE, ReplyInput, ReviewInput } from "../reviews/policy";
import {
  deleteOwnReview,
  getOwnReview,
  hideReview,
  listReviews,
  replyToReview,
  reviewEligibility,
  saveReview,
} from "../reviews/reviews.server";
import { toasts } from "../toast.server";
import { freePreviewVideos } from "../video/watch.server";
import type { Route } from "./+types/course";

export const handle = { i18n: ["catalog", "learning", "video", "certificates", "reviews"] };

/** The description's Markdown without its marks, for the meta description: links keep their text. */
function plainExcerpt(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>~|]/g, "")
    .replace(/^\s*[-+]\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = pageContext(request, context);
  const db = getDb(context);
  const user = getUser(context);
  // A published course is the same for every viewer, so it is kept in memory like the catalog's lists
  // (app/lib/public-reads.server.ts): a signed-in visitor's page view does not read it again. One that only
  // its trainer or an admin may see is read for them each time.
  const published = id
    ? await readPublic(context, "catalog", ["course", page.locale, id], () =>
        getCourseForViewer(db, page.locale, id, null),
      )
    : null;
  const course = published ?? (id && user ? await getCourseForViewer(db, page.locale, id, user) : null);
  if (!course) throw new Response("Not Found", { status: 404 });
  const [favorite, cart, access, previews, certificate] = await Promise.all([
    user ? isFavorite(db, user.id, course.id) : false,
    getCartCourseIds(db, request, user),
    canOpenCourse(db, user, course.id),
    // A published course's free previews are public too, kept with it; a draft's are read for whoever may see it.
    published
      ? readPublic(context, "catalog", ["course previews", course.id], () => freePreviewVideos(db, course.id))
      : freePreviewVideos(db, course.id),
    certificateStatus(db, user, course.id),
  ]);
  // The learner's progress (issue 9), for whoever may open the course.
  const progress = user && access ? (await progressByCourse(db, user.id, [course.id])).get(course.id) : null;
  const totalMinutes = course.lessons.reduce((sum, lesson) => sum + (lesson.durationMinutes ?? 0), 0);
  // Reviews (issue 13): admins also see hidden ones (with the reason); the page number is ?page=N.
  const reviewPage = parsePage(url);
  const canHide = mayHideReviews(user);
  const reviewQuery = { limit: REVIEW_PAGE_SIZE, offset: (reviewPage - 1) * REVIEW_PAGE_SIZE };
  const [reviewList, ownReview, refusal] = await Promise.all([
    // What everyone sees is kept like the course; an admin's list, with the hidden reviews, is read each time.
    canHide
      ? listReviews(db, page.locale, course.id, { ...reviewQuery, includeHidden: true })
      : readPublic(context, "catalog", ["course reviews", page.locale, course.id, reviewQuery], () =>
          listReviews(db, page.locale, course.id, reviewQuery),
        ),
    user ? getOwnReview(db, course.id, user.id) : null,
    user ? reviewEligibility(db, user, course) : "not_enrolled",
  ]);
  return {
    meta: courseMeta(page, course),
    course: { ...course, priceLabel: page.price(course.price), isFree: course.price === 0 },
    totalMinutes,
    certificate,
    reviews: {
      courseId: course.id,
      average: reviewList.average,
      count: reviewList.count,
      distribution: reviewList.distribution,
      items: reviewList.items,
      page: reviewPage,
      pages: Math.max(1, Math.ceil(reviewList.total / REVIEW_PAGE_SIZE)),
      own: ownReview,
      canReview: refusal === null,
      canReply: Boolean(user && user.id === course.trainerId),
      canHide,
    },
    previews: previews.map((preview) => ({
      lessonId: preview.lessonId,
      title: page.locale === "ar" && preview.titleAr ? preview.titleAr : preview.title,
      src: preview.video.src,
      embedUrl: preview.video.embedUrl,
    })),
    viewer: {
      signedIn: Boolean(user),
      isFavorite: favorite,
      inCart: cart.includes(course.id),
      canAccess: access,
      progress: progress ?? null,
      walletLabel: user ? formatMoney(user.walletBalance, page.locale, readConfig().currency) : null,
    },
  };
}

/** The page's tags with Course and BreadcrumbList JSON-LD (issue 13). */
function courseMeta(
  page: ReturnType<typeof pageContext>,
  course: NonNullable<Awaited<ReturnType<typeof getCourseForViewer>>>,
) {
  const meta = page.meta(course.title, plainExcerpt(course.description), course.image);
  const origin = publicOrigin();
  const at = (path: string) => origin + localizePath(path, page.locale);
  const currency = readConfig().currency;
  return withJsonLd(
    meta,
    courseJsonLd({
      name: course.title,
      description: meta.description,
      url: meta.canonical,
      image: meta.image,
      inLanguage: page.locale,
      provider: { name: page.t("brand.name"), url: `${origin}/` },
      price: String(toCurrencyUnits(course.price, currency)),
      currency,
      rating: course.rating,
    }),
    breadcrumbJsonLd([
      { name: page.t("nav.home"), url: at("/") },
      { name: page.t("nav.courses"), url: at("/courses") },
      { name: course.title, url: meta.canonical },
    ]),
  );
}

const CourseAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("favorite"), want: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("addToCart") }),
  z.object({ intent: z.literal("removeFromCart") }),
  z.object({ intent: z.literal("enroll") }),
  z.object({ intent: z.literal("review") }).passthrough(),
  z.object({ intent: z.literal("deleteReview") }),
  z.object({ intent: z.literal("reply"), reviewId: z.string() }).passthrough(),
  z.object({ intent: z.literal("hide"), reviewId: z.string() }).passthrough(),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("catalog");
  const db = getDb(context);
  const user = getUser(context);
  const id = parseId(params.id);
  const form = await readForm(request);
  const parsed = validateForm(form, CourseAction, t);
  // Forms elsewhere (e.g. /my-favorites) post here too and ask to come back to their own page.
  // Built from the parsed id, never the raw segment: a decoded `params.id` can hold characters no
  // Location header may carry.
  const back = safeRedirect(
    parsed.values.back,
    localizePath(id ? `/courses/${id}` : "/courses", page.locale),
  );
  if (!id || !parsed.ok) return fail(form, back, t("actions.invalid"), 400);
  const loginFirst = () =>
    toasts().redirectWithInfo(
      `${localizePath("/auth/login", page.locale)}?${new URLSearchParams({ redirectTo: back })}`,
      t("actions.loginFirst"),
    );

  switch (parsed.data.intent) {
    case "favorite": {
      if (!user) return isEnhanced(form) ? fail(form, back, t("actions.loginFirst"), 401) : loginFirst();
      const outcome = await toggleFavorite(db, user.id, id, parsed.data.want === "true");
      if (!outcome.ok) return fail(form, back, t("actions.unavailable"), 404);
      return succeed(form, back, t(outcome.favorited ? "actions.favorited" : "actions.unfavorited"), {
        favorited: outcome.favorited,
      });
    }
    case "addToCart":
    case "removeFromCart": {
      const change =
        parsed.data.intent === "addToCart"
          ? await addToCart(db, request, user, id)
          : await removeFromCart(db, request, user, id);
      if (!change.ok)
        return fail(
          form,
          back,
          t(`actions.cart_${change.reason}`),
          change.reason === "not_found" ? 404 : 409,
        );
      const adding = parsed.data.intent === "addToCart";
      const message = change.unchanged
        ? adding
          ? "actions.alreadyInCart"
          : "actions.notInCart"
        : adding
          ? "actions.addedToCart"
          : "actions.removedFromCart";
      const response = await succeed(form, back, t(message), { inCart: change.courseIds.includes(id) });
      if (change.setCookie) appendCookie(response, change.setCookie);
      return response;
    }
    case "review":
    case "deleteReview":
    case "reply":
    case "hide":
      return reviewAction(parsed.data.intent, form, id, back, page.tIn("reviews"), db, user, loginFirst);
    case "enroll": {
      if (!user) return loginFirst();
      const outcome = await purchaseCourses(db, user.id, [id]);
      if (!outcome.ok) {
        const refusal = purchaseRefusal(outcome, t, page.locale, readConfig().currency);
        return toasts().redirectWithError(back, refusal.message);
      }
      return toasts().redirectWithSuccess(
        localizePath(`/courses/${id}/learn`, page.locale),
        t("actions.enrolled"),
      );
    }
  }
}

/** The review forms (plain forms: Post/Redirect/Get with a toast, with or without JavaScript). */
async function reviewAction(
  intent: "review" | "deleteReview" | "reply" | "hide",
  form: FormData,
  courseId: number,
  back: string,
  t: (key: string) => string,
  db: ReturnType<typeof getDb>,
  user: ReturnType<typeof getUser>,
  loginFirst: () => Promise<Response>,
) {
  if (!user) return loginFirst();
  const fields = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const error = (key: string) => toasts().redirectWithError(back, t(key));
  const anchor = `${back}#reviews`;
  if (intent === "review") {
    const input = ReviewInput.safeParse(fields);
    if (!input.success) return error(input.error.issues[0]?.message ?? "errors.invalid");
    const outcome = await saveReview(db, user, courseId, input.data);
    if (!outcome.ok) return error(`errors.${outcome.reason}`);
    return toasts().redirectWithSuccess(anchor, t(outcome.created ? "saved" : "updated"));
  }
  if (intent === "deleteReview") {
    const outcome = await deleteOwnReview(db, user.id, courseId);
    if (!outcome.ok) return error("errors.noReview");
    return toasts().redirectWithSuccess(anchor, t("deleted"));
  }
  const reviewId = parseId(fields.reviewId);
  if (!reviewId) return error("errors.not_found");
  if (intent === "reply") {
    const input = ReplyInput.safeParse(fields);
    if (!input.success) return error(input.error.issues[0]?.message ?? "errors.invalid");
    const outcome = await replyToReview(db, user, courseId, reviewId, input.data);
    if (!outcome.ok) return error(`errors.${outcome.reason}`);
    return toasts().redirectWithSuccess(anchor, t("replied"));
  }
  const input = HideInput.safeParse(fields);
  if (!input.success) return error(input.error.issues[0]?.message ?? "errors.invalid");
  const outcome = await hideReview(db, user, courseId, reviewId, input.data);
  if (!outcome.ok) return error(`errors.${outcome.reason}`);
  return toasts().redirectWithSuccess(anchor, t("hiddenDone"));
}

/** Adds a Set-Cookie to either a Response or React Router's data() result. */
function appendCookie(result: Response | { init: ResponseInit | null }, cookie: string) {
  if (result instanceof Response) {
    result.headers.append("Set-Cookie", cookie);
    return;
  }
  const headers = new Headers(result.init?.headers);
  headers.append("Set-Cookie", cookie);
  result.init = { ...result.init, headers };
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

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
      {viewer.signedIn ? (
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

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["catalog", "common"]);
  const localize = useLocalizePath();
  const { course, totalMinutes } = loaderData;
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
                <dd className="font-semibold">{course.instructorName}</dd>
              </div>
              <div>
                <dt className="text-ink/70">{t("catalog:courses.category")}</dt>
                <dd className="font-semibold">{t(`common:categories.${course.category}`)}</dd>
              </div>
            </dl>
            <div className="border-t border-ink/10 p-5">
              <CourseActions loaderData={loaderData} />
            </div>
          </aside>
        </div>
      </div>
      <FreePreviews previews={loaderData.previews} />
      <section className="mx-auto max-w-3xl px-4 py-12" aria-labelledby="outline-heading">
        <h2 id="outline-heading" className="text-2xl font-bold">
          {t("catalog:courses.outline")}
        </h2>
        <p className="mt-1 text-ink/70">
          {t("catalog:courses.outlineLead")} {t("catalog:courses.lessons", { count: course.lessons.length })}
        </p>
        <ol
          className="mt-6 divide-y divide-ink/10 rounded-xl border border-ink/10"
          data-testid="lesson-outline"
        >
          {course.lessons.map((lesson) => (
            <li key={lesson.id} className="flex items-center gap-4 px-5 py-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-coral-100 text-sm font-bold text-coral-700">
                {lesson.position}
              </span>
              <span className="flex-1 font-medium">{lesson.title}</span>
              {lesson.durationMinutes ? (
                <span className="text-sm text-ink/70">
                  {t("catalog:courses.minutes", { count: lesson.durationMinutes })}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <ReviewsSection data={loaderData.reviews} pagePath={localize(`/courses/${course.id}`)} />
    </article>
  );
}
