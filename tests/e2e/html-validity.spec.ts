// The Nu HTML Checker (the vnu-jar package, on the machine's Java) over every page of PAGES_BY_ROLE, in both
// languages, as a guest, a learner, a trainer and an admin: no error but the checker's own gaps listed below.
// Without JavaScript it checks the documents as the server sends them; with JavaScript, each document as the
// browser holds it once React has hydrated it. One JVM checks all the pages of a run (one per page would take
// minutes more).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { demoState, localized, PAGES_BY_ROLE, type Role } from "./helpers";

/** The package's main module is the jar's path. */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/**
 * Messages that are the checker's gaps, not our mistakes. Its CSS checks come from the W3C CSS validator,
 * which lags behind what browsers support; each entry says what in our CSS it does not know.
 */
const VALIDATOR_GAPS: { message: RegExp; why: string }[] = [
  {
    message: /^CSS: Unrecognized at-rule “@property”\.?$/,
    why:
      "Tailwind 4 registers its internal custom properties (--tw-*) with @property (CSS Properties and Values " +
      "API, in every current browser); the checker's CSS validator does not know the at-rule.",
  },
  {
    message: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
    why:
      "Tailwind's preflight tells Safari apart with a feature query, @supports (not (margin-trim:block)); " +
      "the property (CSS Box Model 4) is unknown to the checker's CSS validator.",
  },
];

type VnuMessage = {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
};

test("every page is valid HTML for every role, in both languages", async ({ browser }, testInfo) => {
  // About 6 minutes with JavaScript on a busy two-core machine (128 page loads, then the checker).
  test.setTimeout(900_000);
  const javaScript = testInfo.project.name !== "no-js";
  const dir = await mkdtemp(path.join(tmpdir(), "manara-html-"));
  const pageOfFile = new Map<string, string>();
  const problems: string[] = [];
  try {
    for (const role of ["guest", "learner", "trainer", "admin"] as const satisfies readonly Role[]) {
      const context = await browser.newContext({
        javaScriptEnabled: javaScript,
        ...(role === "guest" ? {} : { storageState: await demoState(browser, role) }),
      });
      const page = await context.newPage();
      for (const locale of ["en", "ar"] as const) {
        for (const pathname of PAGES_BY_ROLE[role]) {
          const url = localized(pathname, locale);
          let html: string;
          if (javaScript) {
            await page.goto(url);
            html = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);
          } else {
            // The served document, with the role's cookies (redirects followed, as a browser would).
            const response = await context.request.get(url);
            if (!response.headers()["content-type"]?.startsWith("text/html"))
              problems.push(`${role} ${url}: not an HTML page (${response.headers()["content-type"]})`);
            html = await response.text();
          }
          const file = path.join(dir, `${role}-${url.replace(/[^a-z0-9]+/gi, "_")}.html`);
          await writeFile(file, html);
          pageOfFile.set(file, `${role} ${url}`);
        }
      }
      await context.close();
    }

    // JSON goes to stderr; --exit-zero-always: the messages, not the exit code, decide.
    const { stderr } = await promisify(execFile)(
      process.env.JAVA ?? "java",
      ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...pageOfFile.keys()],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    const gapsSeen = new Set<RegExp>();
    for (const message of messages) {
      if (message.type === "info") continue; // notes and warnings
      const gap = VALIDATOR_GAPS.find(({ message: pattern }) => pattern.test(message.message));
      if (gap && message.type === "error") {
        gapsSeen.add(gap.message);
        continue;
      }
      const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : "";
      const where = `${pageOfFile.get(file) ?? file}${message.lastLine ? `:${message.lastLine}` : ""}`;
      problems.push(`${where}: ${message.message}${message.extract ? ` — “${message.extract.trim()}”` : ""}`);
    }
    // An entry that no longer matches anything is no longer a gap we live with: remove it.
    for (const { message } of VALIDATOR_GAPS)
      if (!gapsSeen.has(message))
        problems.push(`validator gap ${message} never seen: remove it from the list`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  expect(problems).toEqual([]);
});
