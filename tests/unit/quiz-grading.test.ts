// The grading rules of quizzes (app/quizzes/grading.ts): every question kind, partial credit to the exact
// unit, hostile answers, the score's rounding at a pass mark, the deadline's grace, seeded draws and
// shuffles, when answers are revealed and how many attempts remain.
import { describe, expect, it } from "vitest";
import {
  type Answer,
  answersCountedAt,
  answersInTime,
  attemptsRemaining,
  type ChoiceQuestion,
  drawQuestions,
  gradeAttempt,
  gradeQuestion,
  mayRevealAnswers,
  mayStartAttempt,
  orderOptions,
  POINT_UNITS,
  passes,
  type Question,
  type RandomSource,
  reviewLevel,
  type ShortTextQuestion,
  SUBMIT_GRACE_SECONDS,
  seededRandom,
} from "../../app/quizzes/grading";

const single: ChoiceQuestion = {
  id: "q-single",
  kind: "single",
  points: 2,
  partialCredit: false,
  options: [
    { id: "s1", correct: false },
    { id: "s2", correct: true },
    { id: "s3", correct: false },
  ],
};

const trueFalse: ChoiceQuestion = {
  id: "q-tf",
  kind: "true_false",
  points: 1,
  partialCredit: false,
  options: [
    { id: "true", correct: false },
    { id: "false", correct: true },
  ],
};

/** Three correct options of five. */
const multipleOptions = [
  { id: "m1", correct: true },
  { id: "m2", correct: true },
  { id: "m3", correct: true },
  { id: "m4", correct: false },
  { id: "m5", correct: false },
];
const allOrNothing: ChoiceQuestion = {
  id: "q-multi",
  kind: "multiple",
  points: 3,
  partialCredit: false,
  options: multipleOptions,
};
const partial: ChoiceQuestion = { ...allOrNothing, id: "q-partial", partialCredit: true };

const shortText: ShortTextQuestion = {
  id: "q-text",
  kind: "short_text",
  points: 4,
  acceptedAnswers: ["القاهرة", "Cairo"],
};

const choose = (question: Question, ...optionIds: string[]): Answer => ({
  questionId: question.id,
  optionIds,
});
const write = (question: Question, text: string): Answer => ({ questionId: question.id, text });

describe("single choice and true/false", () => {
  it("gives full points for exactly the one correct option", () => {
    expect(gradeQuestion(single, choose(single, "s2"))).toEqual({
      questionId: "q-single",
      earned: 2,
      possible: 2,
      correct: true,
    });
    expect(gradeQuestion(trueFalse, choose(trueFalse, "false"))).toMatchObject({ earned: 1, correct: true });
  });

  it("gives nothing for a wrong option, no option, or the right one with another", () => {
    expect(gradeQuestion(single, choose(single, "s1"))).toMatchObject({
      earned: 0,
      possible: 2,
      correct: false,
    });
    expect(gradeQuestion(single, choose(single))).toMatchObject({ earned: 0, correct: false });
    expect(gradeQuestion(single, choose(single, "s2", "s1"))).toMatchObject({ earned: 0, correct: false });
    expect(gradeQuestion(trueFalse, choose(trueFalse, "true"))).toMatchObject({ earned: 0, correct: false });
    expect(gradeQuestion(trueFalse, choose(trueFalse, "true", "false"))).toMatchObject({ earned: 0 });
  });

  it("ignores partialCredit on a kind other than multiple", () => {
    const lenient = { ...single, partialCredit: true };
    expect(gradeQuestion(lenient, choose(lenient, "s2", "s1"))).toMatchObject({ earned: 0, correct: false });
  });
});

describe("multiple choice, all or nothing", () => {
  it("gives full points only for exactly the correct set, in any order", () => {
    expect(gradeQuestion(allOrNothing, choose(allOrNothing, "m3", "m1", "m2"))).toMatchObject({
      earned: 3,
      correct: true,
    });
    expect(gradeQuestion(allOrNothing, choose(allOrNothing, "m1", "m2"))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(allOrNothing, choose(allOrNothing, "m1", "m2", "m3", "m4"))).toMatchObject({
      earned: 0,
      correct: false,
    });
  });
});

