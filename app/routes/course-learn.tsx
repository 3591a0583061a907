// /courses/:id/learn/:lessonId: one lesson of a course for those who may open it (app/access/policy.ts:
// enrolled learners, the course's trainer, admins) — its video, its notes, the curriculum with ticks,
// previous/next and "Mark as complete" — and a free-preview lesson for everyone, guests included, with
// nothing recorded. /courses/:id/learn (the same module, route id "course-learn") sends the learner on to
// the lesson they touched last, or the first.
import { redirect } from "react-router";
import { z } from "zod";
import type { Viewer } from "../access/roles";
import { announcementsForPage } from "../announcements/announcements.server";
import { getUser, loginRedirect, requireUser } from "../auth/guards.server";
import { certificateStatus } from "../certificates/status.server";
import { CourseLearn } from "../components/learning/learn-page";
import { CourseAnnouncements } from "../components/notifications/announcements";
import type { Database } from "../db/client.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { openLesson } from "../learning/lesson.server";
import { offlineDownloads } from "../learning/offline.server";
import { openedToken, readOpenedToken } from "../learning/opened-token.server";
import { recordProgress } from "../learning/progress.server";
import { fail, isEnhanced, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { lessonQaPanel } from "../qa/qa.server";
import { quizOverview } from "../quizzes/overview.server";
import { readQualityChoice, rememberQualityChoice } from "../video/quality-choice.server";
import { QUALITY_CHOICES } from "../video/renditions";
import type { Route } from "./+types/course-learn";
export const handle = { i18n: ["learning", "certificates", "qa", "notifications"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = getUser(context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const courseId = parseId(params.id);
  const askedLesson = params.lessonId === undefined ? null : parseId(params.lessonId);
  if (courseId === null || (params.lessonId !== undefined && askedLesson === null)) {
    throw new Response("Not Found", { status: 404 });
  }
  const result = await openLesson(db, user, page.locale, courseId, askedLesson);
  if (!result.ok) {
    if (result.reason === "sign_in") throw loginRedirect(request);
    // A draft stays invisible to those who may not open it; a published course says why it is closed.
    throw new Response(result.reason === "forbidden" ? "Forbidden" : "Not Found", {
      status: result.reason === "forbidden" ? 403 : 404,
    });
  }
  const { opened } = result;
  if (askedLesson === null && opened) {
    throw redirect(localizePath(`/courses/${courseId}/learn/${opened.lesson.id}`, page.locale));
  }
  return {
    meta: opened
      ? page.meta(
          `${opened.lesson.title} · ${opened.course.title}`,
          page.t("learning:meta.description", { lesson: opened.lesson.title, course: opened.course.title }),
        )
      : page.meta(
          result.courseTitle,
          page.t("learning:meta.courseDescription", { course: result.courseTitle }),
        ),
    courseId,
    courseTitle: result.courseTitle,
    opened,
    certificate: opened?.preview ? null : await certificateStatus(db, user, courseId),
    quiz: opened?.lesson.kind === "quiz" ? await quizPanelData(db, user, courseId, opened.lesson.id) : null,
    qa:
      opened && !opened.preview
        ? await lessonQaPanel(db, user, page.locale, courseId, opened.lesson.id)
        : null,
    // When this page was opened, signed: "Mark as complete" without JavaScript has no positions to show.
    openedToken: user && opened && !opened.preview ? openedToken(user.id, opened.lesson.id) : null,
    announcements: user ? await announcementsForPage(db, user, courseId, page.locale, page.date) : null,
    /** The lesson's files for offline, behind signed links; null for previews and those without the course. */
    offline: opened && !opened.preview ? await offlineList(db, user, courseId, opened.lesson.id) : null,
    /** The learner's quality choice for this browser; the player weighs it with Save-Data (decision 058). */
    qualityChoice: await readQualityChoice(request),
  };
}

async function offlineList(db: Database, user: Viewer, courseId: number, lessonId: number) {
  const result = await offlineDownloads(db, user, courseId, lessonId);
  if (!result.ok) return null;
  const { files, preparing, remaining, dailyLimit } = result.downloads;
  // No panel where nothing can be downloaded, now or once a video's light copy is ready (an article, a quiz).
  if (files.length === 0 && !preparing) return null;
  return { files, remaining, dailyLimit };
}

/** A quiz lesson's overview for its panel, dates as text; null when the quiz cannot be taken now. */
async function quizPanelData(db: Database, user: Viewer, courseId: number, lessonId: number) {
  const result = await quizOverview(db, user, courseId, lessonId);
  if (!result.ok) return null;
  const { overview } = result;
  return {
    ...overview,
    list: {
      ...overview.list,
      attempts: overview.list.attempts.map((attempt) => ({
        id: attempt.id,
        number: attempt.number,
        submittedAt: attempt.submittedAt?.toISOString() ?? null,
        scorePercent: attempt.scorePercent,
        passed: attempt.passed,
      })),
    },
  };
}

/**
 * The page's forms: "Mark as complete" / "mark as not complete", and the player's quality picker (decision
 * 058), which is remembered for this browser, guests' previews included.
 */
const LearnAction = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["complete", "incomplete"]),
    /** The signed time the page was opened (app/learning/opened-token.server.ts), checked when read. */
    opened: z.string().optional(),
  }),
  z.object({ intent: z.literal("quality"), quality: z.enum(QUALITY_CHOICES) }),
]);

