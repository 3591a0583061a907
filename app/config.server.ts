// Reads the environment once, in one place, so every variable the README lists is visible here.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isoCurrency } from "./lib/money";
import { parseCacheSeconds } from "./lib/response-cache.server";
import {
  decodePublicKey,
  decodeSecretKey,
  type Ed25519Key,
  encodePublicKey,
  encodeSecretKey,
  generateEd25519Key,
} from "./security/multikey";

/**
 * Every environment variable the app reads (README's configuration table), in one zod schema (issue 44,
 * item 4). Each is a string or absent; what a value means is parsed once, by `readConfig` below or by the
 * function named beside it, from what `environment()` returns. Nothing else in app/ or server/ reads
 * `process.env` (tests/unit/config-one-home.test.ts); scripts and tests may read their own variables.
 */
export const ENVIRONMENT_VARIABLES = [
  // The server and its data (readConfig).
  "NODE_ENV",
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "PUBLIC_URL",
  "SESSION_SECRET",
  "CURRENCY",
  "PUBLIC_CACHE_SECONDS",
  "CORS_ORIGINS",
  "TRUST_PROXY",
  "JOBS_WORKER",
  "LOG_LEVEL",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  // Certificates' credentials (getCredentialSigningKey, getPreviousCredentialKeys).
  "CREDENTIAL_SIGNING_KEY",
  "CREDENTIAL_PREVIOUS_KEYS",
  // Printed PDFs, certificates and invoices (app/lib/pdf/chromium.server.ts, pdfChromium).
  "CHROMIUM_PATH",
  // Mail and media (app/mail/context.server.ts, app/media/context.server.ts).
  "SMTP_URL",
  "MAIL_FROM",
  "CLOUDINARY_URL",
  // Video (app/video/host.server.ts, app/video/renditions.server.ts).
  "VIMEO_ACCESS_TOKEN",
  "VIMEO_API_URL",
  "VIMEO_PLAYER_ORIGIN",
  "MAX_VIDEO_BYTES",
  "FFMPEG_PATH",
  "FFPROBE_PATH",
  // Google sign-in (app/auth/google.server.ts).
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_AUTH_URL",
  "GOOGLE_TOKEN_URL",
  "GOOGLE_JWKS_URL",
  // Money (app/payments/stripe.server.ts, app/wallet/top-ups.server.ts, app/commerce/refunds.server.ts).
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_URL",
  "TOP_UP_MIN",
  "TOP_UP_MAX",
  "REFUND_WINDOW_DAYS",
  // Card payments of orders (app/payments/providers/, readMoyasarConfig, readPaymobConfig,
  // orderExpiryMinutes).
  "MOYASAR_SECRET_KEY",
  "MOYASAR_WEBHOOK_SECRET",
  "MOYASAR_API_URL",
  "PAYMOB_SECRET_KEY",
  "PAYMOB_PUBLIC_KEY",
  "PAYMOB_HMAC_SECRET",
  "PAYMOB_INTEGRATION_IDS",
  "PAYMOB_API_URL",
  "ORDER_EXPIRY_MINUTES",
  // Pages (app/lib/deferred-scripts.server.ts).
  "DEFER_PAGE_SCRIPTS",
  // Leads (app/leads/leads.server.ts, leadsNotifyEmail).
  "LEADS_NOTIFY_EMAIL",
  // Tax and the seller on invoices (app/invoices/config.server.ts, checked at start by server/app.ts).
  "TAX_RATE_PERCENT",
  "PRICES_INCLUDE_TAX",
  "SELLER_NAME",
  "SELLER_NAME_AR",
  "SELLER_VAT_NUMBER",
  "SELLER_ADDRESS",
  "SELLER_ADDRESS_AR",
] as const;

export type EnvironmentVariable = (typeof ENVIRONMENT_VARIABLES)[number];

const EnvironmentSchema = z.object(
  Object.fromEntries(ENVIRONMENT_VARIABLES.map((name) => [name, z.string().optional()])) as Record<
    EnvironmentVariable,
    z.ZodOptional<z.ZodString>
  >,
);

/** The app's variables, each a string or absent; unknown variables are left out. */
export type Environment = Partial<Record<EnvironmentVariable, string>>;

/** Checks the variables' shape against the schema (each a string or absent): once, when the config is read. */
export function checkEnvironment(source: NodeJS.ProcessEnv = process.env): Environment {
  return EnvironmentSchema.parse(source);
}

/**
 * The app's variables as they are now, picked by the schema's names (read on each call: tests change them
 * between calls; a plain loop, since pages ask for some on every render and a parse costs ~30 µs). Functions
 * that read a variable take an `Environment`, defaulting to this, so tests pass their own.
 */