describe("multiple choice, partial credit (+1/k per correct option chosen, −1/k per wrong one, floor 0)", () => {
  it("gives 1/k of the points per correct option chosen", () => {
    expect(gradeQuestion(partial, choose(partial, "m1"))).toMatchObject({ earned: 1, correct: false });
    expect(gradeQuestion(partial, choose(partial, "m1", "m2"))).toMatchObject({ earned: 2, correct: false });
    expect(gradeQuestion(partial, choose(partial, "m1", "m2", "m3"))).toMatchObject({
      earned: 3,
      correct: true,
    });
  });

  it("takes 1/k away per wrong option chosen: 2 correct of 3 and 1 wrong earn exactly 1/3 of the points", () => {
    expect(gradeQuestion(partial, choose(partial, "m1", "m2", "m4"))).toMatchObject({
      earned: 1,
      correct: false,
    });
    const onePoint = { ...partial, points: 1 };
    // 1/3 of a point, shown rounded down to hundredths; the attempt's total stays exact (below).
    expect(gradeQuestion(onePoint, choose(onePoint, "m1", "m2", "m4"))).toMatchObject({ earned: 0.33 });
    expect(gradeQuestion(onePoint, choose(onePoint, "m1", "m2"))).toMatchObject({ earned: 0.66 });
  });

  it("never goes below zero: ticking everything earns (correct − wrong)/k, nothing when wrong ≥ correct", () => {
    expect(gradeQuestion(partial, choose(partial, "m4", "m5"))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(partial, choose(partial, "m1", "m4", "m5"))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(partial, choose(partial, "m1", "m2", "m3", "m4", "m5"))).toMatchObject({
      earned: 1,
    });
    const twoOfFour: ChoiceQuestion = {
      ...partial,
      options: [
        { id: "a", correct: true },
        { id: "b", correct: true },
        { id: "c", correct: false },
        { id: "d", correct: false },
      ],
    };
    expect(gradeQuestion(twoOfFour, choose(twoOfFour, "a", "b", "c", "d"))).toMatchObject({ earned: 0 });
  });

  it("adds thirds exactly: three answers shown as 0.33 each make exactly 1 point", () => {
    const thirds = [1, 2, 3].map((n) => ({ ...partial, id: `third-${n}`, points: 1 }));
    const result = gradeAttempt(
      thirds,
      thirds.map((question) => choose(question, "m1")),
    );
    expect(result.results.map((r) => r.earned)).toEqual([0.33, 0.33, 0.33]);
    expect(result).toMatchObject({ earned: 1, possible: 3, scorePercent: 33 });
  });

  it("totals in whole units, so 1/7 + 3/10 + 6/7 + 7/10 of 4 points is 50 %, not the 49 % of a float sum", () => {
    expect(1 / 7 + 3 / 10 + 6 / 7 + 7 / 10).toBeLessThan(2); // what adding floats would have said
    const sevenOfEight: ChoiceQuestion = {
      id: "sevens",
      kind: "multiple",
      points: 1,
      partialCredit: true,
      options: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ id: `o${n}`, correct: n <= 7 })),
    };
    const allTen: ChoiceQuestion = {
      id: "tens",
      kind: "multiple",
      points: 1,
      partialCredit: true,
      options: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({ id: `o${n}`, correct: true })),
    };
    const ids = (count: number) => Array.from({ length: count }, (_, index) => `o${index + 1}`);
    const questions = [
      { ...sevenOfEight, id: "a" },
      { ...allTen, id: "b" },
      { ...sevenOfEight, id: "c" },
      { ...allTen, id: "d" },
    ];
    const [a, b, c, d] = questions as [Question, Question, Question, Question];
    const result = gradeAttempt(questions, [
      choose(a, ...ids(1)),
      choose(b, ...ids(3)),
      choose(c, ...ids(6)),
      choose(d, ...ids(7)),
    ]);
    expect(result.results.map((r) => r.earned)).toEqual([0.14, 0.3, 0.85, 0.7]);
    expect(result).toMatchObject({ earned: 2, possible: 4, scorePercent: 50 });
    expect(passes(result.scorePercent, 50)).toBe(true);
  });

  it("counts in whole units for every number of correct options up to 10", () => {
    for (let k = 1; k <= 10; k += 1) expect(POINT_UNITS % k, `k = ${k}`).toBe(0);
  });
});

