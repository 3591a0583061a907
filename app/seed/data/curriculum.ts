// Demo sections, articles and quizzes (issue 32): three paid courses are split into two sections and gain
// a reading and a short quiz, in both languages. The demo learner's completed course is left as it is, so
// their certificate and its course stay complete.
import type { QuizInput } from "../../quizzes/inputs";

type Bilingual = { en: string; ar: string };

export type SeedCurriculum = {
  courseSlug: string;
  /** The first section's new title, and the second section's (which takes the later half of the lessons). */
  sections: [Bilingual, Bilingual];
  article: { title: Bilingual; body: Bilingual; durationMinutes: number };
  quiz: { title: Bilingual; freePreview: boolean; input: QuizInput };
};

const quizSettings = {
  passPercent: 70,
  maxAttempts: 0,
  timeLimitMinutes: null,
  drawCount: null,
  shuffle: true,
  reveal: "after_pass",
  markQuestions: true,
} as const;

export const seedCurricula: SeedCurriculum[] = [
  {
    courseSlug: "react-from-zero-to-production",
    sections: [
      { en: "Foundations", ar: "الأساسيات" },
      { en: "Building for real", ar: "البناء للاستخدام الحقيقي" },
    ],
    article: {
      title: { en: "Reading: thinking in components", ar: "قراءة: التفكير بالمكوّنات" },
      durationMinutes: 8,
      body: {
        en: "## Thinking in components\n\nStart from the screen you want and draw boxes around its parts. Each box is a **component**: a function that takes *props* and returns what to show.\n\n- Keep state in the lowest component that needs it.\n- Pass data down as props, and changes up as callbacks.\n- Split a component when it does two jobs.\n\nRead the [React documentation](https://react.dev/learn/thinking-in-react) for a worked example.",
        ar: "## التفكير بالمكوّنات\n\nابدأ بالشاشة التي تريدها وارسم مربعات حول أجزائها. كل مربع **مكوّن**: دالة تأخذ *الخصائص* وتعيد ما يُعرض.\n\n- احفظ الحالة في أدنى مكوّن يحتاج إليها.\n- مرّر البيانات إلى الأسفل خصائصَ، والتغييرات إلى الأعلى دوالَّ استدعاء.\n- قسّم المكوّن حين يؤدي عملين.\n\nاقرأ [توثيق React](https://react.dev/learn/thinking-in-react) لمثال محلول.",
      },
    },
    quiz: {
      title: { en: "Quiz: React basics", ar: "اختبار: أساسيات React" },
      freePreview: true,
      input: {
        ...quizSettings,
        questions: [
          {
            kind: "single",
            prompt: "Which hook keeps a value between renders and re-renders when it changes?",
            promptAr: "أي خطاف يحفظ قيمة بين مرات العرض ويعيد العرض حين تتغير؟",
            points: 1,
            partialCredit: false,
            explanation: "`useState` returns the value and a function that changes it.",
            explanationAr: "يعيد `useState` القيمة ودالةً تغيّرها.",
            options: [
              { text: "useState", textAr: "useState", correct: true },
              { text: "useRef", textAr: "useRef", correct: false },
              { text: "useMemo", textAr: "useMemo", correct: false },
            ],
          },
          {
            kind: "true_false",
            prompt: "A component's name must start with a capital letter.",
            promptAr: "يجب أن يبدأ اسم المكوّن بحرف كبير.",
            points: 1,
            partialCredit: false,
            explanation: "Lower-case names are read as HTML elements.",
            explanationAr: "تُقرأ الأسماء ذات الحروف الصغيرة عناصرَ HTML.",
            options: [
              { text: "True", textAr: "صح", correct: true },
              { text: "False", textAr: "خطأ", correct: false },
            ],
          },
          {
            kind: "short_text",
            prompt: "In which language are React components written? (in Arabic or English)",
            promptAr: "بأي لغة برمجة تُكتب مكوّنات React؟",
            points: 1,
            partialCredit: false,
            explanation: "JavaScript, often with JSX and TypeScript on top.",
            explanationAr: "جافاسكربت، وغالبًا مع JSX وTypeScript.",
            acceptedAnswers: ["JavaScript", "جافاسكربت", "جافا سكريبت"],
          },
        ],
      },
    },
  },
  {
    courseSlug: "typescript-for-javascript-developers",
    sections: [
      { en: "The type system", ar: "نظام الأنواع" },
      { en: "TypeScript at work", ar: "TypeScript في العمل" },
    ],
    article: {
      title: { en: "Reading: types are documentation", ar: "قراءة: الأنواع توثيق" },
      durationMinutes: 6,
      body: {
        en: "## Types are documentation\n\nA type says what a function expects and returns, and the compiler keeps it **true**. Prefer `unknown` to `any`, and narrow it with checks.",
        ar: "## الأنواع توثيق\n\nيقول النوع ما تتوقعه الدالة وما تعيده، ويُبقيه المترجم **صحيحًا**. فضّل `unknown` على `any`، وضيّقه بالفحوص.",
      },
    },
    quiz: {
      title: { en: "Quiz: types", ar: "اختبار: الأنواع" },
      freePreview: false,
      input: {
        ...quizSettings,
        questions: [
          {
            kind: "multiple",
            prompt: "Which of these are TypeScript types?",
            promptAr: "أيٌّ مما يلي أنواع في TypeScript؟",
            points: 2,
            partialCredit: true,
            explanation: null,
            explanationAr: null,
            options: [
              { text: "unknown", textAr: "unknown", correct: true },
              { text: "never", textAr: "never", correct: true },
              { text: "maybe", textAr: "maybe", correct: false },
            ],
          },
          {
            kind: "short_text",
            prompt: "Which command compiles TypeScript? (three letters)",
            promptAr: "ما الأمر الذي يترجم TypeScript؟ (ثلاثة أحرف)",
            points: 1,
            partialCredit: false,
            explanation: null,
            explanationAr: null,
            acceptedAnswers: ["tsc"],
          },
        ],
      },
    },
  },
  {
    courseSlug: "arabic-nlp-fundamentals",
    sections: [
      { en: "Arabic text", ar: "النص العربي" },
      { en: "Models", ar: "النماذج" },
    ],
    article: {
      title: { en: "Reading: normalizing Arabic", ar: "قراءة: توحيد النص العربي" },
      durationMinutes: 7,
      body: {
        en: "## Normalizing Arabic\n\nBefore counting words, fold the letter variants people type interchangeably: **أ إ آ → ا**, **ة → ه**, **ى → ي**. Remove tatweel (ـ) and diacritics, and read Arabic-Indic digits (٣) as Western digits (3).",
        ar: "## توحيد النص العربي\n\nقبل عدّ الكلمات، وحّد صور الحروف التي يكتبها الناس بالتبادل: **أ إ آ ← ا**، **ة ← ه**، **ى ← ي**. احذف التطويل (ـ) والتشكيل، واقرأ الأرقام الهندية (٣) أرقامًا غربية (3).",
      },
    },
    quiz: {
      title: { en: "Quiz: Arabic text", ar: "اختبار: النص العربي" },
      freePreview: false,
      input: {
        ...quizSettings,
        questions: [
          {
            kind: "short_text",
            prompt: "Write the Arabic word for “school”.",
            promptAr: "اكتب كلمة «مدرسة».",
            points: 1,
            partialCredit: false,
            explanation: "Written with or without the final ة, with or without diacritics, it is accepted.",
            explanationAr: "تُقبل بالتاء المربوطة أو بالهاء، وبالتشكيل أو دونه.",
            acceptedAnswers: ["مدرسة"],
          },
          {
            kind: "single",
            prompt: "Which letter does normalization turn ى into?",
            promptAr: "إلى أي حرف يحوّل التوحيدُ الحرفَ ى؟",
            points: 1,
            partialCredit: false,
            explanation: null,
            explanationAr: null,
            options: [
              { text: "ي", textAr: "ي", correct: true },
              { text: "ا", textAr: "ا", correct: false },
              { text: "ه", textAr: "ه", correct: false },
            ],
          },
        ],
      },
    },
  },
];