export function environment(source: NodeJS.ProcessEnv = process.env): Environment {
  const picked: Environment = {};
  for (const name of ENVIRONMENT_VARIABLES) {
    const value = source[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** The whole environment for a child process (Chromium, ffmpeg): PATH, HOME and the rest, not only ours. */
export function childProcessEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

export type AppConfig = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  isProduction: boolean;
  currency: string;
  /** PUBLIC_URL's origin as set, or null; absolute links ask `publicOrigin()`, which supplies the default. */
  publicUrl: string | null;
  /** PUBLIC_CACHE_SECONDS: how long anonymous answers and public lists are kept (app/lib/response-cache.server.ts). */
  publicCacheSeconds: number;
  /** CORS_ORIGINS: the origins whose pages may call /api from a browser (none by default; server/app.ts). */
  corsOrigins: string[];
  /** S3_*: the S3-compatible bucket every stored file goes to, or null for files under DATA_DIR (app/storage/). */
  s3: S3Config | null;
  /** JOBS_WORKER: whether the web server also works the job queue (app/jobs/worker.server.ts); 1 by default. */
  jobsWorker: boolean;
  /** LOG_LEVEL: the least severe log line written (app/lib/logger.server.ts); `info` by default. */
  logLevel: LogLevel;
};

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL, one of pino's levels (https://github.com/pinojs/pino) or `silent`. */
export function readLogLevel(value: string | undefined): LogLevel {
  const level = (value || "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}; got "${value}".`);
  return level as LogLevel;
}

export type S3Config = {
  bucket: string;
  region: string;
  /** Absent for AWS itself; the URL of R2, MinIO, Ceph… otherwise. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/**
 * CURRENCY: an ISO 4217 code (default USD). Money is integer minor units of it everywhere, with ISO's
 * number of minor digits: 2 for SAR, AED, EGP, USD; 3 for KWD, BHD, OMR, JOD; 0 for JPY (app/lib/money.ts).
 * Funds, metals and test codes (XAU, XDR, XTS…) are not currencies a learner pays in.
 */
export function readCurrency(value: string | undefined): string {
  const currency = (value || "USD").trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency) || !isoCurrency(currency)) {
    throw new ConfigError(
      `CURRENCY must be an ISO 4217 currency code (SAR, AED, EGP, KWD, USD…); got "${value}".`,
    );
  }
  return currency;
}

let processConfig: AppConfig | undefined;

/** The configuration; read from the environment once (it is asked for on every request), from `env` when given. */
export function readConfig(env?: Environment): AppConfig {
  if (env) return parseConfig(env);
  processConfig ??= parseConfig(checkEnvironment());
  return processConfig;
}

function parseConfig(env: Environment): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    isProduction: env.NODE_ENV === "production",
    currency: readCurrency(env.CURRENCY),
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    publicCacheSeconds: readCacheSeconds(env.PUBLIC_CACHE_SECONDS),
    corsOrigins: readCorsOrigins(env.CORS_ORIGINS),
    s3: readS3Config(env),
    jobsWorker: readJobsWorker(env.JOBS_WORKER),
    logLevel: readLogLevel(env.LOG_LEVEL),
  };
}

const S3_REQUIRED = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_OPTIONAL = ["S3_ENDPOINT", "S3_FORCE_PATH_STYLE"] as const;

/**
 * The S3 settings: none of them (files stay under DATA_DIR), or at least the four required ones. A partial
 * set stops the server at start: half a configuration would otherwise write some files to disk on one
 * server and look for them in a bucket on another.
 */