describe("short text", () => {
  it("gives full points for an accepted answer, normalised", () => {
    expect(gradeQuestion(shortText, write(shortText, "القاهره"))).toMatchObject({ earned: 4, correct: true });
    expect(gradeQuestion(shortText, write(shortText, " cairo. "))).toMatchObject({
      earned: 4,
      correct: true,
    });
  });

  it("gives nothing for another answer or an empty one", () => {
    expect(gradeQuestion(shortText, write(shortText, "Giza"))).toMatchObject({ earned: 0, possible: 4 });
    expect(gradeQuestion(shortText, write(shortText, ""))).toMatchObject({ earned: 0, correct: false });
  });
});

describe("hostile and missing answers count as wrong, never throw", () => {
  const hostile = (value: unknown) => value as Answer;
  const hostileList = (value: unknown) => value as Answer[];

  it("gives 0 for a missing answer", () => {
    for (const question of [single, trueFalse, allOrNothing, partial, shortText])
      expect(gradeQuestion(question, undefined)).toEqual({
        questionId: question.id,
        earned: 0,
        possible: question.points,
        correct: false,
      });
  });

  it("gives 0 for unknown ids, duplicates and another question's option, even with partial credit", () => {
    expect(gradeQuestion(single, choose(single, "nope"))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(single, choose(single, "s2", "s2"))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(partial, choose(partial, "m1", "m1"))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(partial, choose(partial, "m1", "m2", "s2"))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(allOrNothing, choose(allOrNothing, "m1", "m2", "m3", "m3"))).toMatchObject({
      earned: 0,
    });
  });

  it("gives 0 for an answer to another question", () => {
    expect(gradeQuestion(single, { questionId: trueFalse.id, optionIds: ["s2"] })).toMatchObject({
      earned: 0,
    });
  });

  it("gives 0 for answers of the wrong shape", () => {
    const shapes: unknown[] = [
      null,
      "s2",
      42,
      [],
      { questionId: single.id },
      { questionId: single.id, optionIds: "s2" },
      { questionId: single.id, optionIds: [2] },
      { questionId: single.id, optionIds: [null] },
      { questionId: single.id, optionIds: [{ id: "s2" }] },
      { questionId: single.id, text: "s2" },
      { questionId: single.id, optionIds: ["s2"], text: "s2" },
    ];
    for (const shape of shapes)
      expect(gradeQuestion(single, hostile(shape)), JSON.stringify(shape)).toMatchObject({ earned: 0 });
    const textShapes: unknown[] = [
      { questionId: shortText.id },
      { questionId: shortText.id, text: ["Cairo"] },
      { questionId: shortText.id, text: 7 },
      { questionId: shortText.id, optionIds: ["Cairo"] },
      { questionId: shortText.id, text: "Cairo", optionIds: [] },
    ];
    for (const shape of textShapes)
      expect(gradeQuestion(shortText, hostile(shape)), JSON.stringify(shape)).toMatchObject({ earned: 0 });
  });

  it("grades 10,000-character answers and 10,000 option ids without trouble", () => {
    expect(gradeQuestion(shortText, write(shortText, "x".repeat(10_000)))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(shortText, write(shortText, `Cairo${" ".repeat(10_000)}`))).toMatchObject({
      earned: 4,
    });
    const many = Array.from({ length: 10_000 }, (_, index) => `id-${index}`);
    expect(gradeQuestion(partial, choose(partial, ...many))).toMatchObject({ earned: 0 });
    expect(gradeQuestion(partial, choose(partial, "m1", "x".repeat(10_000)))).toMatchObject({ earned: 0 });
  });

  it("grades a whole attempt of hostile answers to 0 and keeps the first of two answers to a question", () => {
    const questions = [single, shortText];
    expect(gradeAttempt(questions, hostileList([null, 7, "x", { questionId: 1 }]))).toMatchObject({
      earned: 0,
      possible: 6,
      scorePercent: 0,
    });
    expect(gradeAttempt(questions, hostileList("not a list"))).toMatchObject({ earned: 0, scorePercent: 0 });
    const twice = gradeAttempt([single], [choose(single, "s1"), choose(single, "s2")]);
    expect(twice).toMatchObject({ earned: 0, scorePercent: 0 });
  });
});

