import { describe, expect, it } from "vitest";
import { type AttemptSnapshot, reviewOf } from "../../app/quizzes/snapshot";

const text = (en: string) => ({ en, ar: null });

// Two correct options of four, partial credit on: one right pick earns half the points.
const snapshot: AttemptSnapshot = [
  {
    id: "q1",
    kind: "multiple",
    points: 2,
    partialCredit: true,
    prompt: text("Pick the primes"),
    explanation: null,
    options: [
      { id: "a", html: text("2"), correct: true },
      { id: "b", html: text("3"), correct: true },
      { id: "c", html: text("4"), correct: false },
      { id: "d", html: text("6"), correct: false },
    ],
    acceptedAnswers: [],
  },
];

describe("a submitted attempt's review", () => {
  it("tells a partly right answer (some points, not correct) from a wrong one and a right one", () => {
    const [partly] = reviewOf(snapshot, [{ questionId: "q1", optionIds: ["a"] }], false, "en");
    expect(partly).toEqual({ questionId: "q1", correct: false, earned: 1, possible: 2 });
    const [wrong] = reviewOf(snapshot, [{ questionId: "q1", optionIds: ["a", "c"] }], false, "en");
    expect(wrong).toMatchObject({ correct: false, earned: 0, possible: 2 });
    const [right] = reviewOf(snapshot, [{ questionId: "q1", optionIds: ["a", "b"] }], true, "en");
    expect(right).toMatchObject({ correct: true, earned: 2, possible: 2, correctOptionIds: ["a", "b"] });
  });
});
