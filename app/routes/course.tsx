// /courses/:id: a published course with its lesson outline (buying and enrolling arrive with commerce).
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getPublishedCourse } from "../courses/catalog.server";
import { useLocalizePath } from "../i18n/use-locale";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getDb } from "../middleware/database.server";
import type { Route } from "./+types/course";

export const handle = { i18n: ["catalog"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = pageContext(request, context);
  const course = id ? await getPublishedCourse(getDb(context), page.locale, id) : null;
  if (!course) throw new Response("Not Found", { status: 404 });
  const totalMinutes = course.lessons.reduce((sum, lesson) => sum + (lesson.durationMinutes ?? 0), 0);
  return {
    meta: page.meta(course.title, course.description.slice(0, 160), course.image),
    course: { ...course, priceLabel: page.price(course.price), isFree: course.price === 0 },
    totalMinutes,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["catalog", "common"]);
  const localize = useLocalizePath();
  const { course, totalMinutes } = loaderData;
  return (
    <article>
      <div className="bg-ink text-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 lg:grid-cols-[1fr_24rem]">
          <div>
            <Link to={localize("/courses")} className="text-sm font-semibold text-coral-300 hover:underline">
              {t("catalog:courses.back")}
            </Link>
            <p className="mt-4 text-sm font-semibold text-coral-300">
              {t(`common:categories.${course.category}`)}
            </p>
            <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{course.title}</h1>
            <p className="mt-4 max-w-3xl text-lg text-white/85">{course.description}</p>
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
              className="aspect-video w-full object-cover"
            />
            <dl className="grid grid-cols-2 gap-4 p-5 text-sm">
              <div>
                <dt className="text-ink/60">{t("catalog:courses.price")}</dt>
                <dd
                  className={`text-2xl font-bold ${course.isFree ? "text-teal" : ""}`}
                  data-testid="course-price"
                >
                  {course.priceLabel}
                </dd>
              </div>
              <div>
                <dt className="text-ink/60">{t("catalog:courses.totalDuration")}</dt>
                <dd className="text-lg font-semibold">
                  {t("catalog:courses.minutes", { count: totalMinutes })}
                </dd>
              </div>
              <div>
                <dt className="text-ink/60">{t("catalog:courses.instructor")}</dt>
                <dd className="font-semibold">{course.instructorName}</dd>
              </div>
              <div>
                <dt className="text-ink/60">{t("catalog:courses.category")}</dt>
                <dd className="font-semibold">{t(`common:categories.${course.category}`)}</dd>
              </div>
            </dl>
          </aside>
        </div>
      </div>
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
                <span className="text-sm text-ink/60">
                  {t("catalog:courses.minutes", { count: lesson.durationMinutes })}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