describe("an attempt's score", () => {
  it("adds every question, in the order given, with a whole percent", () => {
    const questions = [single, trueFalse, allOrNothing, partial, shortText];
    const result = gradeAttempt(questions, [
      write(shortText, "Cairo"),
      choose(single, "s2"),
      choose(partial, "m1", "m2"),
      choose(trueFalse, "true"),
    ]);
    expect(result.results.map((r) => [r.questionId, r.earned])).toEqual([
      ["q-single", 2],
      ["q-tf", 0],
      ["q-multi", 0],
      ["q-partial", 2],
      ["q-text", 4],
    ]);
    expect(result).toMatchObject({ earned: 8, possible: 13, scorePercent: 61 }); // 61.5 % rounded down
  });

  it("ignores answers to questions that were not drawn", () => {
    expect(gradeAttempt([single], [choose(single, "s2"), write(shortText, "Cairo")])).toMatchObject({
      earned: 2,
      possible: 2,
      scorePercent: 100,
    });
  });

  it("rounds down at the pass boundary: 69.9 % does not pass 70 %, 70 % does", () => {
    const bank = Array.from({ length: 1000 }, (_, index) => ({ ...trueFalse, id: `tf-${index}` }));
    const rightAnswers = (count: number) => bank.slice(0, count).map((question) => choose(question, "false"));
    const justBelow = gradeAttempt(bank, rightAnswers(699));
    expect(justBelow.scorePercent).toBe(69);
    expect(passes(justBelow.scorePercent, 70)).toBe(false);
    const atMark = gradeAttempt(bank, rightAnswers(700));
    expect(atMark.scorePercent).toBe(70);
    expect(passes(atMark.scorePercent, 70)).toBe(true);
    expect(gradeAttempt(bank, rightAnswers(999)).scorePercent).toBe(99);
    expect(gradeAttempt(bank, rightAnswers(1000)).scorePercent).toBe(100);
  });

  it("rounds partial credit down too: 2 + 1/3 of 3 points is 77 %, passing 77 % and not 78 %", () => {
    const onePoint = { ...partial, id: "p1", points: 1 };
    const twoPoints = { ...single, id: "s3", points: 2 };
    const result = gradeAttempt([twoPoints, onePoint], [choose(twoPoints, "s2"), choose(onePoint, "m1")]);
    expect(result).toMatchObject({ earned: 2.33, possible: 3, scorePercent: 77 });
    expect(passes(result.scorePercent, 77)).toBe(true);
    expect(passes(result.scorePercent, 78)).toBe(false);
  });

  it("scores an attempt with nothing to earn as 0, and any score passes a 0 % mark", () => {
    expect(gradeAttempt([], [])).toEqual({
      earned: 0,
      possible: 0,
      scorePercent: 0,
      earnedUnits: 0,
      possibleUnits: 0,
      results: [],
    });
    expect(passes(0, 0)).toBe(true);
    expect(passes(100, 100)).toBe(true);
    expect(passes(99, 100)).toBe(false);
  });
});