export function readS3Config(env: Environment): S3Config | null {
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => env[name]);
  if (given.length === 0) return null;
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0)
    throw new ConfigError(
      `Object storage in S3 needs ${S3_REQUIRED.join(", ")}; ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing. Set them all, or none to keep files under DATA_DIR.`,
    );
  let endpoint: string | undefined;
  if (env.S3_ENDPOINT) {
    let url: URL | undefined;
    try {
      url = new URL(env.S3_ENDPOINT);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol))
      throw new ConfigError(
        `S3_ENDPOINT must be an absolute http(s) URL such as https://<account>.r2.cloudflarestorage.com; got "${env.S3_ENDPOINT}".`,
      );
    endpoint = env.S3_ENDPOINT;
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? "").toLowerCase();
  if (!["", "0", "1", "true", "false"].includes(pathStyle))
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false; got "${env.S3_FORCE_PATH_STYLE}".`);
  return {
    bucket: String(env.S3_BUCKET),
    region: String(env.S3_REGION),
    endpoint,
    accessKeyId: String(env.S3_ACCESS_KEY_ID),
    secretAccessKey: String(env.S3_SECRET_ACCESS_KEY),
    forcePathStyle: pathStyle === "1" || pathStyle === "true",
  };
}

/** Checked when `npm start` starts, so a bad value stops the server with a message, not a crash loop. */
function readCacheSeconds(value: string | undefined): number {
  try {
    return parseCacheSeconds(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

export class ConfigError extends Error {}

/**
 * JOBS_WORKER: `1` (the default) works jobs in each web server; `0` leaves them to `npm run worker`
 * processes. Anything else is a mistake said at start, not a server that silently works no jobs.
 */
export function readJobsWorker(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "1") return true;
  if (value === "0") return false;
  throw new ConfigError(`JOBS_WORKER must be 0 or 1; got "${value}".`);
}

/**
 * CORS_ORIGINS: comma-separated origins (`https://app.example.com,http://localhost:5173`), each exactly an
 * origin — scheme, host and port, no path — as browsers send it in `Origin`. Empty or unset: none.
 */
export function readCorsOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const entry of (value ?? "").split(",")) {
    const text = entry.trim();
    if (!text) continue;
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, "")) {
      throw new ConfigError(
        `CORS_ORIGINS must be comma-separated origins such as https://app.example.com (no path); got "${text}".`,
      );
    }
    origins.push(url.origin);
  }
  return [...new Set(origins)];
}

/** An absolute http(s) URL, kept as its origin; a bad value stops the server at start, not a request. */
function readPublicUrl(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw new ConfigError(
      `PUBLIC_URL must be an absolute http(s) URL such as https://manara.example; got "${value}".`,
    );
  return url.origin;
}

/**
 * The one origin every absolute link is built on: mails, canonical and hreflang links, the sitemap, feeds,
 * JSON-LD, Open Graph tags and certificates (their QR code too). PUBLIC_URL when set, else
 * http://localhost:PORT for a local install. Never the request's Host or X-Forwarded-Host header: the client
 * chooses those, so a reset link built from them could point at an attacker's site, and a page built from
 * them could tell search engines another site is its home (docs/decisions/042-one-public-origin.md). A
 * PostgreSQL deployment in production must set it, as it must SESSION_SECRET: it runs under a public name
 * that localhost is not.
 */
export function publicOrigin(env?: Environment): string {
  const config = readConfig(env);
  if (config.publicUrl) return config.publicUrl;
  if (config.databaseUrl && config.isProduction) {
    throw new ConfigError(
      "PUBLIC_URL is required when DATABASE_URL is set and NODE_ENV=production. Set it to the address " +
        "visitors use, such as https://manara.example: links in mails, pages, the sitemap and certificates " +
        "are built on it, never on a request's Host header.",
    );
  }
  return `http://localhost:${config.port}`;
}

/**
 * The origin a dedicated job worker (`npm run worker`) builds links on: PUBLIC_URL, required. The worker
 * renders certificates' PDFs (their QR code and verification URL) and mails with links, and unlike a web
 * server it has no port of its own to default to: without it, a PDF rendered by a worker started without
 * NODE_ENV=production would carry http://localhost:3000 for good (issue 33, item 1).
 */
export function workerPublicOrigin(env: Environment = environment()): string {
  const config = readConfig(env);
  if (!config.publicUrl)
    throw new ConfigError(
      "npm run worker needs PUBLIC_URL, the address visitors use (https://manara.example): the certificates " +
        "and mails it renders link to the site.",
    );
  return config.publicUrl;
}

export type MoyasarConfig = {
  secretKey: string;
  webhookSecret: string;
  /** The API's base, ending in /v1 (https://api.moyasar.com/v1 unless MOYASAR_API_URL says otherwise). */
  apiUrl: string;
};

export const MOYASAR_DEFAULT_API_URL = "https://api.moyasar.com/v1";

/**
 * Moyasar (issue 46): MOYASAR_SECRET_KEY and MOYASAR_WEBHOOK_SECRET together, or neither (Moyasar off). One
 * alone is a configuration mistake the server refuses to start with, as with Stripe's pair. MOYASAR_API_URL
 * (tests: the fake in tests/fakes/moyasar.ts) replaces the API's base URL.
 */
