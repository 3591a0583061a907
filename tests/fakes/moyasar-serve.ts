// The fake Moyasar (API, hosted pay page, callbacks) as a standalone server for the end-to-end tests' app
// (playwright.config.ts): the app's MOYASAR_API_URL points at it, and it calls the app's webhook over HTTP.
import { startFakeMoyasar } from "./moyasar";

const port = Number(process.env.FAKE_MOYASAR_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("FAKE_MOYASAR_PORT must be a port number");
const fake = await startFakeMoyasar({
  secretKey: process.env.FAKE_MOYASAR_SECRET_KEY ?? "sk_test_e2e_moyasar",
  webhookSecret: process.env.FAKE_MOYASAR_WEBHOOK_SECRET ?? "e2e-moyasar-webhook-secret",
  port,
});
console.log(`fake Moyasar on ${fake.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
