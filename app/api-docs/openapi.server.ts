// Builds the OpenAPI 3.1 document of /api/openapi.json from the registry (app/api-docs/endpoints), with
// zod 4's own JSON Schema output: request schemas as they are read (input), answers as they are sent.
import { z } from "zod";
import { sessionCookieName } from "../auth/session.server";
import type { ApiErrorCode } from "../lib/api.server";
import { ENDPOINTS } from "./endpoints";
import { ApiErrorBody, type Auth, type Body, type EndpointDoc, TAGS } from "./registry";

type JsonSchema = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** `api/courses/:id` → `/api/courses/{id}`; an optional `:name?` segment gives two paths. */
export function openApiPaths(route: string): string[] {
  const segments = route.split("/");
  const optional = segments.findIndex((segment) => segment.startsWith(":") && segment.endsWith("?"));
  const convert = (parts: string[]) =>
    `/${parts.map((part) => (part.startsWith(":") ? `{${part.slice(1).replace(/\?$/, "")}}` : part)).join("/")}`;
  if (optional === -1) return [convert(segments)];
  return [convert(segments.filter((_, index) => index !== optional)), convert(segments)];
}

const AUTH_LABEL: Record<Auth, string> = {
  public: "None",
  optional: "Optional Bearer token (it changes what the answer includes)",
  user: "Bearer token",
  staff: "Bearer token of a trainer or an admin",
  admin: "Bearer token of an admin",
  tus: "Bearer token, or the studio's session cookie from the same origin",
};

export function authLabel(auth: Auth): string {
  return AUTH_LABEL[auth];
}

/** The error answers an endpoint may give: its own, plus those its auth, body and query imply. */
export function errorAnswers(endpoint: EndpointDoc): Map<number, Set<ApiErrorCode>> {
  const answers = new Map<number, Set<ApiErrorCode>>();
  const add = (status: number, code: ApiErrorCode) => {
    const codes = answers.get(status) ?? new Set<ApiErrorCode>();
    codes.add(code);
    answers.set(status, codes);
  };
  if (["user", "staff", "admin"].includes(endpoint.auth)) add(401, "unauthorized");
  if (endpoint.auth === "staff" || endpoint.auth === "admin") add(403, "forbidden");
  if (endpoint.body && (endpoint.body.contentType ?? "application/json") === "application/json") {
    add(400, "bad_request");
    add(413, "payload_too_large");
    add(415, "unsupported_media_type");
    add(422, "validation_failed");
  }
  if (endpoint.query) add(422, "validation_failed");
  for (const [status, code] of endpoint.errors ?? []) add(status, code);
  add(405, "method_not_allowed");
  add(500, "internal_error");
  add(503, "unavailable");
  return new Map([...answers].sort(([a], [b]) => a - b));
}

