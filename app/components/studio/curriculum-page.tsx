// The curriculum page: sections in order, each with its lessons (issue 32). Moves are plain forms, made
// optimistic with fetchers; drag and drop posts the whole layout. Each lesson's card is curriculum-lesson.tsx.
import { type DragEvent, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useFetchers, useNavigation, useSearchParams } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/instructor-curriculum";
import type { action, LessonAnswer } from "../../routes/instructor-curriculum";
import {
  formatLayout,
  type Layout,
  moveLessonTo,
  parseLayout,
  stepLesson,
  stepSection,
} from "../../studio/layout";
import { openLessonOf } from "../../studio/open-lesson";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { KEEPS_FOCUS, useKeepFocus } from "../keep-focus";
import { PageIntro } from "../page-intro";
import { type CurriculumLesson, LessonCard, LessonFieldset } from "./curriculum-lesson";
import { EditorNav } from "./editor-nav";
import { TextField } from "./fields";
import { UnsavedChangesDialog, UnsavedMarker, useUnsavedChanges } from "./unsaved-changes";

type LoaderData = Route.ComponentProps["loaderData"];
type SectionRow = LoaderData["sections"][number];

const layoutOf = (sections: SectionRow[]): Layout =>
  sections.map((section) => ({
    sectionId: section.id,
    lessonIds: section.lessons.map((lesson) => lesson.id),
  }));

/** The sections to show: the server's, with any in-flight move already applied (optimistic). */
function useOptimisticSections(sections: SectionRow[]): SectionRow[] {
  const fetchers = useFetchers();
  let layout = layoutOf(sections);
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    const intent = form?.get("intent");
    if (!form || !intent) continue;
    const lessonId = Number(form.get("lessonId"));
    const direction = form.get("direction") === "up" ? "up" : "down";
    const next =
      intent === "rearrange"
        ? parseLayout(String(form.get("layout")))
        : intent === "moveLesson"
          ? stepLesson(layout, lessonId, direction)
          : intent === "moveSection"
            ? stepSection(layout, Number(form.get("sectionId")), direction)
            : intent === "placeLesson"
              ? moveLessonTo(layout, lessonId, Number(form.get("sectionId")), Number.MAX_SAFE_INTEGER)
              : null;
    if (next) layout = next;
  }
  const sectionById = new Map(sections.map((section) => [section.id, section]));
  const lessonById = new Map(
    sections.flatMap((section) => section.lessons).map((lesson) => [lesson.id, lesson]),
  );
  const shown = layout.flatMap((entry) => {
    const section = sectionById.get(entry.sectionId);
    if (!section) return [];
    return [{ ...section, lessons: entry.lessonIds.flatMap((id) => lessonById.get(id) ?? []) }];
  });
  // A stale or foreign layout (it names other lessons) is not shown: the server's answer will be.
  return shown.flatMap((section) => section.lessons).length === lessonById.size ? shown : sections;
}

/**
 * Drag and drop, a bonus on top of the move buttons (never the only way): a handle, shown once the page has
 * hydrated, drags a lesson onto another one's place or onto a section's heading (its end); the whole new
 * layout goes to the action in one request.
 */
function useDragLayout(sections: SectionRow[]) {
  const fetcher = useFetcher<typeof action>({ key: "rearrange" });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const dragged = useRef<number | null>(null);
  const drop = (sectionId: number, position: number) => {
    const id = dragged.current;
    dragged.current = null;
    if (id === null) return;
    const next = moveLessonTo(layoutOf(sections), id, sectionId, position);
    if (next)
      fetcher.submit({ intent: "rearrange", layout: formatLayout(next), js: "1" }, { method: "post" });
  };
  const over = (event: DragEvent) => {
    if (dragged.current !== null) event.preventDefault();
  };
  return {
    enabled: hydrated,
    forLesson: (lesson: CurriculumLesson, sectionId: number, index: number) => ({
      enabled: hydrated,
      handleProps: () => ({
        draggable: true as const,
        onDragStart: (event: DragEvent) => {
          dragged.current = lesson.id;
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", String(lesson.id));
        },
      }),
      dropProps: () => ({
        onDragOver: over,
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          if (dragged.current === lesson.id) return;
          drop(sectionId, index + 1);
        },
      }),
    }),
    forSection: (sectionId: number) => ({
      onDragOver: over,
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        drop(sectionId, Number.MAX_SAFE_INTEGER);
      },
    }),
  };
}

