// The environment is read in one place (issue 44, item 4): app/config.server.ts names every variable the app
// knows in one zod schema; nothing else in app/ or server/ reads `process.env`. Scripts and tests may read
// their own variables.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkEnvironment, ENVIRONMENT_VARIABLES, environment } from "../../app/config.server";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && !/\.d\.m?ts$/.test(file))
    .map((file) => path.join(folder, file));
}

describe("the environment's one home", () => {
  it("no module of app/ or server/ but app/config.server.ts reads process.env", () => {
    const readers = [...sources("app"), ...sources("server")]
      .filter((file) => file !== path.join("app", "config.server.ts"))
      .filter((file) => /process\.env\b/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(readers).toEqual([]);
  });

  it("names every variable the app reads as env.NAME", () => {
    const named = new Set<string>(ENVIRONMENT_VARIABLES);
    const read = new Set<string>();
    for (const file of [...sources("app"), ...sources("server")]) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) read.add(match[1] ?? "");
    }
    expect([...read].filter((name) => !named.has(name))).toEqual([]);
  });

  it("picks the app's variables, leaves others out, and refuses a value that is not a string", () => {
    expect(environment({ PORT: "3001", PATH: "/bin", SESSION_SECRET: "s" })).toEqual({
      PORT: "3001",
      SESSION_SECRET: "s",
    });
    expect(() => checkEnvironment({ PORT: 3001 as unknown as string })).toThrow();
    expect(checkEnvironment({ PORT: "3001", HOME: "/root" })).toEqual({ PORT: "3001" });
  });
});
