// Which lesson of the curriculum page is open (issue 50, item 7). Each lesson's fields are folded by default;
// the one just added, saved or come back to from its quiz or captions page is open, named in the URL so the
// page remembers it without JavaScript too: `?lesson=12#lesson-12` (the fragment scrolls to it).

const OPEN_LESSON_PARAM = "lesson";

/** The curriculum page's path with `lessonId` open and scrolled to. */
export function withOpenLesson(curriculumPath: string, lessonId: number): string {
  return `${curriculumPath}?${OPEN_LESSON_PARAM}=${lessonId}#lesson-${lessonId}`;
}

/** The lesson the URL names as open, or null (none, or not an id). */
export function openLessonOf(search: URLSearchParams): number | null {
  const value = search.get(OPEN_LESSON_PARAM);
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
