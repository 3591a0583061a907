// The OpenAPI document read by a JSON Schema validator (ajv, draft 2020-12 as the document declares), so
// tests check answers and inputs against what the document says, not against the zod schemas behind it.
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

type Json = Record<string, unknown>;

// ajv-formats is CommonJS: its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

export function documentValidator(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  addFormats(ajv);
  ajv.addFormat("binary", true);
  const components = document.components;
  const cache = new Map<object, ReturnType<Ajv2020["compile"]>>();
  /** Whether `value` is valid by `schema` (a part of the document; its `#/components` refs resolve). */
  return (schema: object, value: unknown): { valid: boolean; errors: string } => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components });
      cache.set(schema, validate);
    }
    const valid = validate(value) as boolean;
    return { valid, errors: valid ? "" : ajv.errorsText(validate.errors as ErrorObject[]) };
  };
}

/** The documented schema of one answer: `paths[path][method].responses[status]`'s JSON body. */
export function responseSchema(document: Json, path: string, method: string, status: number) {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const responses = paths[path]?.[method]?.responses as Record<string, Json> | undefined;
  const content = responses?.[String(status)]?.content as Record<string, { schema: object }> | undefined;
  return content?.["application/json"]?.schema;
}
