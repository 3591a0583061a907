// The curriculum page: lessons in order (drag and drop or move buttons, optimistic), each lesson's fields, video and PDF.
import { type DragEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useFetchers, useNavigation, useSearchParams } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/instructor-curriculum";
import type { action, LessonAnswer } from "../../routes/instructor-curriculum";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { KEEPS_FOCUS, useKeepFocus } from "../keep-focus";
import { PageIntro } from "../page-intro";
import { EditorNav } from "./editor-nav";
import { TextField } from "./fields";
import { LessonVideo } from "./lesson-video";
import { UnsavedChangesDialog, UnsavedMarker, useUnsavedChanges } from "./unsaved-changes";

type LoaderData = Route.ComponentProps["loaderData"];

type LessonRow = Route.ComponentProps["loaderData"]["lessons"][number];

/** The order to show: the server's, with any in-flight move already applied (optimistic). */
function useOptimisticOrder(lessons: LessonRow[]): LessonRow[] {
  const fetchers = useFetchers();
  const ordered = [...lessons];
  for (const fetcher of fetchers) {
    if (fetcher.formData?.get("intent") === "reorder") {
      const ids = String(fetcher.formData.get("order")).split(",").map(Number);
      const byId = new Map(ordered.map((lesson) => [lesson.id, lesson]));
      const next = ids.flatMap((id) => byId.get(id) ?? []);
      if (next.length === ordered.length) ordered.splice(0, ordered.length, ...next);
      continue;
    }
    if (fetcher.formData?.get("intent") !== "moveLesson") continue;
    const id = Number(fetcher.formData.get("lessonId"));
    const from = ordered.findIndex((lesson) => lesson.id === id);
    const to = fetcher.formData.get("direction") === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ordered.length) continue;
    [ordered[from], ordered[to]] = [ordered[to] as LessonRow, ordered[from] as LessonRow];
  }
  return ordered;
}