export function readMoyasarConfig(env: Environment = environment()): MoyasarConfig | null {
  const secretKey = env.MOYASAR_SECRET_KEY?.trim() ?? "";
  const webhookSecret = env.MOYASAR_WEBHOOK_SECRET?.trim() ?? "";
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret)
    throw new ConfigError("MOYASAR_SECRET_KEY and MOYASAR_WEBHOOK_SECRET must be set together.");
  const apiUrl = (env.MOYASAR_API_URL?.trim() || MOYASAR_DEFAULT_API_URL).replace(/\/+$/, "");
  if (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol))
    throw new ConfigError(`MOYASAR_API_URL must be an http(s) URL; got "${env.MOYASAR_API_URL}".`);
  return { secretKey, webhookSecret, apiUrl };
}

export type PaymobConfig = {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  /** The payment methods offered on the unified checkout: the integrations' ids, in the order given. */
  integrationIds: number[];
  /** The region's origin, without a trailing slash (https://accept.paymob.com unless PAYMOB_API_URL says). */
  apiUrl: string;
};

/** Egypt's; Saudi Arabia, the UAE and Oman have their own (https://ksa.paymob.com, uae., oman.). */
export const PAYMOB_DEFAULT_API_URL = "https://accept.paymob.com";

const PAYMOB_VARIABLES = [
  "PAYMOB_SECRET_KEY",
  "PAYMOB_PUBLIC_KEY",
  "PAYMOB_HMAC_SECRET",
  "PAYMOB_INTEGRATION_IDS",
] as const;

/**
 * Paymob (issue 46): the secret key, the public key, the HMAC secret and the integration ids all four, or
 * none (Paymob off); some without the others is a configuration mistake the server refuses to start with.
 * PAYMOB_INTEGRATION_IDS is a comma-separated list of the dashboard's integration ids (cards, wallets,
 * kiosk). PAYMOB_API_URL picks the region's origin (https://ksa.paymob.com…) or, in tests, the fake.
 */
export function readPaymobConfig(env: Environment = environment()): PaymobConfig | null {
  const [secretKey, publicKey, hmacSecret, ids] = PAYMOB_VARIABLES.map((name) => env[name]?.trim() ?? "");
  const given = [secretKey, publicKey, hmacSecret, ids].filter(Boolean).length;
  if (given === 0) return null;
  if (given < PAYMOB_VARIABLES.length || !secretKey || !publicKey || !hmacSecret || !ids)
    // (the four tests again only so that TypeScript knows each is a string)
    throw new ConfigError(`${PAYMOB_VARIABLES.join(", ")} must be set together.`);
  const integrationIds = ids.split(",").map((part) => part.trim());
  if (integrationIds.some((id) => !/^[1-9]\d{0,9}$/.test(id)))
    throw new ConfigError(
      `PAYMOB_INTEGRATION_IDS must be integration ids separated by commas (123456,234567); got "${ids}".`,
    );
  const apiUrl = (env.PAYMOB_API_URL?.trim() || PAYMOB_DEFAULT_API_URL).replace(/\/+$/, "");
  if (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol))
    throw new ConfigError(`PAYMOB_API_URL must be an http(s) URL; got "${env.PAYMOB_API_URL}".`);
  return { secretKey, publicKey, hmacSecret, integrationIds: integrationIds.map(Number), apiUrl };
}

/** ORDER_EXPIRY_MINUTES: how long a card order waits for its payment before it expires (60 by default). */
export function orderExpiryMinutes(env: Environment = environment()): number {
  const value = env.ORDER_EXPIRY_MINUTES?.trim();
  if (!value) return 60;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 10_080)
    throw new ConfigError(
      `ORDER_EXPIRY_MINUTES must be a whole number of minutes from 5 to 10080; got "${value}".`,
    );
  return minutes;
}

/**
 * Where a new lead is announced by mail (issue 48), or null: unset, the admins are told in-app only. One
 * address (a shared inbox); anything that is not an email address is a configuration error.
 */
export function leadsNotifyEmail(env: Environment = environment()): string | null {
  const value = env.LEADS_NOTIFY_EMAIL?.trim();
  if (!value) return null;
  if (!z.email().safeParse(value).success) {
    throw new ConfigError(`LEADS_NOTIFY_EMAIL must be one email address; got "${value}".`);
  }
  return value;
}

const cachedSecrets = new Map<string, string>();

/**
 * The secret that signs cookies. Embedded installs generate one on first start and keep it under
 * DATA_DIR, so `npm start` needs no setup; a PostgreSQL deployment in production must set it,
 * because several processes behind a load balancer have to share it.
 */
