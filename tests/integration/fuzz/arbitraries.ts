// The hostile inputs of the fuzz suite: methods, content types, bodies, ids, strings and query strings.
import fc from "fast-check";

export const HUGE = 100_000;

/** Strings that have broken servers before: NUL, lone surrogates, traversal, numbers as text, huge ones. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "learner@manara.local\u0000",
  "\u0000@example.com",
  "\ud800",
  "\udfff",
  "x\ud83d",
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "..\\..\\windows\\win.ini",
  "%00",
  "%ff%fe",
  "\r\nSet-Cookie: x=1",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "1e308",
  "-1",
  "0",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "NaN",
  "Infinity",
  "1e3",
  "0x10",
  "null",
  "[]",
  "{}",
  "true",
  "admin",
  "__proto__",
  "constructor",
  "مرحبا",
  "\u202eevil",
  "😀".repeat(50),
  "9".repeat(400),
];

const hugeStrings = fc.constantFrom(
  "x".repeat(HUGE),
  "\u0000".repeat(HUGE / 10),
  "é".repeat(HUGE / 2),
  `${"a".repeat(HUGE)}@example.com`,
);

/** Lone surrogates and NUL mixed into otherwise plausible text. */
const mixedString = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("\u0000", "\ud800", "\udc00", "\uffff", "\u0001", "\u007f", "%00", ""),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, b, c]) => a + b + c);

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: mixedString },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: hugeStrings },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    -1,
    0,
    -0,
    0.5,
    10.555,
    1e-7,
    2147483647,
    2147483648,
    -2147483649,
    4294967296,
    9007199254740992,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, biased towards the wrong type for a scalar field. */
export const nastyJsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 4, arbitrary: nastyString },
    { weight: 3, arbitrary: nastyNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom("a", "__proto__", "0", "$gt", ""), tie("value"), {
        maxKeys: 2,
      }),
    },
  ),
})).value;

/** Raw bodies that are not what any parser expects. */
export const RAW_BODIES: (string | Uint8Array)[] = [
  "",
  "{",
  '{"a":',
  "null",
  "[]",
  "[1,2,3]",
  '"a string"',
  "1e309",
  "-1",
  "true",
  '{"amount":1e309}',
  '{"courseIds":[1e309]}',
  '{"courseIds":[-0.0]}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '{"a":"\\ud800"}',
  '{"email":"\\u0000"}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  "<?xml version='1.0'?><!DOCTYPE a [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><a>&e;</a>",
  "intent=remove&courseId=1",
  "a=%&b=%ff%fe&c=%00",
  '------x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
  new Uint8Array([0xff, 0xfe, 0xfd, 0x00, 0xc3, 0x28]),
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xa0, 0xa1, 0x22, 0x7d]), // {"a":"\xc3(\xa0\xa1"}
  new Uint8Array([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe]), // intent=\xff\xfe
  new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), // BOM + {}
];

export type ContentTypeKind = "json" | "form" | "multipart" | "other" | "ambiguous";

/** Content types, each with what a server should take it for. `undefined` sends none at all. */
export const CONTENT_TYPES: { value: string | undefined; kind: ContentTypeKind }[] = [
  { value: "application/json", kind: "json" },
  { value: "application/json; charset=utf-8", kind: "json" },
  { value: "APPLICATION/JSON", kind: "json" },
  { value: "application/x-www-form-urlencoded", kind: "form" },
  { value: "application/x-www-form-urlencoded;charset=UTF-8", kind: "form" },
  { value: "text/plain", kind: "other" },
  { value: "text/plain;charset=UTF-8", kind: "other" },
  { value: "application/xml", kind: "other" },
  { value: "text/xml", kind: "other" },
  { value: "text/html", kind: "other" },
  { value: "application/octet-stream", kind: "other" },
  { value: "image/png", kind: "other" },
  { value: "multipart/form-data", kind: "other" }, // no boundary
  { value: "multipart/form-data; boundary=", kind: "other" },
  { value: "", kind: "other" },
  { value: undefined, kind: "other" },
  { value: "application/jsonx", kind: "other" },
  { value: "application/json, text/plain", kind: "ambiguous" },
  { value: "application/vnd.api+json", kind: "ambiguous" },
  { value: "*/*", kind: "other" },
  { value: `text/plain; x=${"y".repeat(8000)}`, kind: "other" },
];

export const contentType = fc.constantFrom(...CONTENT_TYPES);
export const nonJsonContentType = fc.constantFrom(
  ...CONTENT_TYPES.filter((type) => type.kind !== "json" && type.kind !== "ambiguous"),
);

/** Methods a browser, a script or a scanner might send. `new Request` refuses CONNECT, TRACE and TRACK. */
export const METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "post",
  "patch",
  "PROPFIND",
  "FOO",
  "M-SEARCH",
  "QUERY",
];
export const method = fc.constantFrom(...METHODS);
export const hasBody = (m: string) => !["GET", "HEAD"].includes(m.toUpperCase());

/** Values for an integer id in a URL segment (already percent-encoded where needed). */
export const BAD_ID_SEGMENTS = [
  "0",
  "-1",
  "2147483648",
  "2147483647",
  "99999999999999999999",
  "1e3",
  "1.5",
  "01",
  "0x10",
  "%201",
  "1%20",
  "%00",
  "1%00",
  "..%2f",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e",
  "%ff",
  "%",
  "%0a",
  "abc",
  "null",
  "undefined",
  "NaN",
  "%E2%80%AE1",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "x".repeat(5000),
];

