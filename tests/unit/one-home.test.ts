// Rules that must keep one home (issue 30): role names are compared only in app/access/roles.ts, a wallet's
// balance and ledger are written only by the wallet module, and route actions read their forms only through
// app/lib/forms.server.ts. A scan of the app's source, so a new route or component that compares
// `role === "admin"`, writes a balance or reads `formData.get(…)` itself fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "@swc/core";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Each line of the app's source that matches `pattern`, as "file:line: text", outside `allowed` files. */
function offenders(pattern: RegExp, allowed: readonly string[], under = appDir): string[] {
  return sourceFiles(under).flatMap((file) => {
    const relative = path.relative(appDir, file);
    if (allowed.includes(relative)) return [];
    return readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (pattern.test(line) ? [`${relative}:${index + 1}: ${line.trim()}`] : []));
  });
}

/**
 * A form read around the zod schema, found on the syntax tree (issue 44, item 5), so a read spread over
 * several lines is caught too: a form is a name bound to `await readForm(…)` or `await request.formData()`,
 * or a parameter typed `FormData`; reading it means calling one of its methods (`form.get("intent")`,
 * `form.getAll(…)`, `form.entries()`…), spreading it (`[...form]`), looping over it (`for (… of form)`), or
 * handing it to `Object.fromEntries`, `Object.entries` or `Array.from`. Handing the whole form to a function
 * (`validateForm(form, …)`, `isEnhanced(form)`) is how it should be read. Components reading
 * `fetcher.formData.get(…)` for optimistic UI do not match: that `formData` is a property, not a bound name.
 */
type SyntaxNode = { type?: string; [key: string]: unknown };

function* nodesOf(node: unknown): Generator<SyntaxNode> {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesOf(child);
    return;
  }
  const syntax = node as SyntaxNode;
  if (typeof syntax.type === "string") yield syntax;
  for (const [key, child] of Object.entries(syntax)) if (key !== "span") yield* nodesOf(child);
}

const identifierName = (node: unknown): string | null =>
  (node as SyntaxNode | null)?.type === "Identifier" ? String((node as SyntaxNode).value) : null;

const FORM_METHODS = new Set(["get", "getAll", "has", "entries", "keys", "values", "forEach"]);
const WHOLE_READERS = new Set(["Object.fromEntries", "Object.entries", "Array.from"]);

function isFormSource(init: unknown): boolean {
  const awaited =
    (init as SyntaxNode | null)?.type === "AwaitExpression" ? (init as SyntaxNode).argument : null;
  const call = awaited as SyntaxNode | null;
  if (call?.type !== "CallExpression") return false;
  const callee = call.callee as SyntaxNode;
  if (identifierName(callee) === "readForm") return true;
  return callee?.type === "MemberExpression" && identifierName(callee.property) === "formData";
}

function isFormDataTyped(pattern: SyntaxNode): boolean {
  const annotation = (pattern.typeAnnotation as SyntaxNode | undefined)?.typeAnnotation as
    | SyntaxNode
    | undefined;
  return annotation?.type === "TsTypeReference" && identifierName(annotation.typeName) === "FormData";
}

/** Every direct read of a form in `source`, as "line: what" (the line of the offending node). */
function directFormReads(source: string, tsx: boolean): string[] {
  const module = parseSync(source, { syntax: "typescript", tsx, target: "es2022" });
  const forms = new Set<string>();
  for (const node of nodesOf(module)) {
    if (node.type === "VariableDeclarator" && isFormSource(node.init)) {
      const name = identifierName(node.id);
      if (name) forms.add(name);
    }
    if (node.type === "Identifier" && isFormDataTyped(node)) forms.add(String(node.value));
  }
  if (forms.size === 0) return [];
  const base = module.span.start;
  const lineOf = (node: SyntaxNode) =>
    source.slice(0, (node.span as { start: number }).start - base).split("\n").length;
  const reads: string[] = [];
  for (const node of nodesOf(module)) {
    if (node.type === "CallExpression") {
      const callee = node.callee as SyntaxNode;
      if (callee?.type !== "MemberExpression") continue;
      const object = identifierName(callee.object);
      const property = identifierName(callee.property);
      if (object && forms.has(object) && property && FORM_METHODS.has(property))
        reads.push(`${lineOf(node)}: ${object}.${property}(…)`);
      const whole = object && property ? `${object}.${property}` : "";
      if (WHOLE_READERS.has(whole)) {
        const handed = [...nodesOf(node.arguments)].find(
          (child) => child.type === "Identifier" && forms.has(String(child.value)),
        );
        if (handed) reads.push(`${lineOf(node)}: ${whole}(…${String(handed.value)}…)`);
      }
    }
    if (node.type === "ArrayExpression") {
      for (const element of (node.elements as SyntaxNode[] | undefined) ?? []) {
        const name = element?.spread ? identifierName(element.expression) : null;
        if (name && forms.has(name)) reads.push(`${lineOf(node)}: [...${name}]`);
      }
    }
    if (node.type === "ForOfStatement") {
      const name = identifierName(node.right);
      if (name && forms.has(name)) reads.push(`${lineOf(node)}: for (… of ${name})`);
    }
  }
  return reads;
}

describe("one home per rule", () => {
  it("compares role names only in app/access/roles.ts", () => {
    // `x.role === "admin"`, `role !== "trainer"`, `roles.includes(user.role)`…
    const comparison =
      /\brole\s*[!=]==\s*["'`]|["'`](?:admin|trainer|user)["'`]\s*[!=]==\s*\w*\.?role\b|\.includes\(\s*\w+\.role\s*\)/;
    expect(offenders(comparison, ["access/roles.ts"])).toEqual([]);
  });

  it("writes a wallet's balance and ledger only in app/wallet/wallet.server.ts", () => {
    const balanceWrite = /\.set\(\s*\{[^}]*walletBalance|insert\(\s*walletLedger\s*\)/;
    expect(offenders(balanceWrite, ["wallet/wallet.server.ts"])).toEqual([]);
  });

  it("reads a route's form only through app/lib/forms.server.ts (readForm, then parseForm/validateForm)", () => {
    const reads = sourceFiles(path.join(appDir, "routes")).flatMap((file) =>
      directFormReads(readFileSync(file, "utf8"), file.endsWith(".tsx")).map(
        (read) => `${path.relative(appDir, file)}:${read}`,
      ),
    );
    expect(reads).toEqual([]);
  });

  it("finds a direct form read on the syntax tree, over several lines too, and not a fetcher's optimistic one", () => {
    const read = (body: string) =>
      directFormReads(`async function action(request: Request, given: FormData) {\n${body}\n}`, true);
    for (const body of [
      'const form = await readForm(request);\nconst intent = form.get("intent");',
      'const formData = await request.formData();\nconst id = Number(formData.get("id"));',
      "const form = await readForm(request);\nSchema.safeParse(Object.fromEntries(form));",
      // course.tsx's review form did this, over three lines: the one-line scan missed it.
      "const fields = Object.fromEntries(\n  [...given].filter((entry) => typeof entry[1] === 'string'),\n);",
      "for (const [key, value] of given) console.log(key, value);",
      "const all = given\n  .getAll('ids');",
    ])
      expect(read(body), body).not.toEqual([]);
    for (const body of [
      'const pending = fetcher.formData?.get("intent");',
      'const checkout = navigation.formData?.get("intent") === "checkout";',
      "const form = await readForm(request);\nconst parsed = validateForm(form, Schema, t);\nif (isEnhanced(form)) return null;",
      "const fields = formFields(given);",
    ])
      expect(read(body), body).toEqual([]);
  });
});
