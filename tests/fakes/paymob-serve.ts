// The fake Paymob (API, unified checkout, callbacks) as a standalone server for the end-to-end tests' app
// (playwright.config.ts): the app's PAYMOB_API_URL points at it, and it calls the app's webhook over HTTP.
import { startFakePaymob } from "./paymob";

const port = Number(process.env.FAKE_PAYMOB_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("FAKE_PAYMOB_PORT must be a port number");
const fake = await startFakePaymob({
  secretKey: process.env.FAKE_PAYMOB_SECRET_KEY ?? "egy_sk_test_e2e",
  publicKey: process.env.FAKE_PAYMOB_PUBLIC_KEY ?? "egy_pk_test_e2e",
  hmacSecret: process.env.FAKE_PAYMOB_HMAC_SECRET ?? "e2e-paymob-hmac",
  integrationIds: (process.env.FAKE_PAYMOB_INTEGRATION_IDS ?? "4097558").split(",").map(Number),
  port,
});
console.log(`fake Paymob on ${fake.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
