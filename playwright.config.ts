// End-to-end tests: Chromium (the system one; this machine cannot download browsers) against the
// production build on a fresh embedded database, once with JavaScript and once without.
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4310);
// The Vimeo suite (video-vimeo.spec.ts) runs a second app configured for Vimeo, against a fake Vimeo.
const FAKE_VIMEO_PORT = PORT + 1;
const VIMEO_APP_PORT = PORT + 2;
const FAKE_VIMEO = `http://127.0.0.1:${FAKE_VIMEO_PORT}`;
// The card checkout (card-checkout.spec.ts) pays on a fake Moyasar: its API, hosted pay page and callbacks.
const FAKE_MOYASAR_PORT = PORT + 3;
const FAKE_MOYASAR = `http://127.0.0.1:${FAKE_MOYASAR_PORT}`;
const MOYASAR = { secretKey: "sk_test_e2e_moyasar", webhookSecret: "e2e-moyasar-webhook-secret" };
// …and on a fake Paymob (unified checkout and HMAC-signed callbacks), the checkout's second provider.
const FAKE_PAYMOB_PORT = PORT + 4;
const FAKE_PAYMOB = `http://127.0.0.1:${FAKE_PAYMOB_PORT}`;
const PAYMOB = {
  secretKey: "egy_sk_test_e2e",
  publicKey: "egy_pk_test_e2e",
  hmacSecret: "e2e-paymob-hmac",
  integrationIds: "4097558",
};
// Debian's chromium-headless-shell when it is there: the headless-only build Playwright itself runs by
// default, which takes about a quarter less CPU than the full browser (measured on 23 tests: 411 s of worker
// time against 540 s, all passing in both). E2E_CHROMIUM_PATH picks another one.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath =
  process.env.E2E_CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Signs the demo accounts in once per run (tests/e2e/demo-accounts.setup.ts).
    { name: "setup", testMatch: /.*\.setup\.ts/, use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "js", use: { ...devices["Desktop Chrome"], channel: undefined }, dependencies: ["setup"] },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false },
      dependencies: ["setup"],
    },
  ],
  webServer: [
    {
      // `npm start` builds when needed; a fresh DATA_DIR means a freshly migrated and seeded database.
      command: "rm -rf .data-e2e && npm start",
      url: `http://localhost:${PORT}/`,
      // Loopback only: the test server is never reachable from the network.
      // TRUST_PROXY=loopback: suites that sign many learners up send their own X-Forwarded-For, so they
      // do not exhaust the per-address sign-up limit (20 an hour) the other suites share on 127.0.0.1.
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: ".data-e2e",
        TRUST_PROXY: "loopback",
        MOYASAR_SECRET_KEY: MOYASAR.secretKey,
        MOYASAR_WEBHOOK_SECRET: MOYASAR.webhookSecret,
        MOYASAR_API_URL: `${FAKE_MOYASAR}/v1`,
        PAYMOB_SECRET_KEY: PAYMOB.secretKey,
        PAYMOB_PUBLIC_KEY: PAYMOB.publicKey,
        PAYMOB_HMAC_SECRET: PAYMOB.hmacSecret,
        PAYMOB_INTEGRATION_IDS: PAYMOB.integrationIds,
        PAYMOB_API_URL: FAKE_PAYMOB,
        // VAT inside the catalogue prices (issue 47): totals stay as they are; pages show the net and the
        // VAT, and every paid order gets its invoice with a QR code (tests/e2e/billing.spec.ts).
        TAX_RATE_PERCENT: "15",
        SELLER_NAME: "Manara Academy",
        SELLER_NAME_AR: "أكاديمية منارة",
        SELLER_VAT_NUMBER: "310122393500003",
      },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npx tsx tests/fakes/moyasar-serve.ts",
      url: `${FAKE_MOYASAR}/health`,
      env: {
        FAKE_MOYASAR_PORT: String(FAKE_MOYASAR_PORT),
        FAKE_MOYASAR_SECRET_KEY: MOYASAR.secretKey,
        FAKE_MOYASAR_WEBHOOK_SECRET: MOYASAR.webhookSecret,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npx tsx tests/fakes/paymob-serve.ts",
      url: `${FAKE_PAYMOB}/health`,
      env: {
        FAKE_PAYMOB_PORT: String(FAKE_PAYMOB_PORT),
        FAKE_PAYMOB_SECRET_KEY: PAYMOB.secretKey,
        FAKE_PAYMOB_PUBLIC_KEY: PAYMOB.publicKey,
        FAKE_PAYMOB_HMAC_SECRET: PAYMOB.hmacSecret,
        FAKE_PAYMOB_INTEGRATION_IDS: PAYMOB.integrationIds,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npx tsx tests/fakes/vimeo-serve.ts",
      url: `${FAKE_VIMEO}/health`,
      env: { FAKE_VIMEO_PORT: String(FAKE_VIMEO_PORT), FAKE_VIMEO_TOKEN: "e2e-fake-vimeo-token" },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Started after the first (web servers start in order), so the build is already there.
      command: "rm -rf .data-e2e-vimeo && npm start",
      url: `http://localhost:${VIMEO_APP_PORT}/`,
      env: {
        PORT: String(VIMEO_APP_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: ".data-e2e-vimeo",
        TRUST_PROXY: "loopback",
        VIMEO_ACCESS_TOKEN: "e2e-fake-vimeo-token",
        VIMEO_API_URL: FAKE_VIMEO,
        VIMEO_PLAYER_ORIGIN: FAKE_VIMEO,
      },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