export function getSessionSecret(env: Environment = environment()): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const config = readConfig(env);
  if (config.databaseUrl && config.isProduction) {
    throw new ConfigError(
      "SESSION_SECRET is required when DATABASE_URL is set and NODE_ENV=production. " +
        "Set it to a long random string, e.g. `openssl rand -hex 32`.",
    );
  }
  const file = path.join(config.dataDir, "session-secret");
  let secret = cachedSecrets.get(file);
  if (secret) return secret;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    secret = randomBytes(32).toString("hex");
    // "wx" fails if another process created it first; then read theirs so both agree.
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    } catch {
      secret = readFileSync(file, "utf8").trim();
    }
  }
  cachedSecrets.set(file, secret);
  return secret;
}

/**
 * CREDENTIAL_PREVIOUS_KEYS: the public keys (`z6Mk…`, comma-separated) of signing keys retired by a
 * rotation. The DID document keeps listing them so credentials signed before the rotation still verify
 * (docs/decisions/053-open-badges-credentials.md). A value that is not an Ed25519 public key stops the start.
 */
export function readPreviousCredentialKeys(value: string | undefined): string[] {
  const keys: string[] = [];
  for (const entry of (value ?? "").split(",")) {
    const text = entry.trim();
    if (!text) continue;
    if (!decodePublicKey(text))
      throw new ConfigError(
        `CREDENTIAL_PREVIOUS_KEYS must be comma-separated Ed25519 public keys in multibase (z6Mk…); got "${text}".`,
      );
    keys.push(text);
  }
  return [...new Set(keys)];
}

const cachedSigningKeys = new Map<string, Ed25519Key>();

/**
 * The Ed25519 key that signs Open Badges credentials and status lists, as the session secret is found:
 * CREDENTIAL_SIGNING_KEY (a multibase Ed25519 secret key, `z3u2…` or the 64-byte form `zrv…`) when set;
 * otherwise generated on first use and kept under DATA_DIR, for embedded installs. A PostgreSQL deployment
 * in production must set it: every server behind the balancer signs with the same key, and a key lost with
 * one server's disk would leave its credentials unverifiable.
 */
export function getCredentialSigningKey(env: Environment = environment()): Ed25519Key {
  if (env.CREDENTIAL_SIGNING_KEY) {
    const key = decodeSecretKey(env.CREDENTIAL_SIGNING_KEY);
    if (!key)
      throw new ConfigError(
        "CREDENTIAL_SIGNING_KEY must be an Ed25519 secret key in multibase (a 'z' then base58btc of the " +
          "ed25519-priv multicodec and the key); `npm run credentials:new-key` prints one.",
      );
    return key;
  }
  const config = readConfig(env);
  if (config.databaseUrl && config.isProduction) {
    throw new ConfigError(
      "CREDENTIAL_SIGNING_KEY is required when DATABASE_URL is set and NODE_ENV=production: every server " +
        "must sign certificates' credentials with the same key. `npm run credentials:new-key` prints one.",
    );
  }
  const file = path.join(config.dataDir, "credential-signing-key");
  const cached = cachedSigningKeys.get(file);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    text = encodeSecretKey(generateEd25519Key());
    // "wx" fails if another process created it first; then read theirs so both agree.
    try {
      writeFileSync(file, text, { mode: 0o600, flag: "wx" });
    } catch {
      text = readFileSync(file, "utf8").trim();
    }
  }
  const key = decodeSecretKey(text);
  if (!key) throw new ConfigError(`${file} does not hold an Ed25519 secret key; remove it to generate one.`);
  cachedSigningKeys.set(file, key);
  return key;
}

/**
 * The key a dedicated job worker (`npm run worker`) signs with: CREDENTIAL_SIGNING_KEY, required even outside
 * production. The worker renders certificates' PDFs, which carry the signed credential (decision 054); a key
 * it generated on its own disk would be one the web servers' DID document does not list, and the credential
 * in every PDF it rendered would fail to verify.
 */
export function workerCredentialSigningKey(env: Environment = environment()): Ed25519Key {
  if (!env.CREDENTIAL_SIGNING_KEY)
    throw new ConfigError(
      "npm run worker needs CREDENTIAL_SIGNING_KEY, the web servers' key: it signs the credential each " +
        "certificate PDF carries. `npm run credentials:new-key` prints one.",
    );
  return getCredentialSigningKey(env);
}

/** The retired keys of CREDENTIAL_PREVIOUS_KEYS (read when asked, like the signing key). */
export function getPreviousCredentialKeys(env: Environment = environment()): string[] {
  return readPreviousCredentialKeys(env.CREDENTIAL_PREVIOUS_KEYS);
}

/** The public key of the signing key, in multibase (what the DID document and the start banner show). */
export function credentialPublicKey(env: Environment = environment()): string {
  return encodePublicKey(getCredentialSigningKey(env).publicKey);
}