function MoveButton({
  lesson,
  direction,
  disabled,
}: {
  lesson: LessonRow;
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

function LessonFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: { title: string; titleAr: string; durationMinutes: string };
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("studio");
  return (
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
  );
}

/**
 * Drag and drop, a bonus on top of the move buttons (never the only way): a handle, shown once the page has
 * hydrated, drags a lesson onto another one's place; the whole new order goes to the action in one request.
 */
function useDragReorder(lessons: LessonRow[]) {
  const fetcher = useFetcher<typeof action>({ key: "reorder" });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const dragged = useRef<number | null>(null);
  return {
    enabled: hydrated,
    handleProps: (lesson: LessonRow) => ({
      draggable: true,
      onDragStart: (event: DragEvent) => {
        dragged.current = lesson.id;
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", String(lesson.id));
      },
    }),
    dropProps: (target: LessonRow) => ({
      onDragOver: (event: DragEvent) => {
        if (dragged.current !== null) event.preventDefault();
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        const id = dragged.current;
        dragged.current = null;
        if (id === null || id === target.id) return;
        const ids = lessons.map((lesson) => lesson.id).filter((lessonId) => lessonId !== id);
        ids.splice(
          ids.indexOf(target.id) +
            (lessons.findIndex((l) => l.id === id) < lessons.findIndex((l) => l.id === target.id) ? 1 : 0),
          0,
          id,
        );
        fetcher.submit({ intent: "reorder", order: ids.join(","), js: "1" }, { method: "post" });
      },
    }),
  };
}

export function Curriculum({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("studio");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { course } = loaderData;
  const lessons = useOptimisticOrder(loaderData.lessons);
  const drag = useDragReorder(lessons);
  const answer = actionData as LessonAnswer | undefined;
  const confirmId = Number(searchParams.get("deleteLesson"));
  const containerRef = useRef<HTMLDivElement>(null);
  const { dirty, blocker } = useUnsavedChanges(containerRef);
  // A move button turns disabled when its lesson reaches either end: the focus goes to the lesson's other move
  // button. (When a lesson is moved in the document, React itself puts the focus back on its button.)
  useKeepFocus(containerRef);
  const busy = navigation.state === "submitting";
  const here = localize(`/instructor/courses/${course.id}/curriculum`);

  return (
    <>
      <PageIntro title={t("curriculum.title", { title: course.title })}>
        <EditorNav courseId={course.id} isPublished={course.isPublished} />
      </PageIntro>
      <div ref={containerRef} className="mx-auto max-w-5xl px-4 py-10">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-bold">{t("curriculum.heading")}</h2>
          <UnsavedMarker dirty={dirty} />
        </div>
        {lessons.length === 0 ? (
          <p className="mt-4 text-ink/70" data-testid="no-lessons">
            {t("curriculum.empty")}
          </p>
        ) : null}
        <ol className="mt-6 space-y-6" data-testid="curriculum">
          {lessons.map((lesson, index) => {
            const mine = answer?.lessonId === lesson.id ? answer : undefined;
            const values = { ...lesson, ...mine?.values };
            return (
              <li
                key={lesson.id}
                id={`lesson-${lesson.id}`}
                className="rounded-xl border border-ink/10 bg-white p-5 shadow-sm"
                data-testid="lesson"
                data-lesson-id={lesson.id}
                {...(drag.enabled ? drag.dropProps(lesson) : {})}
              >
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 className="font-bold text-coral-700">
                    {t("curriculum.lessonNumber", { position: index + 1 })}:{" "}
                    <bdi className="text-ink" data-testid="lesson-title">
                      {lesson.title}
                    </bdi>
                  </h3>
                  <div className="flex gap-2">
                    {drag.enabled ? (
                      // Pointer-only (a drag source cannot be a button in Chromium); keyboard users have the
                      // move buttons beside it, which do the same.
                      <span
                        {...drag.handleProps(lesson)}
                        title={t("curriculum.dragHandle", { title: lesson.title })}
                        aria-hidden="true"
                        className="cursor-grab select-none rounded-md border border-ink/20 px-2 py-1.5 text-sm"
                        data-testid="drag-handle"
                      >
                        ⠿
                      </span>
                    ) : null}
                    <MoveButton lesson={lesson} direction="up" disabled={index === 0} />
                    <MoveButton lesson={lesson} direction="down" disabled={index === lessons.length - 1} />
                  </div>
                </div>
                <Form method="post" className="mt-4 space-y-3" key={`${lesson.id}-${course.updatedAt}`}>
                  <input type="hidden" name="intent" value="saveLesson" />
                  <input type="hidden" name="lessonId" value={lesson.id} />
                  <LessonFields
                    prefix={`lesson-${lesson.id}`}
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
                <div className="mt-5 grid gap-4 border-t border-ink/10 pt-4 md:grid-cols-2">
                  <LessonVideo
                    lesson={{ id: lesson.id, title: lesson.title, isFreePreview: lesson.isFreePreview }}
                    current={lesson.video.current}
                    latest={lesson.video.latest}
                    action={localize(`/instructor/courses/${course.id}/lessons/${lesson.id}/video`)}
                    maxLabel={loaderData.maxVideoLabel}
                  />
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
                  {confirmId === lesson.id ? (
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
                        <Link
                          to={here}
                          className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold"
                        >
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
          })}
        </ol>

        <section aria-labelledby="add-heading" className="mt-10 rounded-xl bg-sand p-5">
          <h2 id="add-heading" className="text-lg font-bold">
            {t("curriculum.addHeading")}
          </h2>
          <Form
            method="post"
            action={here}
            className="mt-4 space-y-3"
            key={`add-${loaderData.lessons.length}`}
            data-testid="add-lesson-form"
          >
            <input type="hidden" name="intent" value="addLesson" />
            <LessonFields
              prefix="new-lesson"
              values={{
                title: "",
                titleAr: "",
                durationMinutes: "",
                ...(answer?.lessonId === "new" ? answer.values : {}),
              }}
              errors={answer?.lessonId === "new" ? (answer.fieldErrors ?? {}) : {}}
            />
            <button
              type="submit"
              disabled={busy}
              data-testid="add-lesson"
              className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
            >
              {t("curriculum.add")}
            </button>
          </Form>
        </section>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
