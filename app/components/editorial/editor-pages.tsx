// The editor pages of posts and case studies, one each for the two kinds: the list, "New …" and the editor
// frame (status, links, preview, the form, unpublish and delete), into which a kind puts its own picture
// section (a post's cover, a case study's gallery). Route modules pass their loader data and a config.
import type { ReactNode } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { EditorAnswer, EditorialFormConfig } from "../../editorial/form-values";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { type ContentWidth, contentWidthClass, PageIntro } from "../page-intro";
import { Pagination } from "../pagination";
import { DeleteSection } from "./delete-section";
import { EditorialForm, EditorialPreview } from "./editorial-form";
import { StatusBadge } from "./status-fields";

const sectionClass = "rounded-xl border border-ink/10 bg-white p-6 shadow-sm";

/** "New post" / "New case study": the empty form, and the preview when one was asked for. */
export function NewItemPage({
  config,
  answer,
  width,
}: {
  config: EditorialFormConfig;
  answer: EditorAnswer | undefined;
  width: ContentWidth;
}) {
  const { t } = useTranslation("editorial");
  const values = { ...config.empty, ...answer?.values };
  return (
    <>
      <PageIntro width={width} title={t(`${config.ns}.newTitle`)} lead={t(`${config.ns}.newLead`)} />
      <div className={`mx-auto ${contentWidthClass(width)} space-y-8 px-4 py-10`}>
        {answer?.preview ? (
          <EditorialPreview config={config} title={values.title ?? ""} preview={answer.preview} />
        ) : null}
        <EditorialForm
          config={config}
          values={values}
          errors={answer?.fieldErrors ?? {}}
          mode="create"
          formKey="new"
          previewed={Boolean(answer?.preview)}
        />
      </div>
    </>
  );
}

export type EditedItem = {
  id: number;
  title: string;
  status: string;
  isPublic: boolean;
  dateLabel: string | null;
  updatedAt: string;
};

/**
 * The editor of one item. `pictures` goes before the unpublish section (`picturesFirst`, the gallery) or
 * after it (the cover).
 */
export function EditorPage({
  config,
  item,
  values,
  answer,
  listPath,
  editorPath,
  asideWidth,
  pictures,
  picturesFirst,
}: {
  config: EditorialFormConfig;
  item: EditedItem;
  values: Record<string, string>;
  answer: EditorAnswer | undefined;
  listPath: string;
  editorPath: string;
  asideWidth: string;
  pictures: ReactNode;
  picturesFirst: boolean;
}) {
  const { t } = useTranslation("editorial");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const shown = { ...values, ...answer?.values };
  const { ns } = config;
  const unpublish =
    item.isPublic || item.status === "scheduled" ? (
      <section aria-labelledby="unpublish-heading" className={sectionClass}>
        <h2 id="unpublish-heading" className="text-xl font-bold">
          {t("post.unpublishHeading")}
        </h2>
        <p className="mt-2 text-sm text-ink/75">{t(`${ns}.unpublishExplain`)}</p>
        <Form method="post" className="mt-4">
          <button
            type="submit"
            name="intent"
            value="unpublish"
            disabled={navigation.state === "submitting"}
            data-testid="unpublish"
            className="w-full rounded-md bg-ink px-4 py-2.5 font-semibold text-white hover:bg-ink/85 disabled:opacity-60"
          >
            {t("post.unpublish")}
          </button>
        </Form>
      </section>
    ) : null;
  return (
    <>
      <PageIntro width="6xl" title={t(`${ns}.editTitle`, { title: item.title })}>
        <div className="mt-6 flex flex-wrap items-center gap-4 text-sm">
          <StatusBadge status={item.status} dateLabel={item.dateLabel} />
          <Link
            to={localize(`${config.publicBase}/${item.id}`)}
            className="font-semibold text-coral-700 hover:underline"
            data-testid={config.viewTestId}
          >
            {item.isPublic ? t("post.view") : t("post.viewDraft")}
          </Link>
          <Link to={localize(listPath)} className="font-semibold text-coral-700 hover:underline">
            {t(`${ns}.backToList`)}
          </Link>
        </div>
      </PageIntro>
      <div className={`mx-auto grid *:min-w-0 max-w-6xl gap-8 px-4 py-10 ${asideWidth}`}>
        <div className="space-y-8">
          {answer?.error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {answer.error}
            </p>
          ) : null}
          {answer?.preview ? (
            <EditorialPreview config={config} title={shown.title ?? ""} preview={answer.preview} />
          ) : null}
          <section aria-labelledby={`${config.idPrefix}-heading`} className={sectionClass}>
            <h2 id={`${config.idPrefix}-heading`} className="mb-5 text-xl font-bold">
              {t(`${ns}.heading`)}
            </h2>
            <EditorialForm
              config={config}
              values={shown}
              errors={answer?.fieldErrors ?? {}}
              mode="edit"
              formKey={item.updatedAt}
              previewed={Boolean(answer?.preview)}
            />
          </section>
        </div>
        <div className="space-y-8">
          {picturesFirst ? pictures : null}
          {unpublish}
          {picturesFirst ? null : pictures}
          <DeleteSection
            title={item.title}
            confirm={searchParams.get("confirm") === "delete"}
            cancelTo={localize(editorPath)}
          />
        </div>
      </div>
    </>
  );
}

