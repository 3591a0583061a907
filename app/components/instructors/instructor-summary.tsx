// The course page's "About the instructor": photo, name, the bio's first paragraph, and the way to the
// whole profile (/instructors/:id).

import { Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { bioParagraphs } from "../../instructors/display";
import { InstructorPhoto } from "./instructor-photo";

export function InstructorSummary({
  instructor,
}: {
  instructor: { id: string; name: string; bio: string | null; avatarUrl: string | null };
}) {
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  const [first] = bioParagraphs(instructor.bio);
  return (
    <section
      className="mx-auto max-w-3xl px-4 pt-12"
      aria-labelledby="course-instructor-heading"
      data-testid="course-instructor"
    >
      <h2 id="course-instructor-heading" className="text-2xl font-bold">
        {t("instructors.about")}
      </h2>
      <div className="mt-4 flex gap-4">
        <InstructorPhoto
          name={instructor.name}
          url={instructor.avatarUrl}
          alt={t("instructors.photoAlt", { name: instructor.name })}
          size="small"
        />
        <div>
          <p className="text-lg font-semibold" dir="auto">
            {instructor.name}
          </p>
          {first ? (
            <p className="mt-1 line-clamp-4 text-ink/80" dir="auto">
              {first}
            </p>
          ) : null}
          <Link
            to={localize(`/instructors/${instructor.id}`)}
            className="mt-2 inline-block font-semibold text-teal-700 underline"
            data-testid="instructor-profile-link"
          >
            {t("instructors.viewProfile", { name: instructor.name })}
          </Link>
        </div>
      </div>
    </section>
  );
}