function parameters(endpoint: EndpointDoc, path: string): JsonSchema[] {
  const list: JsonSchema[] = [];
  const inPath = new Set([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
  for (const [where, schema] of [
    ["path", endpoint.params],
    ["query", endpoint.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      if (where === "path" && !inPath.has(name)) continue;
      list.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

function requestBody(bodies: Body[]): JsonSchema {
  const content: Record<string, JsonSchema> = {};
  for (const body of bodies) {
    content[body.contentType ?? "application/json"] = { schema: jsonSchema(body.schema, "input") };
  }
  const description = bodies.find((body) => body.description)?.description;
  return { required: !description, ...(description ? { description } : {}), content };
}

function operation(endpoint: EndpointDoc, path: string): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(endpoint.responses)) {
    const contentType = response.contentType ?? (response.schema ? "application/json" : undefined);
    responses[status] = {
      description: response.description,
      ...(contentType
        ? {
            content: {
              [contentType]: {
                schema: response.schema
                  ? jsonSchema(response.schema, "output")
                  : { type: "string", format: "binary" },
              },
            },
          }
        : {}),
    };
  }
  for (const [status, codes] of errorAnswers(endpoint)) {
    const list = [...codes];
    responses[String(status)] = {
      description: `Error: ${list.join(", ")}`,
      content: {
        "application/json": {
          schema: endpoint.errorBodies?.[status]
            ? jsonSchema(endpoint.errorBodies[status], "output")
            : {
                allOf: [
                  { $ref: "#/components/schemas/Error" },
                  { properties: { error: { properties: { code: { enum: list } } } } },
                ],
              },
        },
      },
    };
  }
  const bodies = endpoint.body ? [endpoint.body, ...(endpoint.alternativeBodies ?? [])] : [];
  const security =
    endpoint.auth === "public"
      ? []
      : endpoint.auth === "optional"
        ? [{}, { bearerAuth: [] }]
        : endpoint.auth === "tus"
          ? [{ bearerAuth: [] }, { sessionCookie: [] }]
          : [{ bearerAuth: [] }];
  const parameterList = parameters(endpoint, path);
  return {
    operationId: `${endpoint.method}_${path.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "")}`,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    "x-auth": AUTH_LABEL[endpoint.auth],
    security,
    ...(parameterList.length ? { parameters: parameterList } : {}),
    ...(bodies.length ? { requestBody: requestBody(bodies) } : {}),
    responses,
  };
}

let cached: JsonSchema | null = null;

/** The document; built once per process (it depends on code only). */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of ENDPOINTS) {
    for (const path of openApiPaths(endpoint.route)) {
      paths[path] ??= {};
      paths[path][endpoint.method] = operation(endpoint, path);
    }
  }
  cached = {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: "Manara API",
      version: "1.0.0",
      description:
        "The JSON API of Manara. Authenticate with `Authorization: Bearer <token>` from /api/auth/login or /api/auth/signup (never the session cookie). Error messages follow Accept-Language (en or ar). Money is in currency units. Every error answer is `{error: {code, message, fields?}}`.",
    },
    servers: [{ url: "/" }],
    tags: TAGS.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer" },
        sessionCookie: { type: "apiKey", in: "cookie", name: sessionCookieName() },
      },
      schemas: { Error: jsonSchema(ApiErrorBody, "output") },
    },
  };
  return cached;
}

export type ReferenceEndpoint = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  auth: string;
  parameters: { name: string; in: string; required: boolean; schema: string }[];
  bodies: { contentType: string; schema: string }[];
  responses: { status: string; description: string; schema: string | null }[];
};

/** The reference page's view of the document: endpoints grouped by tag, schemas as indented JSON. */
export function referenceGroups(): { tag: string; endpoints: ReferenceEndpoint[] }[] {
  const document = openApiDocument() as { paths: Record<string, Record<string, JsonSchema>> };
  const groups = new Map<string, ReferenceEndpoint[]>(TAGS.map((tag) => [tag, []]));
  const pretty = (value: unknown) => JSON.stringify(value, null, 2);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = (op.tags as string[])[0] ?? "";
      const parameters = ((op.parameters as JsonSchema[] | undefined) ?? []).map((parameter) => ({
        name: String(parameter.name),
        in: String(parameter.in),
        required: Boolean(parameter.required),
        schema: pretty(parameter.schema),
      }));
      const content = ((op.requestBody as JsonSchema | undefined)?.content ?? {}) as Record<
        string,
        JsonSchema
      >;
      const responses = Object.entries(op.responses as Record<string, JsonSchema>).map(
        ([status, response]) => {
          const body = Object.values((response.content ?? {}) as Record<string, JsonSchema>)[0];
          return {
            status,
            description: String(response.description),
            schema: body && Number(status) < 400 ? pretty(body.schema) : null,
          };
        },
      );
      groups.get(tag)?.push({
        id: String(op.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary),
        description: op.description ? String(op.description) : null,
        auth: String(op["x-auth"]),
        parameters,
        bodies: Object.entries(content).map(([contentType, media]) => ({
          contentType,
          schema: pretty(media.schema),
        })),
        responses,
      });
    }
  }
  return [...groups]
    .filter(([, endpoints]) => endpoints.length > 0)
    .map(([tag, endpoints]) => ({ tag, endpoints }));
}
