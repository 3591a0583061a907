// A course's announcements as its learners see them on the course page and the learn page (issue 35):
// newest first, their HTML sanitized when posted, shown with dir="auto". Renders nothing when the viewer
// may not read them (the loader gives null) or there are none.
import { useTranslation } from "../../i18n/use-translation";

export type AnnouncementItem = { id: number; title: string; html: string; date: string };

export function CourseAnnouncements({ items }: { items: AnnouncementItem[] | null | undefined }) {
  const { t } = useTranslation("notifications");
  if (!items || items.length === 0) return null;
  // In the course page's body column, with the previews, the outline and the reviews.
  return (
    <section
      aria-labelledby="course-announcements-heading"
      className="mx-auto my-8 max-w-3xl px-4"
      data-testid="course-announcements"
    >
      <h2 id="course-announcements-heading" className="text-2xl font-bold">
        {t("announcements.title")}
      </h2>
      <ul className="mt-4 flex flex-col gap-4">
        {items.map((item) => (
          <li
            key={item.id}
            id={`announcement-${item.id}`}
            className="rounded-lg border border-ink/10 bg-white p-4"
            data-testid="announcement"
          >
            <h3 dir="auto" className="text-lg font-semibold">
              {item.title}
            </h3>
            <p className="text-sm text-ink/75">{t("announcements.postedOn", { date: item.date })}</p>
            <div
              dir="auto"
              className="prose mt-2 max-w-none"
              // Sanitized with an allowlist when the trainer posted it (app/lib/markdown.server.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on save.
              dangerouslySetInnerHTML={{ __html: item.html }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