/** "Mark as complete" and "mark as not complete": a plain form without JS, a fetcher with it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("learning");
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  const form = await readForm(request);
  const back = localizePath(
    courseId && lessonId ? `/courses/${courseId}/learn/${lessonId}` : "/my-enrollments",
    page.locale,
  );
  const parsed = validateForm(form, LearnAction, t);
  // Choosing a quality needs no account: a bad one is invalid, for a guest on a free preview too.
  if (!parsed.ok && parsed.values.intent === "quality") return fail(form, back, t("errors.invalid"), 400);
  if (parsed.ok && parsed.data.intent === "quality") {
    const { quality } = parsed.data;
    const remember = { "Set-Cookie": await rememberQualityChoice(quality) };
    return succeed(form, `${back}#player`, t(`player.quality.saved.${quality}`), {}, remember);
  }
  const user = getUser(context);
  if (!user) {
    if (isEnhanced(form)) return fail(form, back, t("errors.loginFirst"), 401);
    requireUser(request, context);
  }
  if (!user || courseId === null || lessonId === null) throw new Response("Not Found", { status: 404 });
  if (!parsed.ok || parsed.data.intent === "quality") return fail(form, back, t("errors.invalid"), 400);
  const completed = parsed.data.intent === "complete";
  const openedAt = readOpenedToken(parsed.data.opened ?? null, user.id, lessonId) ?? undefined;
  const outcome = await recordProgress(getDb(context), user, courseId, lessonId, { completed, openedAt });
  if (!outcome.ok) {
    if (outcome.reason === "forbidden") return fail(form, back, t("errors.forbidden"), 403);
    if (outcome.reason === "not_watched") return fail(form, back, t("complete.notWatched"), 409);
    // A quiz completes by being passed, never by hand.
    if (outcome.reason === "quiz_lesson") return fail(form, back, t("complete.quizLesson"), 409);
    // An unknown lesson has no page to go back to.
    if (!isEnhanced(form)) throw new Response("Not Found", { status: 404 });
    return fail(form, back, t("errors.notFound"), 404);
  }
  // The last lesson: the certificate was issued with it (issue 50), and the toast says so.
  const message = outcome.certificateIssued
    ? page.t("mylearning:certificateIssued")
    : t(completed ? "complete.marked" : "complete.unmarked");
  return succeed(form, back, message, {
    completed: outcome.progress.completed,
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CourseLearnRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <CourseLearn loaderData={loaderData} />
      <CourseAnnouncements items={loaderData.announcements} />
    </>
  );
}