describe("deadline and its grace", () => {
  const deadline = new Date("2026-11-25T10:00:00Z");
  const at = (seconds: number) => new Date(deadline.getTime() + seconds * 1000);

  it("takes a submit's answers until the deadline plus 30 s, inclusive", () => {
    expect(SUBMIT_GRACE_SECONDS).toBe(30);
    expect(answersCountedAt(deadline, at(-60))).toEqual({ use: "submitted" });
    expect(answersCountedAt(deadline, at(0))).toEqual({ use: "submitted" });
    expect(answersCountedAt(deadline, at(30))).toEqual({ use: "submitted" });
  });

  it("grades a later submit on the answers saved before the deadline only", () => {
    expect(answersCountedAt(deadline, at(30.001))).toEqual({ use: "saved", savedBy: deadline });
    expect(answersCountedAt(deadline, at(3600))).toEqual({ use: "saved", savedBy: deadline });
  });

  it("takes saves on the same terms, and everything when there is no deadline", () => {
    expect(answersInTime(deadline, at(29))).toBe(true);
    expect(answersInTime(deadline, at(31))).toBe(false);
    expect(answersInTime(null, at(1_000_000))).toBe(true);
    expect(answersCountedAt(null, at(1_000_000))).toEqual({ use: "submitted" });
  });
});

