// /courses/:id: a course, its outline and the actions that fit the visitor: favourite, cart, enroll, go to course.
import { redirect } from "react-router";
import { z } from "zod";
import { hasCourseAccess } from "../access/policy";
import { announcementsForPage } from "../announcements/announcements.server";
import { getUser } from "../auth/guards.server";
import { safeRedirect } from "../auth/redirect";
import { certificateStatusOf } from "../certificates/status";
import { addToCart, getCartCourseIds, removeFromCart } from "../commerce/cart.server";
import { purchaseCourses } from "../commerce/enrollment.server";
import { purchaseRefusal } from "../commerce/refusals";
import { CoursePage } from "../components/course/course-page";
import { publicOrigin, readConfig } from "../config.server";
import { getCourseForViewer } from "../courses/catalog.server";
import { readCourseViewerFacts } from "../courses/course-viewer.server";
import { toggleFavorite } from "../courses/favorites.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { progressPercent } from "../learning/policy";
import { fail, isEnhanced, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { formFields, readForm, validateForm } from "../lib/forms.server";
import { formatMoney, toCurrencyUnits } from "../lib/money";
import { parseId, parsePage } from "../lib/params";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import { breadcrumbJsonLd, courseJsonLd, metaTags, withJsonLd } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { isPaidCourse } from "../orders/checkout.server";
import {
  HideInput,
  mayHideReviews,
  REVIEW_PAGE_SIZE,
  ReplyInput,
  ReviewInput,
  reviewRefusal,
} from "../reviews/policy";
import {
  deleteOwnReview,
  hideReview,
  listReviews,
  replyToReview,
  saveReview,
} from "../reviews/reviews.server";
import { freePreviewVideos } from "../video/watch.server";
import type { Route } from "./+types/course";
export const handle = { i18n: ["catalog", "learning", "video", "certificates", "reviews", "notifications"] };

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
  // A signed-in visitor's own standing (favourite, cart, enrollment, progress, certificate, review) in one
  // statement; each domain's pure rule judges it. A guest has none but the cart in their cookie.
  const [facts, guestCart, previews] = await Promise.all([
    user ? readCourseViewerFacts(db, user.id, course.id) : null,
    user ? ([] as number[]) : getCartCourseIds(db, request, null),
    // A published course's free previews are public too, kept with it; a draft's are read for whoever may see it.
    published
      ? readPublic(context, "catalog", ["course previews", course.id], () => freePreviewVideos(db, course.id))
      : freePreviewVideos(db, course.id),
  ]);
  const access = facts !== null && hasCourseAccess(user, facts.standing);
  const certificate = facts
    ? certificateStatusOf(course.id, facts.certificate, {
        enrolled: facts.standing.enrolled,
        ...facts.completion,
      })
    : null;
  // The learner's progress (issue 9), for whoever may open the course.
  const progress =
    facts && access
      ? {
          ...facts.completion,
          percent: progressPercent(facts.completion.completedLessons, facts.completion.totalLessons),
        }
      : null;
  const totalMinutes = course.lessons.reduce((sum, lesson) => sum + (lesson.durationMinutes ?? 0), 0);
  // Reviews (issue 13): admins also see hidden ones (with the reason); the page number is ?page=N.
  const reviewPage = parsePage(url);
  const canHide = mayHideReviews(user);
  const reviewQuery = { limit: REVIEW_PAGE_SIZE, offset: (reviewPage - 1) * REVIEW_PAGE_SIZE };
  // What everyone sees is kept like the course; an admin's list, with the hidden reviews, is read each time.
  const reviewList = canHide
    ? await listReviews(db, page.locale, course.id, { ...reviewQuery, includeHidden: true })
    : await readPublic(context, "catalog", ["course reviews", page.locale, course.id, reviewQuery], () =>
        listReviews(db, page.locale, course.id, reviewQuery),
      );
  const ownReview = facts?.ownReview ?? null;
  const refusal =
    user && facts
      ? reviewRefusal({
          role: user.role,
          isEnrolled: facts.standing.enrolled,
          isCourseTrainer: user.id === course.trainerId,
        })
      : "not_enrolled";
  return {
    meta: courseMeta(page, course),
    course: {
      ...course,
      priceLabel: page.price(course.price),
      isFree: course.price === 0,
      updatedLabel: page.date(course.updatedAt.toISOString()),
    },
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
    announcements:
      user && access ? await announcementsForPage(db, user, course.id, page.locale, page.date) : null,
    previews: previews.map((preview) => ({
      lessonId: preview.lessonId,
      title: page.locale === "ar" && preview.titleAr ? preview.titleAr : preview.title,
      src: preview.video.src,
      embedUrl: preview.video.embedUrl,
    })),
    viewer: {
      signedIn: Boolean(user),
      isFavorite: facts?.favorite ?? false,
      inCart: facts ? facts.inCart : guestCart.includes(course.id),
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
      // A paid course is bought on the checkout's review page (issue 46); only free ones enroll here.
      if (await isPaidCourse(db, id))
        return redirect(
          `${localizePath("/checkout", page.locale)}?${new URLSearchParams({ course: String(id) })}`,
        );
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
  const fields = formFields(form);
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
    const outcome = await deleteOwnReview(db, user, courseId);
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

export default function CoursePageRoute({ loaderData }: Route.ComponentProps) {
  return <CoursePage loaderData={loaderData} />;
}
