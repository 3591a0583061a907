// Issue 31: the OpenAPI document understated the API. Here the document is read by a JSON Schema validator
// (ajv) and held to the zod schemas the server validates with, field by field: every value the server
// refuses with a 422 the document refuses too, and every value it takes the document takes. Also: ids and
// query numbers are integers, the forms' own fields are not the API's, the session cookie has its real
// name, one image shape, and every (status, code) an API route answers is documented for it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ENDPOINTS } from "../../app/api-docs/endpoints";
import { errorAnswers, jsonSchema, openApiDocument, openApiPaths } from "../../app/api-docs/openapi.server";
import { Image } from "../../app/api-docs/registry";
import { sessionCookieName } from "../../app/auth/session.server";
import { API_ERROR_CODES } from "../../app/lib/api.server";
import routes from "../../app/routes";
import { documentValidator } from "./openapi-ajv";

type Json = Record<string, unknown>;
const document = openApiDocument() as Json & { paths: Record<string, Record<string, Json>> };
const validate = documentValidator(document);

// ── The document says what the server enforces ────────────────────────────────────────────────────────

/** Values of every kind a client may send for one field: each is judged by the zod schema and the document. */
const CANDIDATES: unknown[] = [
  -1,
  -0.01,
  0,
  0.5,
  1,
  1.005,
  2,
  4.5,
  5,
  6,
  10.07,
  49.99,
  100,
  4999.99,
  5000.01,
  100_000,
  100_000.01,
  1_000_000.01,
  2_147_483_647,
  2_147_483_648,
  1e21,
  "",
  "a",
  "ab",
  "Sara",
  "sara@example.com",
  "not-an-email",
  "sara@",
  "3",
  "6",
  "49.9",
  "٤٩",
  "1e3",
  "0x10",
  "draft",
  "published",
  "user",
  "trainer",
  "data-science",
  // A month ahead, always: a coupon's expiry must be in the future, which no document can say, so a fixed date
  // turned into a mismatch the day it passed.
  new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
  "0b7f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b",
  "x".repeat(81),
  "x".repeat(300),
  "x".repeat(2_100),
  true,
  false,
  null,
  [],
  [1, 2],
  {},
];

type FieldSchemas = { zod: z.ZodType; json: Json; query: boolean };

/** The object schema's fields, beside the document's JSON Schema of each. */
function fieldsOf(schema: z.ZodType, json: Json | undefined, query: boolean): [string, FieldSchemas][] {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const properties = (json?.properties ?? {}) as Record<string, Json>;
  if (!shape) return [];
  return Object.entries(shape).flatMap(([name, zod]) => {
    const property = properties[name];
    return property ? [[name, { zod, json: property, query }] as [string, FieldSchemas]] : [];
  });
}

function documentedRequestBody(path: string, method: string): Json | undefined {
  const body = document.paths[path]?.[method]?.requestBody as Json | undefined;
  const content = body?.content as Record<string, { schema: Json }> | undefined;
  return content?.["application/json"]?.schema;
}

function documentedQuery(path: string, method: string): Json {
  const parameters = (document.paths[path]?.[method]?.parameters ?? []) as Json[];
  return {
    properties: Object.fromEntries(
      parameters.filter((p) => p.in === "query").map((p) => [String(p.name), p.schema as Json]),
    ),
  };
}

/** A query value is text on the wire; the document describes what it stands for (a number, or text). */
function asDocumented(value: string, schema: Json): unknown {
  const types = [schema.type, ...((schema.anyOf as Json[] | undefined) ?? []).map((s) => s.type)].flat();
  if ((types.includes("integer") || types.includes("number")) && /^-?\d+(\.\d+)?$/.test(value))
    return Number(value);
  return value;
}

/** Money may also be typed as text; a text amount's range cannot be a JSON Schema, its description says it. */
function isNumberOrNumericText(schema: Json): boolean {
  const options = (schema.anyOf as Json[] | undefined) ?? [];
  return options.some((o) => o.type === "number") && options.some((o) => o.type === "string");
}

