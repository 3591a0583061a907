// A course's learners in the studio (issue 32, item 7): name, enrolled date, lessons completed, and the best
// score in each quiz lesson with whether it passed.
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/instructor-learners";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";
import { EditorNav } from "./editor-nav";

type LoaderData = Route.ComponentProps["loaderData"];
const TABLE_BOX = "mt-6 overflow-x-auto rounded-xl border border-ink/10";

export function CourseLearnersPage({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("studio");
  const { course, learners, quizzes, lessonCount } = loaderData;
  const caption = t("learners.caption", { title: course.title });
  return (
    <>
      <PageIntro title={t("learners.title", { title: course.title })}>
        <EditorNav courseId={course.id} isPublished={course.isPublished} />
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h2 className="text-2xl font-bold">{t("learners.heading")}</h2>
        <p className="mt-2 text-ink/70" data-testid="learners-count">
          {t("learners.count", { count: loaderData.total })}
        </p>
        {learners.length === 0 ? (
          <p className="mt-6 text-ink/70" data-testid="no-learners">
            {t("learners.empty")}
          </p>
        ) : (
          <>
            {/* Scrolls sideways on a phone; focusable so keyboard users can scroll it too. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
            <section className={TABLE_BOX} tabIndex={0} aria-label={caption}>
              <table className="w-full text-sm" data-testid="learners">
                <caption className="sr-only">{caption}</caption>
                <thead className="bg-sand">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("learners.name")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("learners.enrolled")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start">
                      {t("learners.progress")}
                    </th>
                    {quizzes.map((quiz) => (
                      <th key={quiz.id} scope="col" className="px-3 py-2 text-start">
                        <bdi>{quiz.title}</bdi>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {learners.map((learner) => (
                    <tr key={learner.id} className="border-t border-ink/10" data-testid="learner">
                      <th scope="row" className="px-3 py-2 text-start font-semibold">
                        <bdi>{learner.name}</bdi>
                      </th>
                      <td className="px-3 py-2 whitespace-nowrap">{learner.enrolledAt}</td>
                      <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                        {t("learners.lessonsDone", { done: learner.completedLessons, total: lessonCount })}
                      </td>
                      {quizzes.map((quiz) => {
                        const score = learner.quizzes[quiz.id];
                        return (
                          <td
                            key={quiz.id}
                            className="px-3 py-2 whitespace-nowrap"
                            data-testid="learner-quiz"
                          >
                            {score ? (
                              <>
                                <span className="tabular-nums">
                                  {t("quiz.stats.percent", { value: score.best })}
                                </span>{" "}
                                <span
                                  className={`ms-1 rounded px-2 py-0.5 text-xs font-bold ${score.passed ? "bg-teal/15 text-teal-700" : "bg-amber-200 text-ink"}`}
                                >
                                  {t(score.passed ? "learners.passed" : "learners.notYet")}
                                </span>
                              </>
                            ) : (
                              <span className="text-ink/70">{t("learners.noAttempt")}</span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </div>
    </>
  );
}
