// `npm run worker`: a process that only works the job queue, beside web servers started with JOBS_WORKER=0
// (or beside ones that work jobs too: any number of workers share the queues). It opens, and so migrates,
// the configured database like `npm start`, and stops on SIGINT/SIGTERM after the jobs in hand finish.
import {
  ConfigError,
  getPreviousCredentialKeys,
  readConfig,
  workerCredentialSigningKey,
  workerPublicOrigin,
} from "../app/config.server";
import { openConfiguredDatabase } from "../app/db/client.server";
import { startJobWorker } from "../app/jobs/worker.server";
import { pdfChromium } from "../app/lib/pdf/chromium.server";
import { configuredMailer } from "../app/mail/context.server";
import { assertSupportedNode } from "../server/runtime.mjs";

try {
  assertSupportedNode();
  // The embedded database belongs to the one server process that opened it: it works its own jobs.
  if (!readConfig().databaseUrl)
    throw new ConfigError("npm run worker needs DATABASE_URL; an embedded server works its own jobs.");
  workerPublicOrigin();
  // It signs the credential each certificate PDF carries (decision 054), with the servers' key.
  workerCredentialSigningKey();
  getPreviousCredentialKeys();
} catch (error) {
  console.error(`\n  Cannot start the worker: ${(error as Error).message}\n`);
  process.exit(1);
}

const handle = await openConfiguredDatabase();
const worker = await startJobWorker({ db: handle.db, mailer: configuredMailer() });
console.log(
  `Manara job worker running (${handle.driver}; links on ${workerPublicOrigin()}; certificate and invoice ` +
    `PDFs printed by ${pdfChromium() ?? "@react-pdf/renderer: no Chromium, see decision 054"}).`,
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await worker.stop();
    await handle.close();
    process.exit(0);
  });
}
