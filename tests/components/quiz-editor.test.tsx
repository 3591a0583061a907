// The studio's quiz page (app/components/studio/quiz-page.tsx) as a trainer uses it: the settings and each
// question's form with what is saved, "Add a question" and what it posts, a refused question with its error
// summary, the delete confirmation, an empty quiz; in English and in Arabic.

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { QuizEditor } from "../../app/components/studio/quiz-page";
import type { Locale } from "../../app/i18n/languages";
import { resources } from "../../app/i18n/resources.server";
import { createBrowserTranslator } from "../../app/i18n/use-translation";
import { pick } from "../../app/lib/localized";
import { renderMarkdown } from "../../app/lib/markdown.server";
import { applyChange, issuesToFields } from "../../app/quizzes/form";
import { QuizInput } from "../../app/quizzes/inputs";
import type { TrainerQuiz } from "../../app/quizzes/quizzes.server";
import type { QuizAnswer } from "../../app/routes/instructor-quiz";
import { fieldsOf, type PageProps, renderPage, serverHtml } from "./render";

type LoaderData = ComponentProps<typeof QuizEditor>["loaderData"];

const PATH = "/instructor/courses/:id/lessons/:lessonId/quiz";
const HERE = "/instructor/courses/7/lessons/31/quiz";

/** A saved quiz as getQuizForTrainer gives it: a single-choice question and a short-text one. */
const QUIZ: TrainerQuiz = {
  lessonId: 31,
  courseId: 7,
  passPercent: 70,
  maxAttempts: 3,
  timeLimitMinutes: 20,
  drawCount: null,
  shuffle: true,
  reveal: "after_pass",
  markQuestions: true,
  questions: [
    {
      id: 101,
      kind: "single",
      prompt: "What does **HTTP** stand for?",
      promptHtml: renderMarkdown("What does **HTTP** stand for?"),
      promptAr: "ماذا يعني **HTTP**؟",
      promptArHtml: renderMarkdown("ماذا يعني **HTTP**؟"),
      points: 2,
      partialCredit: false,
      explanation: "The protocol of the web.",
      explanationHtml: renderMarkdown("The protocol of the web."),
      explanationAr: null,
      explanationArHtml: null,
      options: [
        {
          id: 501,
          text: "HyperText Transfer Protocol",
          textHtml: renderMarkdown("HyperText Transfer Protocol"),
          textAr: "بروتوكول نقل النص التشعبي",
          textArHtml: renderMarkdown("بروتوكول نقل النص التشعبي"),
          correct: true,
        },
        {
          id: 502,
          text: "High Transfer Text Protocol",
          textHtml: renderMarkdown("High Transfer Text Protocol"),
          textAr: null,
          textArHtml: null,
          correct: false,
        },
      ],
    },
    {
      id: 102,
      kind: "short_text",
      prompt: "Name the capital of Egypt.",
      promptHtml: renderMarkdown("Name the capital of Egypt."),
      promptAr: "ما عاصمة مصر؟",
      promptArHtml: renderMarkdown("ما عاصمة مصر؟"),
      points: 1,
      partialCredit: false,
      explanation: null,
      explanationHtml: null,
      explanationAr: null,
      explanationArHtml: null,
      acceptedAnswers: ["Cairo", "القاهرة"],
    },
  ],
};

/** The page's loader data for `quiz`, built as app/routes/instructor-quiz.tsx's loader builds it. */
function loaderDataOf(quiz: TrainerQuiz, locale: Locale): LoaderData {
  const lessonTitle = pick(locale, "HTTP basics", "أساسيات HTTP");
  return {
    meta: {
      title: `Quiz: ${lessonTitle}`,
      description: "",
      canonical: `https://manara.example${HERE}`,
      alternates: [],
    },
    course: { id: quiz.courseId, title: pick(locale, "The web", "الويب"), isPublished: false },
    lesson: { id: quiz.lessonId, title: lessonTitle },
    version: "2026-11-20T10:00:00.000Z",
    settings: {
      passPercent: quiz.passPercent,
      maxAttempts: quiz.maxAttempts,
      timeLimitMinutes: quiz.timeLimitMinutes,
      drawCount: quiz.drawCount,
      shuffle: quiz.shuffle,
      reveal: quiz.reveal,
      markQuestions: quiz.markQuestions,
    },
    questions: quiz.questions.map((question) => ({
      ...question,
      labelHtml: renderMarkdown(pick(locale, question.prompt, question.promptAr)),
      optionLabelsHtml: question.options?.map((option) =>
        renderMarkdown(pick(locale, option.text, option.textAr)),
      ),
    })),
    view: "questions",
    stats: null,
  };
}