/** A percent-encoded query-string value (or a raw one that is already hostile as it stands). */
export const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyString.map((value) => encodeURIComponentLoose(value)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("%00", "%ff", "%", "%E0%A4%A", "a%0Ab", "1e308", "99999999999999999999", "-1"),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...["1", "10", "50", "51", "0", "newest", "price", "admin", "desc"]),
  },
);

/** encodeURIComponent that survives lone surrogates (it throws on them) by sending them raw-encoded. */
export function encodeURIComponentLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\ud800-\udfff]/g, "%ED%A0%80").replace(/[^\w%.-]/g, (c) => encodeURIComponent(c));
  }
}

/** `?a=1&a=2&b[]=x…`: repeated keys stand for arrays, bracketed keys for frameworks that nest. */
export function queryString(keys: string[]): fc.Arbitrary<string> {
  const pair = fc
    .tuple(
      fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...keys) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...keys.map((key) => `${key}[]`), "_routes", "index", "%00", ""),
        },
      ),
      queryValue,
    )
    .map(([key, value]) => `${key}=${value}`);
  return fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join("&")}`);
}

export type Body = {
  body: string | Uint8Array | undefined;
  contentType: string | undefined;
  kind: ContentTypeKind;
  parseable: boolean;
};

function isValidJson(body: string | Uint8Array): boolean {
  try {
    const text = typeof body === "string" ? body : new TextDecoder("utf-8", { fatal: true }).decode(body);
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A JSON-ish body for an endpoint with the given field names and plausible values. */
export function jsonBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string | Uint8Array> {
  const names = Object.keys(fields);
  const record =
    names.length === 0
      ? fc.constant({})
      : fc.record(
          Object.fromEntries(
            names.map((name) => [
              name,
              fc.oneof(
                { weight: 2, arbitrary: fields[name] as fc.Arbitrary<unknown> },
                { weight: 3, arbitrary: nastyJsonValue },
              ),
            ]),
          ),
          { requiredKeys: [] },
        );
  return fc.oneof(
    { weight: 6, arbitrary: record.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: nastyJsonValue.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
}

/** A form body: urlencoded pairs of the endpoint's fields (repeated for arrays), or raw garbage. */
export function formBody(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string | Uint8Array> {
  const names = Object.keys(fields);
  const pair = fc.constantFrom(...names, "js", "__proto__", "").chain((name) =>
    fc
      .oneof(
        {
          weight: 3,
          arbitrary: Object.hasOwn(fields, name) ? (fields[name] as fc.Arbitrary<string>) : fc.constant("1"),
        },
        { weight: 3, arbitrary: nastyString },
      )
      .map((value) => [name, value] as const),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.array(pair, { maxLength: 7 }).map((pairs) => {
        const params = new URLSearchParams();
        for (const [name, value] of pairs) params.append(name, value);
        return params.toString();
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
}

/** Multipart bodies: well-formed, with a boundary that does not match, truncated, or without a boundary. */
export function multipartBody(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Body> {
  const names = Object.keys(fields);
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...names, "file"), fc.oneof(...Object.values(fields), nastyString)), {
        maxLength: 4,
      }),
      fc.constantFrom("ok", "mismatch", "truncated", "noBoundary", "emptyBoundary", "file"),
    )
    .map(([pairs, variant]) => {
      const boundary = "----fuzzBoundary7MA4YWxkTrZu0gW";
      const parts = pairs.map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      if (variant === "file")
        parts.push(
          `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="../../etc/passwd"\r\nContent-Type: application/octet-stream\r\n\r\n${"\u0000".repeat(1000)}\r\n`,
        );
      let text = `${parts.join("")}--${boundary}--\r\n`;
      if (variant === "truncated") text = text.slice(0, Math.max(10, Math.floor(text.length / 2)));
      const header =
        variant === "mismatch"
          ? "multipart/form-data; boundary=somethingElse"
          : variant === "noBoundary"
            ? "multipart/form-data"
            : variant === "emptyBoundary"
              ? "multipart/form-data; boundary="
              : `multipart/form-data; boundary=${boundary}`;
      const wellFormed = variant === "ok" || variant === "file";
      return {
        body: text,
        contentType: header,
        kind: wellFormed ? "multipart" : "other",
        parseable: wellFormed,
      } satisfies Body;
    });
}

/** A JSON endpoint's body with any content type. */
export function anyJsonRequestBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Body> {
  return fc
    .tuple(
      jsonBody(fields),
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES.slice(0, 2)) },
        { weight: 2, arbitrary: contentType },
      ),
    )
    .map(([body, type]) => ({
      body,
      contentType: type.value,
      kind: type.kind,
      parseable: isValidJson(body),
    }));
}

/** A page action's body with any content type: forms mostly, JSON, text, XML and multipart too. */
export function anyFormRequestBody(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Body> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: formBody(fields).map(
        (body): Body => ({
          body,
          contentType: "application/x-www-form-urlencoded",
          kind: "form",
          parseable: true,
        }),
      ),
    },
    { weight: 2, arbitrary: multipartBody(fields) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.oneof(formBody(fields), jsonBody(fields)), contentType)
        .map(([body, type]): Body => ({ body, contentType: type.value, kind: type.kind, parseable: false })),
    },
  );
}
