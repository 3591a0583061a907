// Rules that must keep one home (issue 30): role names are compared only in app/access/roles.ts, and a
// wallet's balance and ledger are written only by the wallet module. A scan of the app's source, so a new
// route or component that compares `role === "admin"` or writes a balance itself fails here.
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
function offenders(pattern: RegExp, allowed: readonly string[]): string[] {
  return sourceFiles(appDir).flatMap((file) => {
    const relative = path.relative(appDir, file);
    if (allowed.includes(relative)) return [];
    return readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (pattern.test(line) ? [`${relative}:${index + 1}: ${line.trim()}`] : []));
  });
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
});
