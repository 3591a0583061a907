// The course page's free-preview lessons: anyone may watch them. Local videos play in the native
// `<video controls preload="metadata">` (no player library: it works without JavaScript and costs no
// bytes), Vimeo videos in Vimeo's embed player.
import { useTranslation } from "../../i18n/use-translation";

export type FreePreviewView = {
  lessonId: number;
  title: string;
  src: string | null;
  embedUrl: string | null;
};

export function FreePreviews({ previews }: { previews: FreePreviewView[] }) {
  const { t } = useTranslation("video");
  if (previews.length === 0) return null;
  return (
    <section
      className="mx-auto max-w-3xl px-4 pt-12"
      aria-labelledby="preview-heading"
      data-testid="free-previews"
    >
      <h2 id="preview-heading" className="text-2xl font-bold">
        {t("course.previewHeading")}
      </h2>
      <p className="mt-1 text-ink/70">{t("course.previewIntro")}</p>
      <ul className="mt-6 space-y-8">
        {previews.map((preview) => (
          <li key={preview.lessonId}>
            <h3 className="mb-2 flex flex-wrap items-center gap-2 font-semibold">
              <bdi>{preview.title}</bdi>
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                {t("course.previewBadge")}
              </span>
            </h3>
            {preview.src ? (
              // biome-ignore lint/a11y/useMediaCaption: the demo and trainer videos come without caption tracks yet.
              <video
                controls
                preload="metadata"
                src={preview.src}
                className="aspect-video w-full rounded-xl bg-ink outline-offset-2 focus:outline-2 focus:outline-coral-600 focus-within:outline-2 focus-within:outline-coral-600"
                data-testid="preview-video"
              />
            ) : preview.embedUrl ? (
              <iframe
                src={preview.embedUrl}
                title={t("course.vimeoTitle", { title: preview.title })}
                allow="fullscreen; picture-in-picture"
                className="aspect-video w-full rounded-xl"
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
