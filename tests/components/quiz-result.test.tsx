// A submitted attempt's result (app/components/quiz/quiz-result.tsx) as the learner reads it, in English and in
// Arabic: a quiz that marks questions shows each one right or wrong without the right answers when the
// setting hides them; a failed result is a warning that says how many attempts are left and which questions
// to go over (issue 50, item 4).
import { within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { QuizResult } from "../../app/components/quiz/quiz-result";
import type { ReviewItem } from "../../app/quizzes/snapshot";
import { type PageProps, serverHtml } from "./render";

type Props = ComponentProps<typeof QuizResult>;

const QUESTIONS: Props["questions"] = [
  {
    id: "1",
    kind: "single",
    points: 1,
    promptHtml: "<p>Capital of Egypt?</p>",
    prompt: null,
    options: [
      { id: "10", html: "<p>Cairo</p>", text: null },
      { id: "11", html: "<p>Alexandria</p>", text: null },
    ],
  },
  { id: "2", kind: "short_text", points: 1, promptHtml: "<p>Its river?</p>", prompt: null },
  { id: "3", kind: "true_false", points: 1, promptHtml: "<p>Cairo is on the coast.</p>", prompt: null },
];

const MARKS: ReviewItem[] = [
  { questionId: "1", correct: true, earned: 100, possible: 1 },
  { questionId: "2", correct: false, earned: 0, possible: 1 },
  { questionId: "3", correct: false, earned: 0, possible: 1 },
];

function Page({ loaderData }: PageProps<Props>) {
  return <QuizResult {...loaderData} />;
}

function result(url: string, props: Partial<Props>) {
  const loaderData: Props = {
    scorePercent: 33,
    passed: false,
    passPercent: 70,
    questions: QUESTIONS,
    answers: [
      { questionId: "1", optionIds: ["10"] },
      { questionId: "2", text: "Amazon" },
    ],
    review: MARKS,
    remaining: 2,
    ...props,
  };
  return within(serverHtml({ path: "/result", url, loaderData, Page }));
}

describe("a failed attempt of a quiz that marks questions", () => {
  it("marks each question and shows no right answer, in a warning that says what is left and what to review", () => {
    const page = result("/result", {});
    const verdicts = page.getAllByTestId("quiz-review").map((item) => item.getAttribute("data-correct"));
    expect(verdicts).toEqual(["true", "false", "false"]);
    expect(page.getAllByText("Wrong")).toHaveLength(2);
    expect(page.queryByTestId("quiz-correct-answer")).toBeNull();
    expect(page.getByText("The right answers are not shown for this attempt.")).toBeTruthy();
    const box = page.getByTestId("quiz-outcome-box");
    expect(box.className).toContain("amber");
    expect(page.getByTestId("quiz-next-steps").textContent).toBe(
      "2 attempts left Go over questions 2 and 3 (marked wrong below) before your next try.",
    );
  });

  it("in Arabic: the dual, and the list joined as Arabic joins it", () => {
    const page = result("/ar/result", {});
    expect(page.getByTestId("quiz-next-steps").textContent).toBe(
      "بقيت محاولتان راجع السؤالين 2 و3 (المعلَّمين بالخطأ أدناه) قبل محاولتك التالية.",
    );
  });

  it("sends to the lesson when nothing is marked, and says when no attempt is left", () => {
    const unmarked = result("/result", { review: undefined, remaining: null });
    expect(unmarked.getAllByTestId("quiz-review").every((item) => !item.hasAttribute("data-correct"))).toBe(
      true,
    );
    expect(unmarked.getByTestId("quiz-next-steps").textContent).toBe(
      "You can try again as often as you need. Go over the lesson before your next try.",
    );
    const spent = result("/result", { remaining: 0 });
    expect(spent.getByTestId("quiz-next-steps").textContent).toBe(
      "You have used every attempt this quiz allows.",
    );
  });

  it("shows no next steps and no warning once passed", () => {
    const page = result("/result", { passed: true, scorePercent: 100, review: undefined, remaining: null });
    expect(page.queryByTestId("quiz-next-steps")).toBeNull();
    expect(page.getByTestId("quiz-outcome-box").className).not.toContain("amber");
  });
});
