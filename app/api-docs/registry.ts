// The API reference's building blocks: one `EndpointDoc` per method and route, written beside the zod
// schemas the route validates with (app/api-docs/endpoints/*.ts), turned into OpenAPI 3.1 by
// openapi.server.ts. Response schemas are strict: the conformance test parses real answers with them, so
// a field added to an answer and not to its entry here fails that test.
import { z } from "zod";
import { API_ERROR_CODES, type ApiErrorCode } from "../lib/api.server";
import { INT4_MAX } from "../lib/validation";

/** Who may call: nobody signed in, anyone (a token changes the answer), or a Bearer token with a role. */
export type Auth = "public" | "optional" | "user" | "staff" | "admin" | "tus";

export const TAGS = [
  "Auth",
  "Account",
  "Catalog",
  "Enrollment",
  "Learning",
  "Certificates",
  "Instructor",
  "Media",
  "Video",
  "Blog",
  "Portfolio",
  "Pages",
  "Admin",
  "Contact",
  "Reference",
] as const;
export type Tag = (typeof TAGS)[number];

export type Method = "get" | "post" | "put" | "patch" | "delete" | "head" | "options";

export type Body = { schema: z.ZodType; contentType?: string; description?: string };

export type SuccessResponse = {
  description: string;
  /** A JSON body (validated in the conformance test); omitted for 204 or a non-JSON body. */
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
};

export type EndpointDoc = {
  method: Method;
  /** The route's pattern exactly as app/routes.ts spells it, e.g. `api/courses/:id`. */
  route: string;
  tag: Tag;
  summary: string;
  description?: string;
  auth: Auth;
  /** Path parameters; every `:name` of the route must be here. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body (or another content type); the standard 400/413/415/422 answers are added for JSON. */
  body?: Body;
  /** Further bodies the endpoint accepts (e.g. multipart as well as JSON). */
  alternativeBodies?: Body[];
  responses: Record<number, SuccessResponse>;
  /** The errors this endpoint itself answers, beyond those its auth, body and query imply. */
  errors?: [status: number, code: ApiErrorCode][];
  /** An error answer whose body carries more than the one error shape (e.g. progress beside a 409). */
  errorBodies?: Record<number, z.ZodType>;
};

/** `{error: {code, message, fields?}}`: every non-2xx answer of /api. */
export const ApiErrorBody = z.strictObject({
  error: z.strictObject({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

// Shapes used by several endpoints.
export const isoDate = z.iso.datetime({ offset: true });
export const money = z.number().describe("An amount in currency units (10.5, not 1050)");
/** A row id in a path: what the routes accept (app/lib/params.ts, `parseId`), anything else is a 404. */
export const pathId = z.int().min(1).max(INT4_MAX).describe("A positive integer id");
export const role = z.enum(["user", "trainer", "admin"]);

export const ApiUser = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  nameAr: z.string().nullable(),
  email: z.string(),
  role,
  walletBalance: money,
  createdAt: isoDate,
});

export const UserWithToken = z.strictObject({ user: ApiUser, token: z.string() });

export function paged<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    items: z.array(item),
    total: z.int().min(0),
    limit: z.int(),
    offset: z.int(),
  });
}

/** A course's image or a post's cover, the same object everywhere (app/courses/course-json.ts). */
export const Image = z.strictObject({ url: z.string(), public_id: z.string().nullable() });

/** Shorthand for an entry's param object: every listed name is a row id (an integer path segment). */
export function params(...names: string[]): z.ZodObject {
  return z.object(Object.fromEntries(names.map((name) => [name, pathId])));
}

/** The same for path segments that are text (codes, public ids) or uuids: give each its schema. */
export function textParams(shape: Record<string, z.ZodType>): z.ZodObject {
  return z.object(shape);
}

export const json = (schema: z.ZodType, description?: string): Body => ({ schema, description });

export const ok = (description: string, schema?: z.ZodType): SuccessResponse => ({ description, schema });
