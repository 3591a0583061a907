// How a learner's courses are arranged on their home (issue 50): app/learning/home.ts.
import { describe, expect, it } from "vitest";
import {
  arrangeLearnerHome,
  attemptsLeft,
  type HomeCourseRow,
  isCourseComplete,
} from "../../app/learning/home";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute));

function row(
  courseId: number,
  done: number,
  total: number,
  touched: number | null,
  enrolled = 0,
): HomeCourseRow {
  return {
    courseId,
    courseTitle: `Course ${courseId}`,
    completedLessons: done,
    totalLessons: total,
    percent: total === 0 ? 0 : Math.floor((done * 100) / total),
    enrolledAt: at(enrolled),
    lastLesson:
      touched === null ? null : { id: courseId * 10, title: `Lesson of ${courseId}`, at: at(touched) },
    certificate: null,
  };
}

describe("arrangeLearnerHome", () => {
  it("continues the lesson touched last among the unfinished courses, never a finished one", () => {
    const home = arrangeLearnerHome([
      row(1, 1, 4, 10),
      row(2, 3, 3, 50),
      row(3, 2, 5, 30),
      row(4, 0, 2, null, 59),
    ]);
    expect(home.continue).toEqual({
      courseId: 3,
      courseTitle: "Course 3",
      lessonId: 30,
      lessonTitle: "Lesson of 3",
      progressPercent: 40,
    });
    expect(home.inProgress.map((course) => course.courseId)).toEqual([3, 1, 4]);
    expect(home.completed.map((course) => course.courseId)).toEqual([2]);
  });

  it("has nothing to continue when no unfinished course was begun, and keeps the given order on ties", () => {
    const home = arrangeLearnerHome([row(7, 0, 3, null, 5), row(8, 0, 3, null, 5), row(9, 4, 4, 1)]);
    expect(home.continue).toBeNull();
    expect(home.inProgress.map((course) => course.courseId)).toEqual([7, 8]);
  });

  it("counts a course without lessons as in progress, not completed", () => {
    expect(isCourseComplete({ completedLessons: 0, totalLessons: 0 })).toBe(false);
    expect(isCourseComplete({ completedLessons: 3, totalLessons: 3 })).toBe(true);
  });
});

describe("attemptsLeft", () => {
  it("is null without a limit and never below zero", () => {
    expect(attemptsLeft(0, 9)).toBeNull();
    expect(attemptsLeft(3, 1)).toBe(2);
    expect(attemptsLeft(2, 5)).toBe(0);
  });
});
