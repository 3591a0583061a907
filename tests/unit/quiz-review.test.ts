import { describe, expect, it } from "vitest";
import { type AttemptSnapshot, learnerQuestions, reviewOf } from "../../app/quizzes/snapshot";

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

describe("the Markdown beside the HTML (issue 43)", () => {
  const bilingual: AttemptSnapshot = [
    {
      id: "q1",
      kind: "single",
      points: 1,
      partialCredit: false,
      prompt: { en: "<p>Capital of <strong>Egypt</strong>?</p>", ar: "<p>ما عاصمة مصر؟</p>" },
      promptSource: { en: "Capital of **Egypt**?", ar: "ما عاصمة مصر؟" },
      explanation: { en: "<p>On the <em>Nile</em>.</p>", ar: null },
      explanationSource: { en: "On the *Nile*.", ar: null },
      options: [
        {
          id: "a",
          html: { en: "<p>Cairo</p>", ar: "<p>القاهرة</p>" },
          source: { en: "Cairo", ar: "القاهرة" },
          correct: true,
        },
        { id: "b", html: text("<p>Giza</p>"), source: text("Giza"), correct: false },
      ],
      acceptedAnswers: [],
    },
  ];

  it("gives each text's source in the language its HTML is shown in", () => {
    const [arabic] = learnerQuestions(bilingual, "ar");
    expect(arabic).toMatchObject({ promptHtml: "<p>ما عاصمة مصر؟</p>", prompt: "ما عاصمة مصر؟" });
    expect(arabic?.options).toEqual([
      { id: "a", html: "<p>القاهرة</p>", text: "القاهرة" },
      { id: "b", html: "<p>Giza</p>", text: "Giza" },
    ]);
    const [review] = reviewOf(bilingual, [], true, "ar");
    // No Arabic explanation: the English HTML, and the English source with it.
    expect(review).toMatchObject({
      explanationHtml: "<p>On the <em>Nile</em>.</p>",
      explanation: "On the *Nile*.",
    });
    const [english] = learnerQuestions(bilingual, "en");
    expect(english?.prompt).toBe("Capital of **Egypt**?");
  });

  it("answers null for a snapshot taken before sources were kept, and no explanation before review", () => {
    const [question] = snapshot;
    const [learner] = learnerQuestions(snapshot, "en");
    expect(learner?.prompt).toBeNull();
    expect(learner?.options?.every((option) => option.text === null)).toBe(true);
    const old: AttemptSnapshot = [
      { ...(question as AttemptSnapshot[number]), explanation: text("<p>Why</p>") },
    ];
    expect(reviewOf(old, [], true, "en")[0]).toMatchObject({
      explanationHtml: "<p>Why</p>",
      explanation: null,
    });
    expect(reviewOf(bilingual, [], false, "en")[0]).not.toHaveProperty("explanation");
  });
});
