// The closed lists of values some columns hold, as the schema checks them. They live with the schema, which
// imports no domain; the domains that give them meaning re-export them (app/courses/categories.ts,
// app/quizzes/grading.ts). No imports: pages in the browser read these lists too.

// The ten course categories of SPEC §9; the value is stored, the label is translated in locales/<lang>/common.json.
export const COURSE_CATEGORIES = [
  "web-development",
  "backend-development",
  "data-science",
  "machine-learning",
  "artificial-intelligence",
  "cloud-computing",
  "cyber-security",
  "mobile-development",
  "game-development",
  "software-engineering",
] as const;

/** A quiz question's kinds (decision 050). */
export const QUESTION_KINDS = ["single", "multiple", "true_false", "short_text"] as const;

/** When a quiz shows the right answers of a submitted attempt. */
export const REVEAL_POLICIES = ["never", "after_pass", "always"] as const;
