// The editor forms' fields and the saved items as form values: plain data, shared by route modules' server
// and browser halves (nothing server-only in here).
import type { BlogPost, PortfolioItem } from "../db/schema";

/** A date as a `datetime-local` value in UTC (the field is labelled UTC). */
export function utcInputValue(date: Date | null): string {
  return date ? date.toISOString().slice(0, 16) : "";
}

export const POST_FIELDS = [
  "title",
  "titleAr",
  "excerpt",
  "excerptAr",
  "body",
  "bodyAr",
  "status",
  "publishAt",
] as const;
export type PostFormValues = Record<(typeof POST_FIELDS)[number], string>;

export const EMPTY_POST: PostFormValues = {
  title: "",
  titleAr: "",
  excerpt: "",
  excerptAr: "",
  body: "",
  bodyAr: "",
  status: "draft",
  publishAt: "",
};

export function postValues(post: BlogPost): PostFormValues {
  return {
    title: post.title,
    titleAr: post.titleAr ?? "",
    excerpt: post.excerpt,
    excerptAr: post.excerptAr ?? "",
    body: post.body,
    bodyAr: post.bodyAr ?? "",
    status: post.status,
    publishAt: utcInputValue(post.publishedAt),
  };
}

export const CASE_STUDY_FIELDS = [
  "title",
  "titleAr",
  "clientName",
  "clientNameAr",
  "sector",
  "sectorAr",
  "problem",
  "problemAr",
  "strategy",
  "strategyAr",
  "result",
  "resultAr",
  "status",
  "publishAt",
] as const;
/** The case study fields written in Markdown. */
export const CASE_MARKDOWN = [
  "problem",
  "problemAr",
  "strategy",
  "strategyAr",
  "result",
  "resultAr",
] as const;

export type CaseStudyFormValues = Record<(typeof CASE_STUDY_FIELDS)[number], string>;

export const EMPTY_CASE_STUDY: CaseStudyFormValues = {
  title: "",
  titleAr: "",
  clientName: "",
  clientNameAr: "",
  sector: "",
  sectorAr: "",
  problem: "",
  problemAr: "",
  strategy: "",
  strategyAr: "",
  result: "",
  resultAr: "",
  status: "draft",
  publishAt: "",
};

export function caseStudyValues(item: PortfolioItem): CaseStudyFormValues {
  return {
    title: item.title,
    titleAr: item.titleAr ?? "",
    clientName: item.clientName,
    clientNameAr: item.clientNameAr ?? "",
    sector: item.sector ?? "",
    sectorAr: item.sectorAr ?? "",
    problem: item.problem,
    problemAr: item.problemAr ?? "",
    strategy: item.strategy,
    strategyAr: item.strategyAr ?? "",
    result: item.result,
    resultAr: item.resultAr ?? "",
    status: item.status,
    publishAt: utcInputValue(item.publishedAt),
  };
}

/** One field of an editor form; an Arabic twin (`…Ar`) is right-to-left and optional. */
export type FieldSpec = { name: string; kind: "line" | "text"; rows?: number; hint?: string };

/**
 * What the one editor form (app/components/editorial/editorial-form.tsx) and the editor pages need to know
 * of a kind: its translation prefix, ids, fields (rows of one or two), Markdown fields and public path.
 */
export type EditorialFormConfig = {
  /** The `editorial` namespace's key prefix: `post.title`, `caseStudy.problem`… */
  ns: "post" | "caseStudy";
  idPrefix: string;
  testId: string;
  rows: readonly (readonly FieldSpec[])[];
  markdown: readonly string[];
  empty: Record<string, string>;
  /** Where readers see an item: `${publicBase}/${id}`. */
  publicBase: string;
  viewTestId: string;
};

const pair = (name: string, spec: Omit<FieldSpec, "name"> & { hintAr?: string }): FieldSpec[] => [
  { name, kind: spec.kind, rows: spec.rows, hint: spec.hint },
  { name: `${name}Ar`, kind: spec.kind, rows: spec.rows, hint: spec.hintAr },
];

export const POST_FORM: EditorialFormConfig = {
  ns: "post",
  idPrefix: "post",
  testId: "post-form",
  rows: [
    pair("title", { kind: "line", hintAr: "form.arabicHint" }),
    pair("excerpt", { kind: "text", rows: 3, hint: "post.excerptHint" }),
    [{ name: "body", kind: "text", rows: 14, hint: "form.markdownHint" }],
    [{ name: "bodyAr", kind: "text", rows: 14 }],
  ],
  markdown: ["body", "bodyAr"],
  empty: EMPTY_POST,
  publicBase: "/blog",
  viewTestId: "view-post",
};

export const CASE_STUDY_FORM: EditorialFormConfig = {
  ns: "caseStudy",
  idPrefix: "case",
  testId: "case-study-form",
  rows: [
    pair("title", { kind: "line" }),
    pair("clientName", { kind: "line" }),
    pair("sector", { kind: "line" }),
    pair("problem", { kind: "text", rows: 6, hint: "form.markdownHint" }),
    pair("strategy", { kind: "text", rows: 6, hint: "form.markdownHint" }),
    pair("result", { kind: "text", rows: 6, hint: "form.markdownHint" }),
  ],
  markdown: CASE_MARKDOWN,
  empty: EMPTY_CASE_STUDY,
  publicBase: "/portfolio",
  viewTestId: "view-case-study",
};

/** What a page action answers with when it renders the page again instead of redirecting. */
export type EditorAnswer = {
  values?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  preview?: Record<string, string>;
  error?: string;
  coverError?: string;
  galleryError?: string;
};
