// Rules that must keep one home (issue 30): role names are compared only in app/access/roles.ts, a wallet's
// balance and ledger are written only by the wallet module, and route actions read their forms only through
// app/lib/forms.server.ts. A scan of the app's source, so a new route or component that compares
// `role === "admin"`, writes a balance or reads `formData.get(…)` itself fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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
 * A form field read around the zod schema: `form.get("intent")`, `Number(formData.get("id"))`,
 * `Object.fromEntries(form)`. Components reading `fetcher.formData.get(…)` or `navigation.formData?.get(…)`
 * for optimistic UI do not match: there the call follows a `.`, never a bare name.
 */
const directRead =
  /(?<![.\w])(?:form|formData)\??\.get(?:All)?\(|fromEntries\(\s*(?:form\b|formData\b|await readForm)/;

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
    expect(offenders(directRead, [], path.join(appDir, "routes"))).toEqual([]);
  });

  it("finds a direct form read, and not a fetcher's optimistic one", () => {
    for (const line of [
      'const intent = form.get("intent");',
      'const id = Number(formData.get("id"));',
      "const parsed = Schema.safeParse(Object.fromEntries(form));",
      "Schema.safeParse(Object.fromEntries(await readForm(request)))",
    ])
      expect(directRead.test(line), line).toBe(true);
    for (const line of [
      'const pending = fetcher.formData?.get("intent");',
      'navigation.formData?.get("intent") === "checkout"',
      'const ids = String(fetcher.formData.get("order"))',
      "const intent = parsed.values.intent;",
    ])
      expect(directRead.test(line), line).toBe(false);
  });
});