describe("the document refuses what the server refuses, and takes what it takes", () => {
  const mismatches: string[] = [];
  let compared = 0;
  for (const endpoint of ENDPOINTS) {
    const path = openApiPaths(endpoint.route)[0] ?? "";
    const sources: [string, FieldSchemas][] = [
      ...(endpoint.body && (endpoint.body.contentType ?? "application/json") === "application/json"
        ? fieldsOf(endpoint.body.schema, documentedRequestBody(path, endpoint.method), false)
        : []),
      ...(endpoint.query ? fieldsOf(endpoint.query, documentedQuery(path, endpoint.method), true) : []),
    ];
    for (const [name, field] of sources) {
      for (const candidate of CANDIDATES) {
        let sent: unknown = candidate;
        if (field.query) {
          // An empty query value is "not given" for some lists (their default applies), as OpenAPI's
          // allowEmptyValue; it is left out here.
          if (candidate === "" || (typeof candidate !== "string" && typeof candidate !== "number")) continue;
          sent = String(candidate);
        }
        if (typeof sent === "string" && isNumberOrNumericText(field.json)) continue;
        const server = field.zod.safeParse(sent).success;
        const documented = validate(
          field.json,
          field.query ? asDocumented(sent as string, field.json) : sent,
        ).valid;
        compared += 1;
        if (server !== documented)
          mismatches.push(
            `${endpoint.method} ${endpoint.route} ${field.query ? "?" : ""}${name} = ${JSON.stringify(sent).slice(0, 40)}: server ${server ? "takes" : "refuses"}, document ${documented ? "takes" : "refuses"}`,
          );
      }
    }
  }

  it("agrees on every candidate value of every documented body and query field", () => {
    expect(compared).toBeGreaterThan(2_000);
    expect(mismatches).toEqual([]);
  });

  it("states the constraints issue 31 found missing", () => {
    const body = (route: string, method: string) =>
      documentedRequestBody(openApiPaths(route)[0] ?? "", method) as Json & {
        properties: Record<string, Json>;
      };
    expect(body("api/auth/signup", "post").properties.email).toMatchObject({ format: "email" });
    expect(JSON.stringify(body("api/instructor/course", "post").properties.price)).toContain(
      '"maximum":100000',
    );
    expect(JSON.stringify(body("api/instructor/course", "post").properties.price)).toContain(
      '"multipleOf":0.01',
    );
    expect(JSON.stringify(body("api/courses/:id/reviews", "post").properties.rating)).toContain(
      '"maximum":5',
    );
    expect(JSON.stringify(body("api/wallet/top-up", "post").properties.amount)).toContain('"minimum":5');
    expect(
      body("api/courses/:courseId/lessons/:lessonId/progress", "post").properties.positionSeconds,
    ).toMatchObject({ minimum: 0 });
  });

  it("types path ids and every query number as integers", () => {
    const strays: string[] = [];
    for (const [pathName, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of (operation.parameters ?? []) as Json[]) {
          const schema = parameter.schema as Json;
          const name = String(parameter.name);
          const numeric = /^(id|courseId|lessonId|lectureId|limit|offset)$/.test(name);
          const uuid = schema.type === "string" && schema.format === "uuid";
          if (numeric && schema.type !== "integer" && !uuid) strays.push(`${method} ${pathName} ${name}`);
          if (parameter.in === "path" && schema.type === "integer")
            expect(schema).toMatchObject({ minimum: 1, maximum: 2_147_483_647 });
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it("hides the sign-up and sign-in forms' honeypot and return path", () => {
    for (const route of ["api/auth/signup", "api/auth/login"]) {
      const properties = Object.keys((documentedRequestBody(`/${route}`, "post")?.properties ?? {}) as Json);
      expect(properties).not.toContain("website");
      expect(properties).not.toContain("redirectTo");
    }
  });

  it("names the session cookie as it is set", () => {
    const schemes = (document.components as { securitySchemes: Record<string, Json> }).securitySchemes;
    expect(schemes.sessionCookie?.name).toBe(sessionCookieName());
    expect(sessionCookieName(true)).toBe("__Host-manara_session");
  });

  it("shows a course's image and a post's cover as one object everywhere", () => {
    const expected = JSON.stringify(jsonSchema(Image, "output"));
    const shapes = new Set<string>();
    const walk = (node: unknown, key: string) => {
      if (Array.isArray(node)) for (const item of node) walk(item, key);
      else if (node && typeof node === "object") {
        if (key === "image") shapes.add(JSON.stringify(node));
        for (const [name, child] of Object.entries(node)) walk(child, name);
      }
    };
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations)) walk(operation.responses, "");
    expect([...shapes]).toEqual([expected]);
  });
});

// ── Every error code a route answers is documented for it ─────────────────────────────────────────────

function routeFiles(entries: RouteConfigEntry[]): [string, string][] {
  return entries.flatMap((entry) => [
    ...(entry.path?.startsWith("api/") ? [[entry.path, entry.file] as [string, string]] : []),
    ...routeFiles(entry.children ?? []),
  ]);
}

describe("stable error codes", () => {
  it("documents every (status, code) an API route module answers with", () => {
    const undocumented: string[] = [];
    const root = path.resolve(import.meta.dirname, "../../app");
    for (const [route, file] of routeFiles(routes as RouteConfigEntry[])) {
      if (route === "api/*") continue;
      const source = readFileSync(path.join(root, file), "utf8");
      const documented = ENDPOINTS.filter((endpoint) => endpoint.route === route).flatMap((endpoint) =>
        [...errorAnswers(endpoint)].flatMap(([status, codes]) =>
          [...codes].map((code) => `${status} ${code}`),
        ),
      );
      for (const [, status, code] of source.matchAll(/apiError\(\s*(\d{3}),\s*"([a-z_]+)"/g)) {
        if (!documented.includes(`${status} ${code}`)) undocumented.push(`${route}: ${status} ${code}`);
      }
      for (const [, code] of source.matchAll(/code: "([a-z_]+)"/g)) {
        if (!documented.some((answer) => answer.endsWith(` ${code}`))) undocumented.push(`${route}: ${code}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("gives each refusal of the API its own code, not a shared `conflict`", () => {
    const root = path.resolve(import.meta.dirname, "../../app/routes/api");
    const generic = readdirSync(root).filter((file) =>
      /apiError\(409, "conflict"|code: "conflict"/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(generic).toEqual([]);
    for (const code of ["insufficient_funds", "email_taken", "refund_window_closed", "too_many_pending"])
      expect(API_ERROR_CODES).toContain(code);
  });
});