/** A post's cover: the current one, an upload form, and "Remove". */
export function CoverSection({ cover, error }: { cover: string | null; error?: string }) {
  const { t } = useTranslation("editorial");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="cover-heading" className={sectionClass}>
      <h2 id="cover-heading" className="text-xl font-bold">
        {t("cover.heading")}
      </h2>
      {cover ? (
        <img
          src={cover}
          alt={t("cover.current")}
          width="320"
          height="180"
          className="mt-4 aspect-video w-full rounded-md object-cover"
          data-testid="cover-image"
        />
      ) : (
        <p className="mt-2 text-sm text-ink/70">{t("cover.none")}</p>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
        <div>
          <label htmlFor="cover-file" className="block text-sm font-semibold">
            {t("cover.file")}
          </label>
          <input
            id="cover-file"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            aria-describedby="cover-hint"
            className="mt-1 block w-full text-sm"
          />
          <p id="cover-hint" className="mt-1 text-xs text-ink/70">
            {t("cover.hint")}
          </p>
          {error ? (
            <p role="alert" className="mt-1 text-sm text-red-700" data-testid="cover-error">
              {error}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy}
          data-testid="upload-cover"
          className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
        >
          {t("cover.upload")}
        </button>
      </Form>
      {cover ? (
        <Form method="post" className="mt-2">
          <button
            type="submit"
            name="intent"
            value="removeCover"
            className="text-sm font-semibold text-red-700 hover:underline"
          >
            {t("cover.remove")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export type ListedItem = {
  id: number;
  title: string;
  line: string;
  status: string;
  dateLabel: string | null;
};

/** The editor's list of a kind: each item's status, "Edit" and "View", and the way into "New …". */
export function EditorList({
  config,
  heading,
  lead,
  newLabel,
  newTestId,
  backTo,
  base,
  items,
  empty,
  emptyTestId,
  listTestId,
  page,
  pageCount,
}: {
  config: EditorialFormConfig;
  heading: string;
  lead: string;
  newLabel: string;
  newTestId: string;
  backTo: string;
  base: string;
  items: ListedItem[];
  empty: string;
  emptyTestId?: string;
  listTestId: string;
  page: number;
  pageCount: number;
}) {
  const { t } = useTranslation("editorial");
  const localize = useLocalizePath();
  return (
    <>
      <PageIntro width="5xl" title={heading} lead={lead}>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={localize(`${base}/new`)}
            className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            data-testid={newTestId}
          >
            {newLabel}
          </Link>
          <Link
            to={localize(backTo)}
            className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-white"
          >
            {t("posts.back")}
          </Link>
        </div>
      </PageIntro>
      <div className="mx-auto max-w-5xl px-4 py-10">
        {items.length === 0 ? (
          <p className="text-center text-ink/70" data-testid={emptyTestId}>
            {empty}
          </p>
        ) : (
          <ul
            className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white"
            data-testid={listTestId}
          >
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-semibold" dir="auto">
                    {item.title}
                  </p>
                  <p className="mt-1 text-xs text-ink/70">{item.line}</p>
                </div>
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <StatusBadge status={item.status} dateLabel={item.dateLabel} />
                  <Link
                    to={localize(`${base}/${item.id}`)}
                    className="font-semibold text-coral-700 hover:underline"
                    data-testid="edit-link"
                  >
                    {t("posts.edit")}
                  </Link>
                  <Link
                    to={localize(`${config.publicBase}/${item.id}`)}
                    className="font-semibold text-coral-700 hover:underline"
                  >
                    {t("posts.view")}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}