describe("drawing and shuffling", () => {
  const bank = ["a", "b", "c", "d", "e", "f", "g", "h"];
  /** A random source that never gets called. */
  const unused: RandomSource = () => {
    throw new Error("randomness used where none is needed");
  };

  it("keeps the whole bank in order without a draw count or shuffling, using no randomness", () => {
    expect(drawQuestions(bank, { drawCount: null, shuffle: false }, unused)).toEqual(bank);
    expect(drawQuestions(bank, { shuffle: false }, unused)).toEqual(bank);
    expect(drawQuestions(bank, { drawCount: 8, shuffle: false }, unused)).toEqual(bank);
    expect(drawQuestions(bank, { drawCount: 50, shuffle: false }, unused)).toEqual(bank);
    expect(orderOptions(bank, false, unused)).toEqual(bank);
  });

  it("shuffles by Fisher–Yates: a source always giving 0 rotates the list left", () => {
    expect(orderOptions(["a", "b", "c", "d"], true, () => 0)).toEqual(["b", "c", "d", "a"]);
    // Always just under 1: every element swaps with itself, the order is kept.
    expect(orderOptions(["a", "b", "c", "d"], true, () => 0.999_999)).toEqual(["a", "b", "c", "d"]);
  });

  it("is deterministic for a seed, and differs between seeds", () => {
    const first = drawQuestions(bank, { drawCount: null, shuffle: true }, seededRandom(42));
    expect(drawQuestions(bank, { drawCount: null, shuffle: true }, seededRandom(42))).toEqual(first);
    expect([...first].sort()).toEqual(bank);
    expect(first).not.toEqual(bank);
    expect(drawQuestions(bank, { drawCount: null, shuffle: true }, seededRandom(7))).not.toEqual(first);
  });

  it("draws a random subset kept in bank order when not shuffling", () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const drawn = drawQuestions(bank, { drawCount: 3, shuffle: false }, seededRandom(seed));
      expect(drawn).toHaveLength(3);
      expect(new Set(drawn).size).toBe(3);
      expect(drawn).toEqual(bank.filter((id) => drawn.includes(id)));
    }
    const subsets = new Set(
      Array.from({ length: 20 }, (_, seed) =>
        drawQuestions(bank, { drawCount: 3, shuffle: false }, seededRandom(seed)).join(""),
      ),
    );
    expect(subsets.size).toBeGreaterThan(10);
  });

  it("draws a shuffled subset when shuffling", () => {
    const orders = Array.from({ length: 20 }, (_, seed) =>
      drawQuestions(bank, { drawCount: 3, shuffle: true }, seededRandom(seed)),
    );
    for (const drawn of orders) {
      expect(drawn).toHaveLength(3);
      expect(new Set(drawn).size).toBe(3);
      for (const id of drawn) expect(bank).toContain(id);
    }
    expect(orders.some((drawn) => drawn.join("") !== bank.filter((id) => drawn.includes(id)).join(""))).toBe(
      true,
    );
  });

  it("gives every order of three the same chance (no off-by-one bias)", () => {
    const random = seededRandom(2026);
    const counts = new Map<string, number>();
    for (let run = 0; run < 6000; run += 1) {
      const order = orderOptions(["a", "b", "c"], true, random).join("");
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it("refuses a draw count below 1 or not whole, with a clear error", () => {
    for (const drawCount of [0, -1, 1.5, Number.NaN])
      expect(() => drawQuestions(bank, { drawCount, shuffle: true }, seededRandom(1))).toThrow(
        /drawCount must be a whole number of at least 1/,
      );
  });

  it("stays in range with a source that strays outside [0, 1), and handles an empty bank", () => {
    expect([...orderOptions(bank, true, () => 1)].sort()).toEqual(bank);
    expect([...orderOptions(bank, true, () => -0.5)].sort()).toEqual(bank);
    expect([...orderOptions(bank, true, () => Number.NaN)].sort()).toEqual(bank);
    expect(drawQuestions([], { drawCount: 3, shuffle: true }, seededRandom(1))).toEqual([]);
  });

  it("the seeded source gives numbers in [0, 1)", () => {
    const random = seededRandom(0);
    for (let index = 0; index < 10_000; index += 1) {
      const value = random();
      expect(value >= 0 && value < 1).toBe(true);
    }
  });
});

describe("revealing the answers", () => {
  it("never before submission, whatever the setting", () => {
    for (const reveal of ["never", "after_pass", "always"] as const)
      for (const passed of [false, true])
        expect(mayRevealAnswers(reveal, { submitted: false, passed })).toBe(false);
  });

  it("after submission: always, once passed, or never", () => {
    expect(mayRevealAnswers("always", { submitted: true, passed: false })).toBe(true);
    expect(mayRevealAnswers("after_pass", { submitted: true, passed: false })).toBe(false);
    expect(mayRevealAnswers("after_pass", { submitted: true, passed: true })).toBe(true);
    expect(mayRevealAnswers("never", { submitted: true, passed: true })).toBe(false);
  });

  it("marks each question after submission when the quiz marks questions, answers by reveal", () => {
    const marking = { reveal: "after_pass", markQuestions: true } as const;
    expect(reviewLevel(marking, { submitted: false, passed: false })).toBe("none");
    expect(reviewLevel(marking, { submitted: true, passed: false })).toBe("marks");
    expect(reviewLevel(marking, { submitted: true, passed: true })).toBe("answers");
    expect(reviewLevel({ reveal: "never", markQuestions: false }, { submitted: true, passed: true })).toBe(
      "none",
    );
    expect(reviewLevel({ reveal: "always", markQuestions: false }, { submitted: true, passed: false })).toBe(
      "answers",
    );
  });
});

describe("attempts", () => {
  it("0 allowed means unlimited", () => {
    expect(attemptsRemaining(0, 0)).toBeNull();
    expect(attemptsRemaining(0, 1_000)).toBeNull();
    expect(mayStartAttempt(0, 1_000)).toBe(true);
  });

  it("counts down to 0 and never below", () => {
    expect(attemptsRemaining(3, 0)).toBe(3);
    expect(attemptsRemaining(3, 2)).toBe(1);
    expect(mayStartAttempt(3, 2)).toBe(true);
    expect(attemptsRemaining(3, 3)).toBe(0);
    expect(mayStartAttempt(3, 3)).toBe(false);
    expect(attemptsRemaining(3, 5)).toBe(0);
    expect(mayStartAttempt(3, 5)).toBe(false);
    expect(attemptsRemaining(1, -4)).toBe(1);
  });
});