function SectionMoveButton({
  section,
  direction,
  disabled,
}: {
  section: SectionRow;
  direction: "up" | "down";
  disabled: boolean;
}) {
  const { t } = useTranslation("studio");
  const fetcher = useFetcher<typeof action>({ key: `move-section-${section.id}-${direction}` });
  return (
    <fetcher.Form method="post">
      <EnhancedFormMarker />
      <input type="hidden" name="intent" value="moveSection" />
      <input type="hidden" name="sectionId" value={section.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        aria-label={t(direction === "up" ? "curriculum.sectionUpLabel" : "curriculum.sectionDownLabel", {
          title: section.label,
        })}
        data-testid={`section-move-${direction}`}
        {...KEEPS_FOCUS}
        className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:bg-sand disabled:opacity-40"
      >
        {direction === "up" ? "↑" : "↓"}
      </button>
    </fetcher.Form>
  );
}

function SectionTitleFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: { title: string; titleAr: string };
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("studio");
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField
        id={`${prefix}-title`}
        name="title"
        label={t("curriculum.sectionTitle")}
        defaultValue={values.title}
        error={errors.title}
        maxLength={200}
        dir="auto"
      />
      <TextField
        id={`${prefix}-title-ar`}
        name="titleAr"
        label={t("curriculum.sectionTitleAr")}
        defaultValue={values.titleAr}
        error={errors.titleAr}
        maxLength={200}
        dir="rtl"
        lang="ar"
      />
    </div>
  );
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
  const sections = useOptimisticSections(loaderData.sections);
  const drag = useDragLayout(sections);
  const answer = actionData as LessonAnswer | undefined;
  const confirmId = Number(searchParams.get("deleteLesson"));
  const openLessonId = openLessonOf(searchParams);
  const containerRef = useRef<HTMLDivElement>(null);
  const { dirty, blocker } = useUnsavedChanges(containerRef);
  // A move button turns disabled when its lesson reaches either end: the focus goes to the lesson's other move
  // button. (When a lesson is moved in the document, React itself puts the focus back on its button.)
  useKeepFocus(containerRef);
  const busy = navigation.state === "submitting";
  const here = localize(`/instructor/courses/${course.id}/curriculum`);
  const allLessons = sections.flatMap((section) => section.lessons);
  const choices = sections.map((section) => ({ id: section.id, title: section.label }));
  let number = 0;
  const sectionAnswer = (id: number | "new") => (answer?.sectionId === id ? answer : undefined);
  const newLesson = answer?.lessonId === "new" ? answer : undefined;

  return (
    <>
      <PageIntro width="5xl" title={t("curriculum.title", { title: course.title })}>
        <EditorNav courseId={course.id} isPublished={course.isPublished} />
      </PageIntro>
      <div ref={containerRef} className="mx-auto max-w-5xl px-4 py-10">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-bold">{t("curriculum.heading")}</h2>
          <UnsavedMarker dirty={dirty} />
        </div>
        {allLessons.length === 0 ? (
          <p className="mt-4 text-ink/70" data-testid="no-lessons">
            {t("curriculum.empty")}
          </p>
        ) : null}
        <div className="mt-6 space-y-10" data-testid="curriculum">
          {sections.map((section, sectionIndex) => {
            const renamed = sectionAnswer(section.id);
            return (
              <section
                key={section.id}
                id={`section-${section.id}`}
                aria-labelledby={`section-${section.id}-heading`}
                data-testid="section"
                data-section-id={section.id}
                className="rounded-2xl border border-ink/10 bg-sand/40 p-4"
              >
                <div
                  className="flex flex-wrap items-center justify-between gap-3"
                  {...(drag.enabled ? drag.forSection(section.id) : {})}
                >
                  <h2 id={`section-${section.id}-heading`} className="text-xl font-bold">
                    {t("curriculum.sectionNumber", { position: sectionIndex + 1 })}:{" "}
                    <bdi data-testid="section-title">{section.label}</bdi>
                  </h2>
                  <div className="flex gap-2">
                    <SectionMoveButton section={section} direction="up" disabled={sectionIndex === 0} />
                    <SectionMoveButton
                      section={section}
                      direction="down"
                      disabled={sectionIndex === sections.length - 1}
                    />
                  </div>
                </div>
                <details className="mt-3" open={renamed ? true : undefined}>
                  <summary className="cursor-pointer text-sm font-semibold text-coral-700">
                    {t("curriculum.sectionEdit")}
                  </summary>
                  <Form
                    method="post"
                    action={here}
                    className="mt-3 space-y-3"
                    key={`${section.id}-${course.updatedAt}`}
                  >
                    <input type="hidden" name="intent" value="renameSection" />
                    <input type="hidden" name="sectionId" value={section.id} />
                    <SectionTitleFields
                      prefix={`section-${section.id}`}
                      values={{ ...section, ...renamed?.values }}
                      errors={renamed?.fieldErrors ?? {}}
                    />
                    <div className="flex flex-wrap gap-3">
                      <button
                        type="submit"
                        disabled={busy}
                        className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
                      >
                        {t("curriculum.sectionSave")}
                      </button>
                    </div>
                  </Form>
                  {section.lessons.length === 0 && sections.length > 1 ? (
                    <Form method="post" action={here} className="mt-3">
                      <input type="hidden" name="intent" value="deleteSection" />
                      <input type="hidden" name="sectionId" value={section.id} />
                      <button
                        type="submit"
                        data-testid="delete-section"
                        className="text-sm font-semibold text-red-700 hover:underline"
                      >
                        {t("curriculum.sectionDelete")}
                      </button>
                    </Form>
                  ) : (
                    <p className="mt-3 text-sm text-ink/70">
                      {t(
                        sections.length > 1
                          ? "curriculum.sectionDeleteWhenEmpty"
                          : "curriculum.sectionKeepOne",
                      )}
                    </p>
                  )}
                </details>
                {section.lessons.length === 0 ? (
                  <p className="mt-4 text-sm text-ink/70" data-testid="empty-section">
                    {t("curriculum.sectionEmpty")}
                  </p>
                ) : (
                  <ol className="mt-4 space-y-6">
                    {section.lessons.map((lesson, index) => {
                      number += 1;
                      return (
                        <LessonCard
                          key={lesson.id}
                          courseId={course.id}
                          lesson={lesson}
                          number={number}
                          first={number === 1}
                          last={number === allLessons.length}
                          sectionId={section.id}
                          sections={choices}
                          answer={answer}
                          confirmDelete={confirmId === lesson.id}
                          open={openLessonId === lesson.id}
                          busy={busy}
                          maxVideoLabel={loaderData.maxVideoLabel}
                          updatedAt={course.updatedAt}
                          drag={drag.forLesson(lesson, section.id, index)}
                        />
                      );
                    })}
                  </ol>
                )}
              </section>
            );
          })}
        </div>

        <section aria-labelledby="add-heading" className="mt-10 rounded-xl bg-sand p-5">
          <h2 id="add-heading" className="text-lg font-bold">
            {t("curriculum.addHeading")}
          </h2>
          <Form
            method="post"
            action={here}
            className="mt-4 space-y-3"
            key={`add-${allLessons.length}`}
            data-testid="add-lesson-form"
          >
            <input type="hidden" name="intent" value="addLesson" />
            <div className="grid gap-4 md:grid-cols-2">
              <div>
                <label htmlFor="new-lesson-kind" className="block font-semibold">
                  {t("curriculum.kind")}
                </label>
                <select
                  id="new-lesson-kind"
                  name="kind"
                  defaultValue={newLesson?.values?.kind ?? "video"}
                  className="mt-1 block w-full rounded-md border border-ink/20 bg-white px-3 py-2"
                  data-testid="new-lesson-kind"
                >
                  {(["video", "article", "quiz"] as const).map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`curriculum.kinds.${kind}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="new-lesson-section" className="block font-semibold">
                  {t("curriculum.section")}
                </label>
                <select
                  id="new-lesson-section"
                  name="sectionId"
                  defaultValue={newLesson?.values?.sectionId ?? String(sections.at(-1)?.id ?? "")}
                  className="mt-1 block w-full rounded-md border border-ink/20 bg-white px-3 py-2"
                  data-testid="new-lesson-section"
                >
                  {choices.map((section) => (
                    <option key={section.id} value={section.id}>
                      {section.title}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <LessonFieldset
              prefix="new-lesson"
              kind="video"
              values={{ title: "", titleAr: "", durationMinutes: "", ...newLesson?.values }}
              errors={newLesson?.fieldErrors ?? {}}
            />
            <p className="text-sm text-ink/70">{t("curriculum.kindHint")}</p>
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

        <section aria-labelledby="add-section-heading" className="mt-6 rounded-xl bg-sand p-5">
          <h2 id="add-section-heading" className="text-lg font-bold">
            {t("curriculum.addSectionHeading")}
          </h2>
          <Form
            method="post"
            action={here}
            className="mt-4 space-y-3"
            key={`add-section-${sections.length}`}
            data-testid="add-section-form"
          >
            <input type="hidden" name="intent" value="addSection" />
            <SectionTitleFields
              prefix="new-section"
              values={{ title: "", titleAr: "", ...sectionAnswer("new")?.values }}
              errors={sectionAnswer("new")?.fieldErrors ?? {}}
            />
            <button
              type="submit"
              disabled={busy}
              data-testid="add-section"
              className="rounded-md bg-ink px-5 py-2 font-semibold text-white disabled:opacity-60"
            >
              {t("curriculum.addSection")}
            </button>
          </Form>
        </section>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
