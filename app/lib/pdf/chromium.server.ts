// Chromium's headless print: how Manara makes a tagged PDF whose Arabic text extracts (decision 054). Used by
// the certificates and the invoices; each brings its own page as one self-contained HTML document.
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { childProcessEnvironment, type Environment, environment } from "../../config.server";

const execFileAsync = promisify(execFile);

/** The Chromium to print with: CHROMIUM_PATH, or Debian's /usr/bin/chromium; null when there is none. */
export function pdfChromium(env: Environment = environment()): string | null {
  const path = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!path || path === "none") return null;
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return null;
  }
}

/**
 * Chromium's headless print of `html`: a tagged PDF (Chromium tags printed pages), text shaped by HarfBuzz.
 * One short-lived process per document, with its own profile, no network (every resource is a data URL,
 * the page's CSP allows no other source and no script, and no host resolves). `name` names the temporary
 * folder and files ("certificate", "invoice").
 */
/** `nice`, where the system has it, to run Chromium at a lower priority; null otherwise. */
const NICE =
  ["/usr/bin/nice", "/bin/nice"].find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }) ?? null;

export async function printWithChromium(chromium: string, html: string, name: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), `manara-${name}-`));
  try {
    const page = join(dir, `${name}.html`);
    const out = join(dir, `${name}.pdf`);
    await writeFile(page, html);
    // Below the server's own priority: a print is background work (a job), and on a small machine it must
    // not starve the requests being answered meanwhile (every purchase now prints its invoice).
    const [command, prefix] = NICE ? [NICE, ["-n", "15", chromium]] : [chromium, []];
    await execFileAsync(
      command,
      [
        ...prefix,
        "--headless",
        // Containers rarely allow Chromium's sandbox; the page is our own markup, with no script or network.
        "--no-sandbox",
        "--disable-gpu",
        "--disable-extensions",
        "--no-first-run",
        "--no-default-browser-check",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        `--user-data-dir=${join(dir, "profile")}`,
        "--no-pdf-header-footer",
        `--print-to-pdf=${out}`,
        pathToFileURL(page).href,
      ],
      { timeout: 60_000, env: childProcessEnvironment({ HOME: dir }) },
    );
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
