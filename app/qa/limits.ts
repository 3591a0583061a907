// The lesson Q&A's sizes, apart from its rules and input schemas (app/qa/policy.ts): the Q&A forms import
// these in the browser, and a module that builds zod schemas would ship zod to the learn page and probe
// eval, which the Content-Security-Policy refuses.

export const QUESTION_TITLE_MAX = 200;
export const POST_BODY_MAX = 10_000;
export const HIDE_REASON_MAX = 200;
export const QA_PAGE_SIZE = 20;
/** Authors edit their own question or reply for this long after posting it. */
export const EDIT_WINDOW_MS = 30 * 60 * 1000;
