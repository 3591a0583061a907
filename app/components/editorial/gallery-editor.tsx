// A case study's gallery: upload several images at once, then reorder (up/down), remove and describe them
// (alt text in both languages). Each button is a submit of one plain form, so it all works without JS.
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

export type GalleryView = { key: string; url: string; publicId: string; alt: string; altAr: string }[];

export function GalleryEditor({
  images,
  maxImages,
  maxPerUpload,
  galleryError,
}: {
  images: GalleryView;
  maxImages: number;
  maxPerUpload: number;
  /** A refused upload, move, removal or description, shown above the gallery. */
  galleryError?: string;
}) {
  const { t } = useTranslation("editorial");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const full = images.length >= maxImages;
  return (
    <section
      aria-labelledby="gallery-heading"
      className="rounded-xl border border-ink/10 bg-white p-6 shadow-sm"
      data-testid="gallery-editor"
    >
      <h2 id="gallery-heading" className="text-xl font-bold">
        {t("gallery.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink/70">
        {t("gallery.count", { count: images.length, max: maxImages })}
      </p>
      {galleryError ? (
        <p
          role="alert"
          className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800"
          data-testid="gallery-error"
        >
          {galleryError}
        </p>
      ) : null}
      {images.length > 0 ? (
        <Form method="post" className="mt-4 space-y-4" data-testid="gallery-form">
          <input type="hidden" name="intent" value="gallery" />
          <ol className="space-y-4">
            {images.map((image, index) => (
              <li
                key={image.key}
                className="grid gap-3 rounded-md border border-ink/10 p-3 sm:grid-cols-[8rem_1fr]"
                data-testid="gallery-item"
              >
                <input type="hidden" name="imageKey" value={image.key} />
                <img
                  src={image.url}
                  alt={image.alt || t("gallery.imageNumber", { index: index + 1 })}
                  width="128"
                  height="96"
                  className="aspect-[4/3] w-32 rounded object-cover"
                />
                <div className="space-y-2">
                  <div>
                    <label htmlFor={`alt-${index}`} className="block text-sm font-semibold">
                      {t("gallery.alt", { index: index + 1 })}
                    </label>
                    <input
                      id={`alt-${index}`}
                      name="alt"
                      defaultValue={image.alt}
                      maxLength={300}
                      dir="auto"
                      className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-1.5 text-sm"
                    />
                  </div>
                  <div>
                    <label htmlFor={`alt-ar-${index}`} className="block text-sm font-semibold">
                      {t("gallery.altAr", { index: index + 1 })}
                    </label>
                    <input
                      id={`alt-ar-${index}`}
                      name="altAr"
                      defaultValue={image.altAr}
                      maxLength={300}
                      dir="rtl"
                      lang="ar"
                      className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-1.5 text-sm"
                    />
                  </div>
                  <div className="flex flex-wrap gap-2 text-sm">
                    <button
                      type="submit"
                      name="move"
                      value={`up:${index}`}
                      disabled={busy || index === 0}
                      className="rounded border border-ink/20 px-2 py-1 disabled:opacity-40"
                      aria-label={t("gallery.moveUpLabel", { index: index + 1 })}
                      data-testid="move-up"
                    >
                      {t("gallery.moveUp")}
                    </button>
                    <button
                      type="submit"
                      name="move"
                      value={`down:${index}`}
                      disabled={busy || index === images.length - 1}
                      className="rounded border border-ink/20 px-2 py-1 disabled:opacity-40"
                      aria-label={t("gallery.moveDownLabel", { index: index + 1 })}
                      data-testid="move-down"
                    >
                      {t("gallery.moveDown")}
                    </button>
                    <button
                      type="submit"
                      name="remove"
                      value={String(index)}
                      disabled={busy}
                      className="rounded border border-red-600 px-2 py-1 text-red-700"
                      aria-label={t("gallery.removeLabel", { index: index + 1 })}
                      data-testid="remove-image"
                    >
                      {t("gallery.remove")}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ol>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
            data-testid="save-gallery"
          >
            {t("gallery.save")}
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-ink/70">{t("gallery.empty")}</p>
      )}
      {full ? null : (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 space-y-3 border-t border-ink/10 pt-4"
        >
          <div>
            <label htmlFor="gallery-files" className="block text-sm font-semibold">
              {t("gallery.files")}
            </label>
            <input
              id="gallery-files"
              name="images"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/avif"
              aria-describedby="gallery-hint"
              className="mt-1 block w-full text-sm"
            />
            <p id="gallery-hint" className="mt-1 text-xs text-ink/70">
              {t("gallery.hint", { count: maxPerUpload })}
            </p>
          </div>
          <button
            type="submit"
            disabled={busy}
            data-testid="upload-images"
            className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
          >
            {t("gallery.upload")}
          </button>
        </Form>
      )}
    </section>
  );
}
