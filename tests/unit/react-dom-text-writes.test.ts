// The react-dom patch (patches/react-dom+19.3.1.patch, decisions 030 and 035): the production Node build of
// React's server renderer gathers a flush's text as one string and encodes it once, and runs its work without
// an AsyncLocalStorage. What it sends must be exactly what the unpatched renderer sends, and a Suspense
// boundary must still stream after the shell.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const PATCHED_FILE = path.join(
  path.dirname(require.resolve("react-dom/package.json")),
  "cjs/react-dom-server.node.production.js",
);

type Renders = {
  loadedPatchedFile: boolean;
  storageRuns: number;
  node: Buffer;
  edge: Buffer;
  shell: Buffer;
  streamed: Buffer;
};

/** Production React in a process of its own (Vitest loads the development builds). */
function renderInProduction(): Renders {
  const output = execFileSync(process.execPath, [path.join(import.meta.dirname, "react-dom-render.mjs")], {
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  const raw = JSON.parse(output) as Record<
    Exclude<keyof Renders, "loadedPatchedFile" | "storageRuns">,
    string
  > & {
    loadedPatchedFile: boolean;
    storageRuns: number;
  };
  return {
    loadedPatchedFile: raw.loadedPatchedFile,
    storageRuns: raw.storageRuns,
    node: Buffer.from(raw.node, "base64"),
    edge: Buffer.from(raw.edge, "base64"),
    shell: Buffer.from(raw.shell, "base64"),
    streamed: Buffer.from(raw.streamed, "base64"),
  };
}

describe("React's server renderer, text encoded once per flush", () => {
  const renders = renderInProduction();

  it("is applied to the installed react-dom (npm ci runs patch-package)", () => {
    expect(readFileSync(PATCHED_FILE, "utf8")).toContain("pendingText");
    expect(renders.loadedPatchedFile).toBe(true);
  });

  it("sends the same bytes as the unpatched renderer", () => {
    expect(renders.node.length).toBeGreaterThan(20_000);
    expect(renders.node.toString("utf8")).toContain("دورة 399 — “course” 😀 &lt;&amp;&gt;");
    expect(renders.node.equals(renders.edge)).toBe(true);
  });

  it("runs no AsyncLocalStorage, so Node never turns on its promise hooks (decision 035)", () => {
    expect(readFileSync(PATCHED_FILE, "utf8")).not.toMatch(/requestStorage\.run\(/);
    expect(renders.storageRuns).toBe(0);
  });

  it("still sends the shell before a suspended part, and the part when it is ready", () => {
    const shell = renders.shell.toString("utf8");
    expect(shell).toContain("…تحميل");
    expect(shell).not.toContain("جاهز");
    expect(renders.streamed.subarray(0, renders.shell.length).equals(renders.shell)).toBe(true);
    expect(renders.streamed.toString("utf8")).toContain("جاهز 😀");
  });
});
