// Run after `npm install`: this machine's npm registry mirror lacks the other platforms' builds of some
// native packages (Biome, Tailwind's oxide, Rollup), so npm leaves them out of package-lock.json and
// `npm ci` then refuses the lock file as out of sync. This adds the missing optional entries with the
// os/cpu/libc their names declare, exactly what npm writes on a full registry, so `npm ci` skips them
// here and installs them on the platforms that need them.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const tail = name.split("/").pop();
  const entry = {};
  const os = [
    "android",
    "darwin",
    "freebsd",
    "linux",
    "win32",
    "openbsd",
    "openharmony",
    "sunos",
    "netbsd",
    "aix",
  ].find((candidate) => tail.includes(`-${candidate}-`));
  if (os) entry.os = [os];
  const cpu = [
    ["wasm32", "wasm32"],
    ["arm64", "arm64"],
    ["x64", "x64"],
    ["ia32", "ia32"],
    ["loong64", "loong64"],
    ["ppc64", "ppc64"],
    ["riscv64", "riscv64"],
    ["s390x", "s390x"],
    ["arm-", "arm"],
  ].find(([needle]) => tail.includes(needle) || tail.endsWith(needle.replace(/-$/, "")));
  if (cpu) entry.cpu = [cpu[1]];
  if (/-musl/.test(tail)) entry.libc = ["musl"];
  else if (os === "linux" && /-gnu/.test(tail)) entry.libc = ["glibc"];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact versions can be filled in blind
    packages[`node_modules/${name}`] = {
      version: spec,
      ...platformOf(name),
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform entries.`);
