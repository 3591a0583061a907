// A course's curriculum as sections of lessons (issue 32, decision 051), and every way the studio changes it,
// as pure functions over ids. The database keeps one course-wide lesson order in which each section's lessons
// are a contiguous run, in section order; `lessonPositions` derives that order from a layout, so a layout
// written back is contiguous by construction, whatever the change. Unit-tested in tests/unit/layout.test.ts.

export type SectionLayout = { sectionId: number; lessonIds: number[] };
export type Layout = SectionLayout[];

const copy = (layout: Layout): Layout =>
  layout.map((section) => ({ sectionId: section.sectionId, lessonIds: [...section.lessonIds] }));

/** Each lesson's 1-based course-wide position and its section, in section order then lesson order. */
export function lessonPositions(layout: Layout): { lessonId: number; sectionId: number; position: number }[] {
  let position = 0;
  return layout.flatMap((section) =>
    section.lessonIds.map((lessonId) => ({ lessonId, sectionId: section.sectionId, position: ++position })),
  );
}

export function sectionOf(layout: Layout, lessonId: number): SectionLayout | undefined {
  return layout.find((section) => section.lessonIds.includes(lessonId));
}

export function lessonCount(layout: Layout): number {
  return layout.reduce((total, section) => total + section.lessonIds.length, 0);
}

/** Puts a lesson into a section at a 1-based position there (clamped to the section's ends); null when unknown. */
export function moveLessonTo(
  layout: Layout,
  lessonId: number,
  sectionId: number,
  position: number,
): Layout | null {
  const next = copy(layout);
  const from = sectionOf(next, lessonId);
  const to = next.find((section) => section.sectionId === sectionId);
  if (!from || !to) return null;
  from.lessonIds.splice(from.lessonIds.indexOf(lessonId), 1);
  const index = Math.min(Math.max(0, Math.trunc(position) - 1), to.lessonIds.length);
  to.lessonIds.splice(Number.isFinite(index) ? index : to.lessonIds.length, 0, lessonId);
  return next;
}

/**
 * One step up or down, as the plain form's arrows do: within its section, or, from a section's first
 * (last) place, to the end (start) of the section before (after) it. So a learner-facing order can be
 * reached without JavaScript. At the course's ends the layout is unchanged.
 */
export function stepLesson(layout: Layout, lessonId: number, direction: "up" | "down"): Layout | null {
  const next = copy(layout);
  const sectionIndex = next.findIndex((section) => section.lessonIds.includes(lessonId));
  const section = next[sectionIndex];
  if (!section) return null;
  const index = section.lessonIds.indexOf(lessonId);
  const target = direction === "up" ? index - 1 : index + 1;
  if (target >= 0 && target < section.lessonIds.length) {
    [section.lessonIds[index], section.lessonIds[target]] = [
      section.lessonIds[target] as number,
      section.lessonIds[index] as number,
    ];
    return next;
  }
  const neighbour = next[direction === "up" ? sectionIndex - 1 : sectionIndex + 1];
  if (!neighbour) return next;
  section.lessonIds.splice(index, 1);
  if (direction === "up") neighbour.lessonIds.push(lessonId);
  else neighbour.lessonIds.unshift(lessonId);
  return next;
}

/** A section one place up or down, with its lessons; at either end unchanged. Null when unknown. */
export function stepSection(layout: Layout, sectionId: number, direction: "up" | "down"): Layout | null {
  const next = copy(layout);
  const index = next.findIndex((section) => section.sectionId === sectionId);
  if (index < 0) return null;
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target] as SectionLayout, next[index] as SectionLayout];
  return next;
}

export function withoutLesson(layout: Layout, lessonId: number): Layout {
  return layout.map((section) => ({
    sectionId: section.sectionId,
    lessonIds: section.lessonIds.filter((id) => id !== lessonId),
  }));
}

/** A lesson appended to a section; null when the section is not the course's. */
export function withLesson(layout: Layout, sectionId: number, lessonId: number): Layout | null {
  const next = copy(layout);
  const section = next.find((candidate) => candidate.sectionId === sectionId);
  if (!section) return null;
  section.lessonIds.push(lessonId);
  return next;
}

/**
 * Whether `proposed` (a drag and drop's whole layout) names exactly the course's sections and lessons, each
 * once: a client may rearrange them, not add, drop or borrow any.
 */
export function isRearrangement(current: Layout, proposed: Layout): boolean {
  const sections = (layout: Layout) => layout.map((section) => section.sectionId);
  const lessons = (layout: Layout) => layout.flatMap((section) => section.lessonIds);
  const sameSet = (a: number[], b: number[]) =>
    a.length === b.length && new Set(b).size === b.length && a.every((id) => b.includes(id));
  return sameSet(sections(current), sections(proposed)) && sameSet(lessons(current), lessons(proposed));
}

/** Why a section may not be deleted: it still holds lessons, or it is the course's only one. */
export function sectionDeletionRefusal(
  layout: Layout,
  sectionId: number,
): "section_not_found" | "section_not_empty" | "last_section" | null {
  const section = layout.find((candidate) => candidate.sectionId === sectionId);
  if (!section) return "section_not_found";
  if (section.lessonIds.length > 0) return "section_not_empty";
  if (layout.length <= 1) return "last_section";
  return null;
}

const LAYOUT_PATTERN =
  /^[1-9]\d{0,9}:(?:[1-9]\d{0,9}(?:,[1-9]\d{0,9})*)?(?:;[1-9]\d{0,9}:(?:[1-9]\d{0,9}(?:,[1-9]\d{0,9})*)?)*$/;
const INT4_MAX = 2_147_483_647;

/** A layout as a form posts it (drag and drop): "section:lesson,lesson;section:". */
export function formatLayout(layout: Layout): string {
  return layout.map((section) => `${section.sectionId}:${section.lessonIds.join(",")}`).join(";");
}

/** A posted layout, or null when malformed. */
export function parseLayout(text: string): Layout | null {
  if (!LAYOUT_PATTERN.test(text)) return null;
  const layout = text.split(";").map((part) => {
    const [section = "", lessons = ""] = part.split(":");
    return { sectionId: Number(section), lessonIds: lessons ? lessons.split(",").map(Number) : [] };
  });
  const ids = layout.flatMap((section) => [section.sectionId, ...section.lessonIds]);
  return ids.every((id) => id <= INT4_MAX) ? layout : null;
}
