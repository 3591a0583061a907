// Blog posts and case studies (app/routes/api/blog*.ts, portfolio*.ts).
import { z } from "zod";
import {
  ApiCaseStudyCreate,
  ApiCaseStudyUpdate,
  ApiPostCreate,
  ApiPostUpdate,
  MultipartCaseStudy,
} from "../../editorial/inputs";
import { ListQuery } from "../../lib/list-query";
import { type EndpointDoc, Image, isoDate, json, ok, paged, params } from "../registry";

const status = z.enum(["draft", "published", "scheduled"]);

const Post = z.strictObject({
  id: z.int(),
  title: z.string(),
  titleAr: z.string().nullable(),
  excerpt: z.string(),
  excerptAr: z.string().nullable(),
  body: z.string(),
  bodyAr: z.string().nullable(),
  bodyHtml: z.string(),
  bodyArHtml: z.string().nullable(),
  author: z.strictObject({
    id: z.uuid().nullable().describe("null once the author's account is deleted (the name stays)"),
    name: z.string(),
    nameAr: z.string().nullable(),
  }),
  coverImage: Image.nullable(),
  status,
  publishAt: isoDate.nullable(),
  isPublic: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

const CaseStudy = z.strictObject({
  id: z.int(),
  title: z.string(),
  titleAr: z.string().nullable(),
  clientName: z.string(),
  clientNameAr: z.string().nullable(),
  sector: z.string().nullable(),
  sectorAr: z.string().nullable(),
  problem: z.string(),
  problemAr: z.string().nullable(),
  problemHtml: z.string(),
  problemArHtml: z.string().nullable(),
  strategy: z.string(),
  strategyAr: z.string().nullable(),
  strategyHtml: z.string(),
  strategyArHtml: z.string().nullable(),
  result: z.string(),
  resultAr: z.string().nullable(),
  resultHtml: z.string(),
  resultArHtml: z.string().nullable(),
  images: z.array(
    z.strictObject({
      url: z.string(),
      public_id: z.string().nullable(),
      alt: z.string().nullable(),
      altAr: z.string().nullable(),
    }),
  ),
  status,
  publishAt: isoDate.nullable(),
  isPublic: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

const refusals: EndpointDoc["errors"] = [
  [403, "forbidden"],
  [404, "not_found"],
  [422, "validation_failed"],
];

export const editorialEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/blog",
    tag: "Blog",
    summary: "Public posts, newest first (plus the drafts the caller may edit)",
    auth: "optional",
    query: ListQuery,
    responses: { 200: ok("A page of posts", paged(Post)) },
  },
  {
    method: "post",
    route: "api/blog",
    tag: "Blog",
    summary: "Write a post",
    auth: "staff",
    body: json(ApiPostCreate),
    responses: { 201: ok("The post", z.strictObject({ post: Post })) },
    errors: refusals,
  },
  {
    method: "get",
    route: "api/blog/:id",
    tag: "Blog",
    summary: "One post (drafts only for those who may edit them)",
    auth: "optional",
    params: params("id"),
    responses: { 200: ok("The post", z.strictObject({ post: Post })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "put",
    route: "api/blog/:id",
    tag: "Blog",
    summary: "Change a post (partial; `status` alone publishes, schedules or unpublishes)",
    auth: "staff",
    params: params("id"),
    body: json(ApiPostUpdate),
    responses: { 200: ok("The post", z.strictObject({ post: Post })) },
    errors: refusals,
  },
  {
    method: "delete",
    route: "api/blog/:id",
    tag: "Blog",
    summary: "Delete a post",
    auth: "staff",
    params: params("id"),
    responses: { 204: ok("Deleted") },
    errors: refusals,
  },
  {
    method: "get",
    route: "api/portfolio",
    tag: "Portfolio",
    summary: "Public case studies (every one for an admin)",
    auth: "optional",
    query: ListQuery,
    responses: { 200: ok("A page of case studies", paged(CaseStudy)) },
  },
  {
    method: "post",
    route: "api/portfolio",
    tag: "Portfolio",
    summary: "Add a case study",
    description:
      "JSON with already-uploaded images, or multipart: the same fields plus up to 6 `images` files with optional `alt`/`altAr` fields in the files' order.",
    auth: "admin",
    body: json(ApiCaseStudyCreate),
    alternativeBodies: [
      {
        schema: MultipartCaseStudy.extend({
          images: z
            .array(z.string().meta({ format: "binary" }))
            .max(6)
            .optional(),
          alt: z.array(z.string()).optional(),
          altAr: z.array(z.string()).optional(),
        }),
        contentType: "multipart/form-data",
      },
    ],
    responses: { 201: ok("The case study", z.strictObject({ caseStudy: CaseStudy })) },
    errors: refusals,
  },
  {
    method: "get",
    route: "api/portfolio/:id",
    tag: "Portfolio",
    summary: "One case study (drafts only for admins)",
    auth: "optional",
    params: params("id"),
    responses: { 200: ok("The case study", z.strictObject({ caseStudy: CaseStudy })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "put",
    route: "api/portfolio/:id",
    tag: "Portfolio",
    summary: "Change a case study (partial)",
    auth: "admin",
    params: params("id"),
    body: json(ApiCaseStudyUpdate),
    responses: { 200: ok("The case study", z.strictObject({ caseStudy: CaseStudy })) },
    errors: refusals,
  },
  {
    method: "delete",
    route: "api/portfolio/:id",
    tag: "Portfolio",
    summary: "Delete a case study",
    auth: "admin",
    params: params("id"),
    responses: { 204: ok("Deleted") },
    errors: refusals,
  },
];
