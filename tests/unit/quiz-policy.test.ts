// Who records and who practises a quiz, deadlines and saves (app/quizzes/policy.ts), and the statistics'
// arithmetic (app/quizzes/stats.ts).
import { describe, expect, it } from "vitest";
import { deadlineOf, isCompletePractice, maySaveAnswers, quizMode } from "../../app/quizzes/policy";
import type { AttemptSnapshot } from "../../app/quizzes/snapshot";
import { statsOf } from "../../app/quizzes/stats";

describe("quizMode", () => {
  it("records an enrolled learner, lets everyone else who may open the lesson practise, refuses the rest", () => {
    expect(quizMode({ ok: true, mode: "full" }, true)).toEqual({ ok: true, mode: "record" });
    // The course's trainer or an admin, not enrolled: full access, but a practice.
    expect(quizMode({ ok: true, mode: "full" }, false)).toEqual({ ok: true, mode: "practice" });
    expect(quizMode({ ok: true, mode: "preview" }, false)).toEqual({ ok: true, mode: "practice" });
    expect(quizMode({ ok: false, reason: "forbidden" }, false)).toEqual({ ok: false, reason: "forbidden" });
    expect(quizMode({ ok: false, reason: "sign_in" }, false)).toEqual({ ok: false, reason: "sign_in" });
  });
});

describe("deadlines", () => {
  const start = new Date("2026-01-01T10:00:00Z");
  it("is the start plus the limit, or none", () => {
    expect(deadlineOf(start, 15)?.toISOString()).toBe("2026-01-01T10:15:00.000Z");
    expect(deadlineOf(start, null)).toBeNull();
  });
  it("takes saves up to the deadline itself, not in the submit's grace", () => {
    const deadline = new Date("2026-01-01T10:15:00Z");
    expect(maySaveAnswers(deadline, deadline)).toBe(true);
    expect(maySaveAnswers(deadline, new Date("2026-01-01T10:15:00.001Z"))).toBe(false);
    expect(maySaveAnswers(null, new Date("2099-01-01T00:00:00Z"))).toBe(true);
  });
});

describe("statsOf", () => {
  const snapshot: AttemptSnapshot = [
    {
      id: "1",
      kind: "single",
      points: 1,
      partialCredit: false,
      prompt: { en: "Q", ar: null },
      explanation: null,
      options: [
        { id: "10", html: { en: "a", ar: null }, correct: true },
        { id: "11", html: { en: "b", ar: null }, correct: false },
        { id: "12", html: { en: "c", ar: null }, correct: false },
      ],
      acceptedAnswers: [],
    },
  ];
  const attempt = (optionId: string, score: number) => ({
    questions: snapshot,
    answers: [{ questionId: "1", optionIds: [optionId] }],
    scorePercent: score,
    passed: score >= 70,
    correctIds: new Set(optionId === "10" ? ["1"] : []),
  });

  it("rounds rates down and names the wrong option chosen most", () => {
    const stats = statsOf([attempt("10", 100), attempt("12", 0), attempt("12", 0)], ["1", "2"]);
    expect(stats).toEqual({
      attempts: 3,
      passRate: 33,
      averageScore: 33,
      questions: [
        { questionId: "1", percentCorrect: 33, mostChosenWrongOptionId: "12", commonWrongAnswers: [] },
        { questionId: "2", percentCorrect: 0, mostChosenWrongOptionId: null, commonWrongAnswers: [] },
      ],
    });
  });

  it("counts a short-text question's wrong answers in the spelling grading compares, most given first", () => {
    const short: AttemptSnapshot = [
      {
        id: "5",
        kind: "short_text",
        points: 1,
        partialCredit: false,
        prompt: { en: "Capital of Egypt?", ar: null },
        explanation: null,
        options: [],
        acceptedAnswers: ["Cairo"],
      },
    ];
    const typed = (text: string, correct = false) => ({
      questions: short,
      answers: [{ questionId: "5", text }],
      scorePercent: correct ? 100 : 0,
      passed: correct,
      correctIds: new Set(correct ? ["5"] : []),
    });
    const stats = statsOf(
      [
        typed("Alexandria "),
        typed("cairo", true),
        typed("Giza"),
        typed("ALEXANDRIA."),
        typed("   "),
        typed("Luxor"),
        typed("giza"),
        typed("الإسكندرية"),
        typed("الاسكندريه"),
        typed("الأسكندرية"),
      ],
      ["5"],
    );
    expect(stats.questions[0]?.commonWrongAnswers).toEqual([
      { text: "الإسكندرية", count: 3 },
      { text: "Alexandria", count: 2 },
      { text: "Giza", count: 2 },
    ]);
    expect(stats.questions[0]?.mostChosenWrongOptionId).toBeNull();
  });

  it("answers zeros without attempts", () => {
    expect(statsOf([], [])).toEqual({ attempts: 0, passRate: 0, averageScore: 0, questions: [] });
  });
});

describe("isCompletePractice", () => {
  it("asks for exactly what an attempt draws, all of the bank", () => {
    expect(isCompletePractice(4, 4, 4, null)).toBe(true);
    expect(isCompletePractice(3, 3, 4, null)).toBe(false);
    expect(isCompletePractice(2, 2, 4, 2)).toBe(true);
    expect(isCompletePractice(4, 4, 4, 2)).toBe(false);
    expect(isCompletePractice(3, 3, 3, 10)).toBe(true);
    expect(isCompletePractice(4, 3, 4, null)).toBe(false);
    expect(isCompletePractice(0, 0, 0, null)).toBe(false);
  });
});