/**
 * The page's action where a test does not say otherwise: the route's answer to a refused form, computed as
 * app/routes/instructor-quiz.tsx computes it (the posted fields applied to the saved quiz, checked with
 * QuizInput, the issues mapped back to the form's fields and translated); a form it accepts redirects in
 * the app, here it answers null.
 */
function quizAction(quiz: TrainerQuiz, locale: Locale) {
  const t = createBrowserTranslator(locale, resources).getFixedT(null, "studio");
  return (form: FormData) => {
    const fields = fieldsOf(form);
    if (fields.intent !== "addQuestion") return null;
    const edit = applyChange(quiz, { intent: "addQuestion", fields });
    if (!edit) return null;
    const parsed = QuizInput.safeParse(edit.candidate);
    if (parsed.success) return null;
    const mapped = issuesToFields(parsed.error.issues, { ...edit, kind: fields.kind }, (key) => t(key));
    const answer: QuizAnswer = { form: "new", ...mapped, values: fields };
    return data(answer, { status: 400 });
  };
}

/** As the route's component (app/routes/instructor-quiz.tsx): the action's answer is the editor's `answer`. */
function QuizPage({ loaderData, actionData }: PageProps<LoaderData>) {
  return <QuizEditor loaderData={loaderData} answer={actionData as QuizAnswer | undefined} />;
}

function renderEditor({
  quiz = QUIZ,
  url = HERE,
  stats,
}: {
  quiz?: TrainerQuiz;
  url?: string;
  stats?: LoaderData["stats"];
} = {}) {
  const locale: Locale = url.startsWith("/ar/") ? "ar" : "en";
  const loaderData = loaderDataOf(quiz, locale);
  return renderPage({
    path: PATH,
    url,
    loaderData: stats ? { ...loaderData, view: "stats", stats } : loaderData,
    Page: QuizPage,
    action: quizAction(quiz, locale),
  });
}

const question = (position: number) =>
  screen.getByRole("listitem", { name: new RegExp(`^Question ${position}\\b`) });
const addForm = () => within(screen.getByRole("region", { name: "Add a question" }));

