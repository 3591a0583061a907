// How long a Vitest file waits for its database (tests/integration/test-database.ts): a fresh one migrated
// from nothing, as before issue 30 item 7, or a copy of the template migrated once. PGlite always; PostgreSQL
// when TEST_DATABASE_URL is set. `npx tsx bench/test-db-setup.ts [rounds]`; prints milliseconds per file.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { openPglite, openPostgres } from "../app/db/client.server";
import {
  adminConnection,
  createPgliteTemplate,
  createPostgresTemplate,
  databaseUrl,
} from "../tests/integration/template-database";

const rounds = Number(process.argv[2] ?? 10);

async function time(label: string, once: () => Promise<void>) {
  await once(); // warm: module loading and the WebAssembly compile are not per file in a worker
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? 0;
  const mean = samples.reduce((sum, sample) => sum + sample, 0) / samples.length;
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(0).padStart(5)} ms  mean ${mean.toFixed(0).padStart(5)} ms  (n=${rounds})`,
  );
}

const pgliteStarted = performance.now();
const pgliteTemplate = await createPgliteTemplate();
console.log(`PGlite template migrated and dumped once: ${(performance.now() - pgliteStarted).toFixed(0)} ms`);
try {
  const dump = new Blob([readFileSync(pgliteTemplate.file)]);
  console.log(`PGlite template: ${(dump.size / 1024 / 1024).toFixed(1)} MB`);
  await time("PGlite: fresh, every migration", async () => {
    await (await openPglite(undefined)).close();
  });
  await time("PGlite: loaded from the template's dump", async () => {
    await (await openPglite(undefined, { loadDataDir: dump })).close();
  });
} finally {
  pgliteTemplate.remove();
}

const url = process.env.TEST_DATABASE_URL;
if (url) {
  const started = performance.now();
  const template = await createPostgresTemplate(url);
  console.log(`PostgreSQL template migrated once: ${(performance.now() - started).toFixed(0)} ms`);
  const admin = await adminConnection(url);
  let counter = 0;
  const openAndDrop = async (create: (name: string) => string) => {
    const name = `manara_bench_${process.pid}_${counter++}`;
    await admin.query(create(name));
    const handle = await openPostgres(databaseUrl(url, name), { max: 5 });
    await handle.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
  };
  try {
    await time("PostgreSQL: create database, every migration", () =>
      openAndDrop((name) => `create database "${name}"`),
    );
    await time("PostgreSQL: create database … template", () =>
      openAndDrop((name) => `create database "${name}" template "${template.name}"`),
    );
  } finally {
    await admin.end();
    await template.drop();
  }
}
