// Writes docs/decisions/README.md, the index of the decision records, from each record's title (line 1) and
// its date and status (line 3). `npm run docs:decisions` after adding or superseding a record;
// tests/unit/decision-index.test.ts fails while the index and the records disagree.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const DECISIONS_DIR = path.resolve(import.meta.dirname, "../docs/decisions");
export const INDEX_FILE = path.join(DECISIONS_DIR, "README.md");

export type DecisionRecord = { file: string; number: string; title: string; date: string; status: string };

/** The form of line 3: the date, then the status (proposed, accepted, superseded by N, …) and any notes. */
const STATUS_LINE =
  /^(\d{4}-\d{2}-\d{2}) · ((?:proposed|accepted|superseded by \d{3}|partly superseded by \d{3}).*)$/;

export function readDecisionRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const lines = readFileSync(path.join(dir, file), "utf8").split("\n");
      const heading = /^# (\d{3}) · (.+)$/.exec(lines[0] ?? "");
      const status = STATUS_LINE.exec(lines[2] ?? "");
      if (!heading || !status)
        throw new Error(`${file}: line 1 must be "# NNN · Title" and line 3 "YYYY-MM-DD · status"`);
      return {
        file,
        number: heading[1] ?? "",
        title: heading[2] ?? "",
        date: status[1] ?? "",
        status: status[2] ?? "",
      };
    });
}

export function decisionIndex(records: readonly DecisionRecord[]): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  return [
    "# Decision records",
    "",
    "One short record per choice a newcomer would ask about: the context, what was decided, what follows. A",
    'record is never rewritten when a later one replaces it; its status line says "superseded by N". New record:',
    "copy the shape of the latest (title line, `date · status` line, Context, Decision, Consequences), then run",
    '`npm run docs:decisions` to rewrite this index. A plan decided before it is built is "proposed" until it',
    "lands; then its status says what was built.",
    "",
    "| No. | Decision | Date | Status |",
    "| --- | --- | --- | --- |",
    ...records.map(
      (record) =>
        `| ${record.number} | [${cell(record.title)}](${record.file}) | ${record.date} | ${cell(record.status)} |`,
    ),
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(INDEX_FILE, decisionIndex(readDecisionRecords()));
  console.log(`Wrote ${path.relative(process.cwd(), INDEX_FILE)}`);
}
