import { describe, expect, it } from "vitest";
import {
  answerField,
  answersFromForm,
  practiceAnswersFromForm,
  shownQuestionsFromForm,
} from "../../app/quizzes/attempt-form";

const questions = [
  { id: "1", kind: "single" as const },
  { id: "2", kind: "multiple" as const },
  { id: "3", kind: "true_false" as const },
  { id: "4", kind: "short_text" as const },
];

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("answersFromForm", () => {
  it("reads one field per question, by kind", () => {
    expect(
      answersFromForm(
        form([
          [answerField("1"), "11"],
          [answerField("2"), "21"],
          [answerField("2"), "23"],
          [answerField("3"), "31"],
          [answerField("4"), " القاهرة "],
        ]),
        questions,
      ),
    ).toEqual([
      { questionId: "1", optionIds: ["11"] },
      { questionId: "2", optionIds: ["21", "23"] },
      { questionId: "3", optionIds: ["31"] },
      { questionId: "4", text: " القاهرة " },
    ]);
  });

  it("leaves out unanswered questions, blank text and fields of questions the attempt does not have", () => {
    expect(
      answersFromForm(
        form([
          [answerField("4"), "   "],
          [answerField("9"), "91"],
        ]),
        questions,
      ),
    ).toEqual([]);
  });

  it("keeps one option for a one-answer kind, drops malformed and repeated ids, and cuts long text", () => {
    const answers = answersFromForm(
      form([
        [answerField("1"), "11"],
        [answerField("1"), "12"],
        [answerField("2"), "21"],
        [answerField("2"), "21"],
        [answerField("2"), "x"],
        [answerField("2"), "0"],
        [answerField("4"), "a".repeat(600)],
      ]),
      questions,
    );
    expect(answers[0]).toEqual({ questionId: "1", optionIds: ["11"] });
    expect(answers[1]).toEqual({ questionId: "2", optionIds: ["21"] });
    expect(answers[2]?.text).toHaveLength(500);
  });
});

describe("a practice's form", () => {
  it("reads the shown questions, leaving out malformed ones, and answers every one of them", () => {
    const posted = new FormData();
    for (const value of ["11:single", "12:short_text", "x:single", "13:essay", "0:single", "14:multiple"])
      posted.append("shown", value);
    posted.append("q-11", "5");
    posted.append("q-14", "7");
    posted.append("q-14", "8");
    const shown = shownQuestionsFromForm(posted);
    expect(shown).toEqual([
      { id: "11", kind: "single" },
      { id: "12", kind: "short_text" },
      { id: "14", kind: "multiple" },
    ]);
    const { given, answers } = practiceAnswersFromForm(posted, shown);
    expect(given).toEqual([
      { questionId: "11", optionIds: ["5"] },
      { questionId: "14", optionIds: ["7", "8"] },
    ]);
    expect(answers).toEqual([...given, { questionId: "12", text: "" }]);
  });
});
