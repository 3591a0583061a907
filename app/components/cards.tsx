// Cards for courses, articles and case studies, shared by the home page and the list pages.
import { Link } from "react-router";
import type { CourseCategory } from "../courses/categories";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";

export type CourseCardView = {
  id: number;
  title: string;
  description: string;
  category: CourseCategory;
  priceLabel: string;
  isFree: boolean;
  image: string;
  instructorName: string;
  lessonCount: number;
  /** Optional so lists that do not carry ratings still render; shown once a course has reviews. */
  rating?: { average: number; count: number };
};

/**
 * A course's 16:9 picture, as on the course cards and the learner's enrolled courses. `priority` marks the
 * one a list shows first on a phone: it is often the page's largest paint, so it loads at once and early
 * instead of waiting for layout as lazy images do.
 */
export function CourseThumbnail({
  course,
  priority = false,
}: {
  course: Pick<CourseCardView, "image" | "title">;
  priority?: boolean;
}) {
  const { t } = useTranslation("catalog");
  return (
    <img
      src={course.image}
      alt={t("catalog:courses.thumbnailAlt", { title: course.title })}
      width="640"
      height="360"
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className="aspect-video w-full object-cover"
    />
  );
}

/** Cards sit under a page's h1 on list pages (h2) and under a section's h2 on the home page (h3). */
type HeadingLevel = 2 | 3;

export function CourseCard({
  course,
  headingLevel = 3,
  priority = false,
}: {
  course: CourseCardView;
  headingLevel?: HeadingLevel;
  /** The first card of a list at the top of a page (see CourseThumbnail). */
  priority?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useTranslation(["catalog", "common", "reviews"]);
  const localize = useLocalizePath();
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-ink/10 bg-white shadow-sm transition hover:shadow-md">
      <CourseThumbnail course={course} priority={priority} />
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-semibold text-coral-700">{t(`common:categories.${course.category}`)}</p>
        <Heading className="mt-1 text-lg font-semibold leading-snug">
          <Link to={localize(`/courses/${course.id}`)} className="hover:text-coral-700">
            {course.title}
          </Link>
        </Heading>
        <p className="mt-1 text-sm text-ink/70">{t("catalog:courses.by", { name: course.instructorName })}</p>
        {course.rating && course.rating.count > 0 ? (
          <p className="mt-1 flex items-center gap-1 text-sm" data-testid="course-rating">
            <span aria-hidden="true" className="text-amber-600">
              ★
            </span>
            <span aria-hidden="true" className="font-semibold">
              {course.rating.average.toFixed(1)}
            </span>
            <span aria-hidden="true" className="text-ink/70">
              ({course.rating.count})
            </span>
            <span className="sr-only">
              {t("reviews:cardRating", { count: course.rating.count, average: course.rating.average })}
            </span>
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between pt-4 text-sm">
          <span className="text-ink/70">{t("catalog:courses.lessons", { count: course.lessonCount })}</span>
          <span
            data-testid="course-price"
            className={`font-bold ${course.isFree ? "text-teal" : "text-ink"}`}
          >
            {course.priceLabel}
          </span>
        </div>
      </div>
    </article>
  );
}

export type BlogCardView = {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  cover: string | null;
  dateLabel: string;
};

export function BlogCard({ post, headingLevel = 3 }: { post: BlogCardView; headingLevel?: HeadingLevel }) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-ink/10 bg-white shadow-sm">
      {post.cover ? (
        <img
          src={post.cover}
          alt={t("blog.coverAlt", { title: post.title })}
          width="800"
          height="450"
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs text-ink/70">
          {post.dateLabel} · {post.author}
        </p>
        <Heading className="mt-2 text-lg font-semibold leading-snug">{post.title}</Heading>
        <p className="mt-2 text-sm text-ink/75">{post.excerpt}</p>
        <Link
          to={localize(`/blog/${post.id}`)}
          className="mt-auto pt-4 text-sm font-semibold text-coral-700 hover:underline"
        >
          {t("blog.readMore")}
        </Link>
      </div>
    </article>
  );
}

export type CaseStudyCardView = {
  id: number;
  title: string;
  clientName: string;
  sector: string | null;
  /** The result as plain text. */
  summary: string;
  images: { url: string; alt: string | null }[];
};

export function CaseStudyCard({
  item,
  headingLevel = 3,
}: {
  item: CaseStudyCardView;
  headingLevel?: HeadingLevel;
}) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  const cover = item.images[0];
  return (
    <article className="flex flex-col overflow-hidden rounded-xl bg-ink text-white shadow-sm">
      {cover ? (
        <img
          src={cover.url}
          alt={cover.alt ?? t("portfolio.imageAlt", { title: item.title, index: 1 })}
          width="800"
          height="600"
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold text-coral-300">
          {item.clientName}
          {item.sector ? ` · ${item.sector}` : ""}
        </p>
        <Heading className="mt-2 text-lg font-semibold leading-snug">{item.title}</Heading>
        <p className="mt-2 text-sm text-white/80">{item.summary}</p>
        <Link
          to={localize(`/portfolio/${item.id}`)}
          className="mt-auto pt-4 text-sm font-semibold text-coral-300 hover:underline"
        >
          {t("portfolio.view")}
        </Link>
      </div>
    </article>
  );
}