describe("the quiz editor", () => {
  it("shows the saved settings and each question's form with its values", () => {
    renderEditor();
    expect(screen.getByRole("heading", { level: 1, name: "Quiz: HTTP basics" })).toBeTruthy();

    const settings = within(screen.getByRole("region", { name: "Settings" }));
    expect(settings.getByLabelText<HTMLInputElement>("Pass mark (%)").value).toBe("70");
    expect(settings.getByLabelText<HTMLInputElement>("Attempts allowed").value).toBe("3");
    expect(settings.getByLabelText<HTMLInputElement>(/^Time limit/).value).toBe("20");
    expect(settings.getByLabelText<HTMLInputElement>(/^Questions per attempt/).value).toBe("");
    expect(settings.getByLabelText<HTMLSelectElement>("Show the correct answers").value).toBe("after_pass");
    expect(settings.getByRole<HTMLInputElement>("checkbox", { name: /^Shuffle/ }).checked).toBe(true);

    expect(screen.getByRole("heading", { level: 2, name: "2 questions" })).toBeTruthy();
    const first = within(question(1));
    // The question as learners see it, rendered from its Markdown, and its correct option marked.
    expect(question(1).querySelector("strong")?.textContent).toBe("HTTP");
    expect(first.getByText("HyperText Transfer Protocol").closest("li")?.textContent).toContain("(Correct)");
    // Its form, with what is saved (the edit form sits in a closed <details>, still in the document).
    expect(first.getByLabelText<HTMLSelectElement>("Type").value).toBe("single");
    expect(first.getByLabelText<HTMLTextAreaElement>(/^Question$/).value).toBe(
      "What does **HTTP** stand for?",
    );
    expect(first.getByLabelText<HTMLTextAreaElement>("Question (Arabic)").value).toBe("ماذا يعني **HTTP**؟");
    expect(first.getByLabelText<HTMLInputElement>("Points").value).toBe("2");
    expect(first.getByLabelText<HTMLInputElement>("Option 1").value).toBe("HyperText Transfer Protocol");
    expect(first.getByLabelText<HTMLInputElement>("Option 2").value).toBe("High Transfer Text Protocol");
    expect(first.getByRole("group", { name: /^Options/ })).toBeTruthy();
    // Two blank rows to add options with, and which option is correct.
    expect(first.getByLabelText<HTMLInputElement>("Option 4").value).toBe("");
    expect(first.queryByLabelText("Option 5")).toBeNull();
    const correct = first.getAllByRole<HTMLInputElement>("checkbox", { name: "Correct" });
    expect(correct.map((box) => box.checked)).toEqual([true, false, false, false]);
    // The first question cannot move up, the last cannot move down.
    expect(first.getByRole<HTMLButtonElement>("button", { name: "Move question 1 up" }).disabled).toBe(true);
    expect(first.getByRole<HTMLButtonElement>("button", { name: "Move question 1 down" }).disabled).toBe(
      false,
    );

    const second = within(question(2));
    expect(second.getByLabelText<HTMLSelectElement>("Type").value).toBe("short_text");
    expect(second.getByLabelText<HTMLTextAreaElement>(/^Accepted answers/).value).toBe("Cairo\nالقاهرة");
    // With JavaScript only the chosen kind's fields show: a short-text question has no option rows.
    expect(second.queryByRole("group", { name: /^Options/ })).toBeNull();
  });

  it("posts a new question with intent=addQuestion and the fields typed", async () => {
    const { posts } = renderEditor();
    const form = addForm();
    fireEvent.change(form.getByLabelText(/^Question$/), { target: { value: "Which port does HTTPS use?" } });
    fireEvent.change(form.getByLabelText("Question (Arabic)"), { target: { value: "ما منفذ HTTPS؟" } });
    fireEvent.change(form.getByLabelText("Points"), { target: { value: "3" } });
    fireEvent.change(form.getByLabelText("Option 1"), { target: { value: "80" } });
    fireEvent.change(form.getByLabelText("Option 2"), { target: { value: "443" } });
    fireEvent.click(form.getAllByRole("checkbox", { name: "Correct" })[1] as HTMLElement);
    fireEvent.click(form.getByRole("button", { name: "Add the question" }));

    await waitFor(() => expect(posts).toHaveLength(1));
    const fields = fieldsOf(posts[0]);
    expect(fields).toMatchObject({
      intent: "addQuestion",
      kind: "single",
      prompt: "Which port does HTTPS use?",
      promptAr: "ما منفذ HTTPS؟",
      points: "3",
      "options.0.text": "80",
      "options.1.text": "443",
      "options.1.correct": "on",
      "options.2.text": "",
      explanation: "",
    });
    expect(fields).not.toHaveProperty("options.0.correct");
    expect(fields).not.toHaveProperty("questionId");
  });

  it("posts a true/false question with the radio's answer once its kind is chosen", async () => {
    const { posts } = renderEditor();
    const form = addForm();
    fireEvent.change(form.getByLabelText("Type"), { target: { value: "true_false" } });
    // The option rows give way to the true/false pair.
    expect(form.queryByRole("group", { name: /^Options/ })).toBeNull();
    fireEvent.change(form.getByLabelText(/^Question$/), { target: { value: "HTTP is stateless." } });
    fireEvent.click(form.getByRole("radio", { name: "True" }));
    fireEvent.click(form.getByRole("button", { name: "Add the question" }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(fieldsOf(posts[0])).toMatchObject({
      intent: "addQuestion",
      kind: "true_false",
      prompt: "HTTP is stateless.",
      trueFalseCorrect: "true",
    });
  });

  it("without JavaScript shows every kind's fields in Add a question, each saying which kinds it is for", () => {
    const locale = "en";
    const html = serverHtml({
      path: PATH,
      url: HERE,
      loaderData: loaderDataOf(QUIZ, locale),
      Page: QuizPage,
    });
    const form = within(within(html).getByRole("region", { name: "Add a question" }));
    // The legends' hints are spans spaced by a margin, so the names have no space before them.
    expect(form.getByRole("group", { name: /^Options\s*\(single and multiple choice\)$/ }).hidden).toBe(
      false,
    );
    expect(form.getByRole("group", { name: /^The correct answer\s*\(true \/ false\)$/ }).hidden).toBe(false);
    expect(form.getByLabelText(/^Accepted answers \(short text\)/)).toBeTruthy();
    // What a browser without JavaScript posts untouched: a single-choice question worth one point.
    const posted = fieldsOf(
      new FormData(html.querySelector<HTMLFormElement>('[data-testid="add-question-form"]') ?? undefined),
    );
    expect(posted).toMatchObject({ intent: "addQuestion", kind: "single", points: "1", prompt: "" });
  });

  it("shows a refused question's errors in a summary that links to each field, keeping what was typed", async () => {
    renderEditor();
    const form = addForm();
    // No question text, one option only, none marked correct.
    fireEvent.change(form.getByLabelText("Option 1"), { target: { value: "80" } });
    fireEvent.click(form.getByRole("button", { name: "Add the question" }));

    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("This was not saved. Check the fields below.");
    // It takes the focus, so a screen reader announces it and the keyboard starts from it.
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const link = within(summary).getByRole("link", { name: "Enter the question." });
    expect(link.getAttribute("href")).toBe("#new-question-prompt");
    const prompt = document.getElementById("new-question-prompt");
    expect(prompt).toBe(form.getByLabelText(/^Question$/));
    expect(prompt?.getAttribute("aria-invalid")).toBe("true");
    expect(
      within(summary).getByRole("link", { name: "A choice question has 2 to 10 options." }),
    ).toBeTruthy();
    // What was typed comes back in the form.
    expect(form.getByLabelText<HTMLInputElement>("Option 1").value).toBe("80");
    // The questions' own forms are untouched.
    expect(within(question(1)).queryByRole("alert")).toBeNull();
  });

  it("asks before deleting a question named by ?deleteQuestion, and posts the delete", async () => {
    const { posts } = renderEditor({ url: `${HERE}?deleteQuestion=102` });
    const dialog = screen.getByRole("alertdialog", { name: "Delete question 2?" });
    expect(screen.getAllByRole("alertdialog")).toHaveLength(1);
    // The other question offers its delete link.
    expect(within(question(1)).getByRole("link", { name: "Delete the question" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe(
      `${HERE}#question-102`,
    );

    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, delete it" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(fieldsOf(posts[0])).toEqual({ intent: "deleteQuestion", questionId: "102" });
  });

  it("opens the confirmation from the question's delete link", async () => {
    renderEditor();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    fireEvent.click(within(question(1)).getByRole("link", { name: "Delete the question" }));
    expect(await screen.findByRole("alertdialog", { name: "Delete question 1?" })).toBeTruthy();
  });

  it("says an empty quiz has no question yet, and offers only the form to add one", () => {
    renderEditor({ quiz: { ...QUIZ, questions: [] } });
    expect(screen.getByTestId("quiz-empty").textContent).toBe(
      "This quiz has no question yet. Add one below: the course cannot be published until every quiz has a question.",
    );
    expect(screen.getByRole("heading", { level: 2, name: "0 questions" })).toBeTruthy();
    expect(screen.queryAllByTestId("quiz-question")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Add the question" })).toBeTruthy();
    // The statistics are another view (issue 50, item 7).
    expect(screen.queryByTestId("quiz-stats")).toBeNull();
    expect(screen.getByRole("link", { name: "Questions and settings" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("shows the statistics alone in their own view, and says when no attempt has been made", () => {
    renderEditor({
      url: `${HERE}?view=stats`,
      stats: { attempts: 0, passRate: 0, averageScore: 0, questions: [] },
    });
    expect(screen.getByText("No attempt has been submitted yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Statistics" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("button", { name: "Add the question" })).toBeNull();
    expect(screen.queryAllByTestId("quiz-question")).toHaveLength(0);
  });

  it("is in Arabic, right to left, on /ar (its numbers left to right), and deletes from there", async () => {
    const { posts } = renderEditor({ url: `/ar${HERE}?deleteQuestion=101` });
    const page = screen.getByTestId("document");
    expect(page.getAttribute("dir")).toBe("rtl");
    expect(page.getAttribute("lang")).toBe("ar");
    expect(screen.getByRole("heading", { level: 1, name: "اختبار: أساسيات HTTP" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "→ العودة إلى المنهج" }).getAttribute("href")).toBe(
      "/ar/instructor/courses/7/curriculum?lesson=31#lesson-31",
    );

    const settings = within(screen.getByRole("region", { name: "الإعدادات" }));
    const passMark = settings.getByLabelText<HTMLInputElement>("درجة النجاح (٪)");
    expect(passMark.value).toBe("70");
    expect(passMark.getAttribute("dir")).toBe("ltr");

    const first = within(screen.getByRole("listitem", { name: /^السؤال 1/ }));
    expect(first.getByRole("heading", { level: 3 }).textContent).toContain("اختيار واحد");
    // The question shows in Arabic; both languages' fields are there to edit.
    expect(first.getByText("بروتوكول نقل النص التشعبي")).toBeTruthy();
    const arabicPrompt = first.getByLabelText<HTMLTextAreaElement>("السؤال (بالعربية)");
    expect(arabicPrompt.getAttribute("dir")).toBe("rtl");
    expect(arabicPrompt.value).toBe("ماذا يعني **HTTP**؟");

    const dialog = screen.getByRole("alertdialog", { name: "حذف السؤال 1؟" });
    fireEvent.click(within(dialog).getByRole("button", { name: "نعم، احذفه" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(fieldsOf(posts[0])).toEqual({ intent: "deleteQuestion", questionId: "101" });
  });

  it("refuses in Arabic", async () => {
    renderEditor({ url: `/ar${HERE}` });
    fireEvent.click(
      within(screen.getByRole("region", { name: "إضافة سؤال" })).getByRole("button", { name: "أضف السؤال" }),
    );
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toContain("لم يُحفظ هذا. راجع الحقول أدناه.");
    expect(within(summary).getAllByRole("link")[0]?.getAttribute("href")).toBe("#new-question-prompt");
  });
});
