// Every package name in app/ means the published package: app code imports only packages package.json lists
// (react-i18next is gone: components translate with app/i18n/use-translation.ts), and vite.config.ts does
// not resolve a package name to a file of ours (it once answered "react-i18next" with local modules).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [file] : [];
  });
}

/** The package a bare specifier names: "@scope/name" or "name", without a subpath. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

describe("module resolution", () => {
  it("app/ imports only packages package.json lists, and no react-i18next", () => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const listed = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
    const unlisted: string[] = [];
    for (const file of sourceFiles(path.join(root, "app"))) {
      const text = readFileSync(file, "utf8");
      // Static imports and re-exports (`from "x"`), side-effect imports (`import "x"`) and `import("x")`; not
      // the word inside a string (`name="from"`, `"from", "to"`).
      for (const [, specifier = ""] of text.matchAll(
        /(?<![\w"'.$-])(?:from|import)\s*\(?\s*"([^".][^"]*)"/g,
      )) {
        const name = packageName(specifier);
        if (name === "react-i18next" || (!specifier.startsWith("node:") && !listed.has(name))) {
          unlisted.push(`${path.relative(root, file)}: ${specifier}`);
        }
      }
    }
    expect(unlisted).toEqual([]);
  });

  it("vite.config.ts neither aliases a package nor resolves one with a plugin of ours", () => {
    const config = readFileSync(path.join(root, "vite.config.ts"), "utf8");
    expect(config).not.toMatch(/\balias\b/);
    expect(config).not.toMatch(/\bresolveId\b/);
  });
});
