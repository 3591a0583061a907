// /instructors/:id: a teacher's photo, name, bio and links, and their published courses as cards.
import { useTranslation } from "../../i18n/use-translation";
import { bioParagraphs, linkLabel } from "../../instructors/display";
import { CourseCard, type CourseCardView } from "../cards";
import { InstructorPhoto } from "./instructor-photo";

export type InstructorProfileView = {
  id: string;
  name: string;
  bio: string | null;
  avatarUrl: string | null;
  links: string[];
  courses: CourseCardView[];
};

export function InstructorProfilePage({ profile }: { profile: InstructorProfileView }) {
  const { t } = useTranslation("catalog");
  const paragraphs = bioParagraphs(profile.bio);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <InstructorPhoto
          name={profile.name}
          url={profile.avatarUrl}
          alt={t("instructors.photoAlt", { name: profile.name })}
          size="large"
        />
        <div>
          <p className="text-sm font-semibold text-coral-700">{t("instructors.eyebrow")}</p>
          <h1 className="mt-1 text-3xl font-bold" dir="auto" data-testid="instructor-name">
            {profile.name}
          </h1>
          <p className="mt-1 text-ink/70">
            {t("instructors.courseCount", { count: profile.courses.length })}
          </p>
        </div>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div
          className="max-w-3xl space-y-3 text-lg leading-relaxed lg:col-span-2"
          data-testid="instructor-bio"
        >
          {paragraphs.length > 0 ? (
            paragraphs.map((paragraph) => (
              <p key={paragraph} dir="auto" className="whitespace-pre-line">
                {paragraph}
              </p>
            ))
          ) : (
            <p className="text-ink/70">{t("instructors.noBio", { name: profile.name })}</p>
          )}
        </div>
        {profile.links.length > 0 ? (
          <nav
            aria-labelledby="instructor-links-heading"
            className="rounded-xl border border-ink/10 bg-white p-5"
          >
            <h2 id="instructor-links-heading" className="font-semibold">
              {t("instructors.links")}
            </h2>
            <ul className="mt-3 space-y-2" data-testid="instructor-links">
              {profile.links.map((link) => (
                <li key={link}>
                  {/* The teacher's own pages: rel=me says so; nofollow, since anyone teaching can add one. */}
                  <a
                    href={link}
                    rel="me nofollow noopener"
                    className="break-all text-teal-700 underline"
                    dir="ltr"
                  >
                    {linkLabel(link)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <section aria-labelledby="instructor-courses-heading" className="mt-12">
        <h2 id="instructor-courses-heading" className="text-2xl font-bold">
          {t("instructors.courses", { name: profile.name })}
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="instructor-courses">
          {profile.courses.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </div>
      </section>
    </div>
  );
}
