// The decision records' index (docs/decisions/README.md) lists every record with the status its own line 3
// gives: a record superseded without its index row following, or added without one, fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decisionIndex, INDEX_FILE, readDecisionRecords } from "../../scripts/decision-index";

describe("the decision records", () => {
  const records = readDecisionRecords();

  // Numbers may skip: branches written side by side take numbers ahead (042 while 039–041 are in progress).
  it("each have a title and a dated status line, numbered as their file, each number once", () => {
    expect(records.length).toBeGreaterThan(30);
    for (const record of records) expect(record.file.startsWith(`${record.number}-`), record.file).toBe(true);
    expect(new Set(records.map((record) => record.number)).size).toBe(records.length);
  });

  it("name only records that exist when they say what supersedes them", () => {
    const numbers = new Set(records.map((record) => record.number));
    for (const record of records)
      for (const [, by] of record.status.matchAll(/superseded by (\d{3})/g))
        expect(numbers.has(by ?? ""), `${record.file} names ${by}`).toBe(true);
  });

  it("are listed in docs/decisions/README.md as they are (npm run docs:decisions rewrites it)", () => {
    expect(readFileSync(INDEX_FILE, "utf8")).toBe(decisionIndex(records));
  });
});
