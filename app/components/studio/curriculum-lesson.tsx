// One lesson of the studio's curriculum: its fields (an article's Markdown too), moves, video or quiz,
// PDF, and its deletion, confirmed on a second screen (?deleteLesson=ID).
import type { DragEvent } from "react";
import { Form, Link, useFetcher } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { action, LessonAnswer } from "../../routes/instructor-curriculum";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { KEEPS_FOCUS } from "../keep-focus";
import { TextArea, TextField } from "./fields";
import { LessonVideo, type LessonVideoSummaryView } from "./lesson-video";

export type CurriculumLesson = {
  id: number;
  kind: "video" | "article" | "quiz";
  title: string;
  titleAr: string;
  durationMinutes: string;
  body: string;
  bodyAr: string;
  pdfUrl: string | null;
  isFreePreview: boolean;
  video: { current: LessonVideoSummaryView | null; latest: LessonVideoSummaryView | null };
};

export type SectionChoice = { id: number; title: string };

function MoveButton({
  lesson,
  direction,
  disabled,
}: {
  lesson: { id: number; title: string };
  direction: "up" | "down";
  disabled: boolean;
}) {
  const { t } = useTranslation("studio");
  const fetcher = useFetcher<typeof action>({ key: `move-${lesson.id}-${direction}` });
  return (
    <fetcher.Form method="post">
      <EnhancedFormMarker />
      <input type="hidden" name="intent" value="moveLesson" />
      <input type="hidden" name="lessonId" value={lesson.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        aria-label={t(direction === "up" ? "curriculum.moveUpLabel" : "curriculum.moveDownLabel", {
          title: lesson.title,
        })}
        data-testid={`move-${direction}`}
        {...KEEPS_FOCUS}
        className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:bg-sand disabled:opacity-40"
      >
        {direction === "up" ? `↑ ${t("curriculum.moveUp")}` : `↓ ${t("curriculum.moveDown")}`}
      </button>
    </fetcher.Form>
  );
}

/** The plain form that moves a lesson to the end of another section. */
function MoveToSection({
  lesson,
  sectionId,
  sections,
}: {
  lesson: CurriculumLesson;
  sectionId: number;
  sections: SectionChoice[];
}) {
  const { t } = useTranslation("studio");
  const fetcher = useFetcher<typeof action>({ key: `place-${lesson.id}` });
  const others = sections.filter((section) => section.id !== sectionId);
  if (others.length === 0) return null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <EnhancedFormMarker />
      <input type="hidden" name="intent" value="placeLesson" />
      <input type="hidden" name="lessonId" value={lesson.id} />
      <div>
        <label htmlFor={`place-${lesson.id}`} className="block text-sm font-semibold">
          {t("curriculum.moveToSection")}
        </label>
        <select
          id={`place-${lesson.id}`}
          name="sectionId"
          className="mt-1 rounded-md border border-ink/20 bg-white px-2 py-1.5 text-sm"
          data-testid="move-to-section-select"
        >
          {others.map((section) => (
            <option key={section.id} value={section.id}>
              {section.title}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        data-testid="move-to-section"
        className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:bg-sand"
      >
        {t("curriculum.moveToSectionSubmit")}
      </button>
    </fetcher.Form>
  );
}

export function LessonFieldset({
  prefix,
  kind,
  values,
  errors,
}: {
  prefix: string;
  kind: CurriculumLesson["kind"];
  values: { title: string; titleAr: string; durationMinutes: string; body?: string; bodyAr?: string };
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("studio");
  return (
    <>
      <div className="grid gap-4 md:grid-cols-[2fr_2fr_1fr]">
        <TextField
          id={`${prefix}-title`}
          name="title"
          label={t("curriculum.lessonTitle")}
          defaultValue={values.title}
          error={errors.title}
          maxLength={200}
          dir="auto"
        />
        <TextField
          id={`${prefix}-title-ar`}
          name="titleAr"
          label={t("curriculum.lessonTitleAr")}
          defaultValue={values.titleAr}
          error={errors.titleAr}
          maxLength={200}
          dir="rtl"
          lang="ar"
        />
        <TextField
          id={`${prefix}-duration`}
          name="durationMinutes"
          label={t("curriculum.duration")}
          defaultValue={values.durationMinutes}
          error={errors.durationMinutes}
          inputMode="numeric"
          dir="ltr"
        />
      </div>
      {kind === "article" ? (
        <div className="grid gap-4 md:grid-cols-2">
          <TextArea
            id={`${prefix}-body`}
            name="body"
            label={t("curriculum.articleBody")}
            hint={t("landing.markdownHint")}
            defaultValue={values.body ?? ""}
            error={errors.body}
            dir="auto"
            rows={10}
          />
          <TextArea
            id={`${prefix}-body-ar`}
            name="bodyAr"
            label={t("curriculum.articleBodyAr")}
            defaultValue={values.bodyAr ?? ""}
            error={errors.bodyAr}
            dir="rtl"
            lang="ar"
            rows={10}
          />
        </div>
      ) : null}
    </>
  );
}

export function LessonCard({
  courseId,
  lesson,
  number,
  first,
  last,
  sectionId,
  sections,
  answer,
  confirmDelete,
  busy,
  maxVideoLabel,
  updatedAt,
  drag,
  open,
}: {
  courseId: number;
  lesson: CurriculumLesson;
  number: number;
  first: boolean;
  last: boolean;
  sectionId: number;
  sections: SectionChoice[];
  answer: LessonAnswer | undefined;
  confirmDelete: boolean;
  busy: boolean;
  maxVideoLabel: string;
  updatedAt: string;
  drag: {
    enabled: boolean;
    handleProps: () => { draggable: true; onDragStart: (event: DragEvent) => void };
    dropProps: () => { onDragOver: (event: DragEvent) => void; onDrop: (event: DragEvent) => void };
  };
  /** The URL names this lesson as open (just added, saved, or come back to). */
  open: boolean;
}) {
  const { t } = useTranslation("studio");
  const localize = useLocalizePath();
  const here = localize(`/instructor/courses/${courseId}/curriculum`);
  const mine = answer?.lessonId === lesson.id ? answer : undefined;
  const values = { ...lesson, ...mine?.values };
  return (
    <li
      id={`lesson-${lesson.id}`}
      className="rounded-xl border border-ink/10 bg-white p-5 shadow-sm"
      data-testid="lesson"
      data-lesson-id={lesson.id}
      data-kind={lesson.kind}
      {...(drag.enabled ? drag.dropProps() : {})}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-bold text-coral-700">
          {t("curriculum.lessonNumber", { position: number })}:{" "}
          <bdi className="text-ink" data-testid="lesson-title">
            {lesson.title}
          </bdi>{" "}
          <span
            className="ms-1 rounded-full bg-sand px-2 py-0.5 text-xs font-semibold text-ink"
            data-testid="lesson-kind"
          >
            {t(`curriculum.kinds.${lesson.kind}`)}
          </span>
        </h3>
        <div className="flex gap-2">
          {drag.enabled ? (
            // Pointer-only (a drag source cannot be a button in Chromium); keyboard users have the move
            // buttons beside it, which do the same.
            <span
              {...drag.handleProps()}
              title={t("curriculum.dragHandle", { title: lesson.title })}
              aria-hidden="true"
              className="cursor-grab select-none rounded-md border border-ink/20 px-2 py-1.5 text-sm"
              data-testid="drag-handle"
            >
              ⠿
            </span>
          ) : null}
          <MoveButton lesson={lesson} direction="up" disabled={first} />
          <MoveButton lesson={lesson} direction="down" disabled={last} />
        </div>
      </div>
      {/* Folded by default (issue 50, item 7): a long course was a wall of open forms. Open when the URL names
          this lesson, or when its form came back refused; a lesson the trainer opened stays open across the
          page's revalidations, since React leaves the element's own `open` alone while this prop is unchanged. */}
      <details className="mt-4" open={open || mine ? true : undefined} data-testid="lesson-fields">
        <summary className="cursor-pointer font-semibold text-coral-700" data-testid="lesson-fields-toggle">
          {t("curriculum.editFields")}
          <span className="sr-only">: {lesson.title}</span>
        </summary>
        <Form method="post" className="mt-3 space-y-3" key={`${lesson.id}-${updatedAt}`}>
          <input type="hidden" name="intent" value="saveLesson" />
          <input type="hidden" name="lessonId" value={lesson.id} />
          <LessonFieldset
            prefix={`lesson-${lesson.id}`}
            kind={lesson.kind}
            values={values}
            errors={mine?.fieldErrors ?? {}}
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
          >
            {t("curriculum.save")}
          </button>
        </Form>
        <div className="mt-4">
          <MoveToSection lesson={lesson} sectionId={sectionId} sections={sections} />
        </div>
      </details>
      <div className="mt-5 grid gap-4 border-t border-ink/10 pt-4 md:grid-cols-2">
        {lesson.kind === "video" ? (
          <div className="space-y-3">
            <LessonVideo
              lesson={{ id: lesson.id, title: lesson.title, isFreePreview: lesson.isFreePreview }}
              current={lesson.video.current}
              latest={lesson.video.latest}
              action={localize(`/instructor/courses/${courseId}/lessons/${lesson.id}/video`)}
              maxLabel={maxVideoLabel}
            />
            <Link
              to={localize(`/instructor/courses/${courseId}/lessons/${lesson.id}/captions`)}
              className="inline-block font-semibold text-coral-700 hover:underline"
              data-testid="edit-captions"
            >
              {t("curriculum.editCaptions")}
            </Link>
          </div>
        ) : (
          <div className="space-y-3">
            {lesson.kind === "quiz" ? (
              <Link
                to={localize(`/instructor/courses/${courseId}/lessons/${lesson.id}/quiz`)}
                className="inline-block rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white"
                data-testid="edit-quiz"
              >
                {t("curriculum.editQuiz")}
              </Link>
            ) : null}
            <FreePreviewForm courseId={courseId} lesson={lesson} />
          </div>
        )}
        <div>
          <p className="text-sm font-semibold">{t("curriculum.pdf")}</p>
          {lesson.pdfUrl ? (
            <div className="mt-1 flex flex-wrap items-center gap-3 text-sm">
              <a
                href={lesson.pdfUrl}
                className="font-semibold text-coral-700 hover:underline"
                data-testid="lesson-pdf"
              >
                {t("curriculum.pdfOpen")}
              </a>
              <Form method="post">
                <input type="hidden" name="intent" value="removePdf" />
                <input type="hidden" name="lessonId" value={lesson.id} />
                <button type="submit" className="font-semibold text-red-700 hover:underline">
                  {t("curriculum.pdfRemove")}
                </button>
              </Form>
            </div>
          ) : (
            <p className="mt-1 text-sm text-ink/70">{t("curriculum.pdfNone")}</p>
          )}
          <Form
            method="post"
            encType="multipart/form-data"
            action={`${here}?lesson=${lesson.id}`}
            className="mt-2 flex flex-wrap items-end gap-2"
          >
            <div>
              <label htmlFor={`pdf-${lesson.id}`} className="sr-only">
                {t("curriculum.pdfFile")}
              </label>
              <input
                id={`pdf-${lesson.id}`}
                name="file"
                type="file"
                accept="application/pdf"
                aria-describedby={`pdf-${lesson.id}-hint`}
                className="block w-full text-sm"
              />
              <p id={`pdf-${lesson.id}-hint`} className="mt-1 text-xs text-ink/70">
                {t("curriculum.pdfHint")}
              </p>
              {mine?.pdfError ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {mine.pdfError}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:bg-sand"
            >
              {t("curriculum.pdfUpload")}
            </button>
          </Form>
        </div>
      </div>
      <div className="mt-4 border-t border-ink/10 pt-3">
        {confirmDelete ? (
          <div
            role="alertdialog"
            aria-labelledby={`delete-${lesson.id}`}
            className="rounded-md bg-red-50 p-3"
          >
            <p id={`delete-${lesson.id}`} className="font-semibold text-red-800">
              {t("curriculum.deleteConfirmTitle", { title: lesson.title })}
            </p>
            <div className="mt-2 flex flex-wrap gap-3">
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="deleteLesson" />
                <input type="hidden" name="lessonId" value={lesson.id} />
                <button
                  type="submit"
                  data-testid="confirm-delete-lesson"
                  className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white"
                >
                  {t("curriculum.deleteConfirm")}
                </button>
              </Form>
              <Link to={here} className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold">
                {t("curriculum.cancel")}
              </Link>
            </div>
          </div>
        ) : (
          <Link
            to={`?deleteLesson=${lesson.id}`}
            className="text-sm font-semibold text-red-700 hover:underline"
            data-testid="ask-delete-lesson"
          >
            {t("curriculum.delete")}
          </Link>
        )}
      </div>
    </li>
  );
}

/** An article's or a quiz's free-preview switch (a video lesson's sits with its video). */
function FreePreviewForm({ courseId, lesson }: { courseId: number; lesson: CurriculumLesson }) {
  const { t } = useTranslation("video");
  const localize = useLocalizePath();
  return (
    <Form method="post" action={localize(`/instructor/courses/${courseId}/lessons/${lesson.id}/video`)}>
      <input type="hidden" name="intent" value="freePreview" />
      <input type="hidden" name="value" value={lesson.isFreePreview ? "0" : "1"} />
      <button
        type="submit"
        data-testid="free-preview-toggle"
        className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:bg-sand"
      >
        {t(lesson.isFreePreview ? "studio.stopFreePreview" : "studio.makeFreePreview")}
      </button>
    </Form>
  );
}
