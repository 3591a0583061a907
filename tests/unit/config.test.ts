import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  getCredentialSigningKey,
  getSessionSecret,
  publicOrigin,
  readConfig,
  readS3Config,
  workerCredentialSigningKey,
  workerPublicOrigin,
} from "../../app/config.server";
import { encodeSecretKey, generateEd25519Key } from "../../app/security/multikey";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.currency).toBe("USD");
  });

  it("refuses a PostgreSQL production start without SESSION_SECRET", () => {
    expect(() =>
      getSessionSecret({
        DATABASE_URL: "postgres://x@localhost/db",
        NODE_ENV: "production",
        DATA_DIR: tmpdir(),
      }),
    ).toThrow(/SESSION_SECRET is required/);
  });

  it("prefers SESSION_SECRET when it is set", () => {
    expect(
      getSessionSecret({ SESSION_SECRET: "s3cret", NODE_ENV: "production", DATABASE_URL: "postgres://x" }),
    ).toBe("s3cret");
  });

  it("generates and keeps a secret under DATA_DIR in the embedded mode", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "manara-secret-"));
    const secret = getSessionSecret({ DATA_DIR: dataDir, NODE_ENV: "production" });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(secret);
  });
});

describe("CURRENCY", () => {
  it("accepts ISO 4217 codes with 0, 2 or 3 minor digits, in any case", () => {
    expect(readConfig({ CURRENCY: "sar" }).currency).toBe("SAR");
    expect(readConfig({ CURRENCY: "KWD" }).currency).toBe("KWD");
    expect(readConfig({ CURRENCY: "jpy" }).currency).toBe("JPY");
    expect(readConfig({}).currency).toBe("USD");
  });

  it.each(["XX", "dollars", "ABC", "XAU", "XTS"])("refuses %s with a clear message", (currency) => {
    expect(() => readConfig({ CURRENCY: currency })).toThrow(/CURRENCY must be an ISO 4217 currency code/);
  });
});

describe("PUBLIC_URL", () => {
  it("keeps the origin of an http(s) URL, and is optional", () => {
    expect(readConfig({ PUBLIC_URL: "https://manara.example/some/path?x=1" }).publicUrl).toBe(
      "https://manara.example",
    );
    expect(readConfig({}).publicUrl).toBeNull();
  });

  it("is the public origin when set; unset, http://localhost:PORT", () => {
    expect(publicOrigin({ PUBLIC_URL: "https://manara.example/x", PORT: "8080" })).toBe(
      "https://manara.example",
    );
    expect(publicOrigin({})).toBe("http://localhost:3000");
    expect(publicOrigin({ PORT: "4510", NODE_ENV: "production" })).toBe("http://localhost:4510");
    expect(publicOrigin({ DATABASE_URL: "postgres://x@localhost/db" })).toBe("http://localhost:3000");
  });

  it("is required for a PostgreSQL production start, with a message that says so", () => {
    const env = { DATABASE_URL: "postgres://x@localhost/db", NODE_ENV: "production" };
    expect(() => publicOrigin(env)).toThrow(ConfigError);
    expect(() => publicOrigin(env)).toThrow(/PUBLIC_URL is required when DATABASE_URL is set/);
    expect(publicOrigin({ ...env, PUBLIC_URL: "https://manara.example" })).toBe("https://manara.example");
  });

  it.each(["manara.example", "javascript:alert(1)", "ftp://manara.example"])(
    "refuses %s at start",
    (value) => {
      expect(() => readConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
    },
  );
});

describe("PUBLIC_CACHE_SECONDS", () => {
  it("defaults to 5 seconds and takes 0 (off) up to 300", () => {
    expect(readConfig({}).publicCacheSeconds).toBe(5);
    expect(readConfig({ PUBLIC_CACHE_SECONDS: "0" }).publicCacheSeconds).toBe(0);
    expect(readConfig({ PUBLIC_CACHE_SECONDS: "300" }).publicCacheSeconds).toBe(300);
  });

  it.each(["-1", "1.5", "301", "five", "1e3"])("refuses %s at start", (value) => {
    expect(() => readConfig({ PUBLIC_CACHE_SECONDS: value })).toThrow(/PUBLIC_CACHE_SECONDS/);
  });
});

describe("CORS_ORIGINS", () => {
  it("is none by default, and reads comma-separated origins", () => {
    expect(readConfig({}).corsOrigins).toEqual([]);
    expect(
      readConfig({
        CORS_ORIGINS: " https://app.example.com, http://localhost:5173/ ,https://app.example.com",
      }).corsOrigins,
    ).toEqual(["https://app.example.com", "http://localhost:5173"]);
  });

  it.each(["app.example.com", "https://app.example.com/path", "ftp://files.example.com", "*"])(
    "refuses %s with a clear message",
    (value) => {
      expect(() => readConfig({ CORS_ORIGINS: value })).toThrow(ConfigError);
      expect(() => readConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
    },
  );
});

describe("S3 configuration", () => {
  const full = {
    S3_BUCKET: "b",
    S3_REGION: "auto",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("is off with no S3 variable, on with the four required ones", () => {
    expect(readS3Config({})).toBeNull();
    expect(readS3Config({ ...full, S3_ENDPOINT: "https://x.r2.cloudflarestorage.com" })).toEqual({
      bucket: "b",
      region: "auto",
      endpoint: "https://x.r2.cloudflarestorage.com",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
    expect(readS3Config({ ...full, S3_FORCE_PATH_STYLE: "true" })?.forcePathStyle).toBe(true);
  });

  it("is read with the rest of the configuration, so a partial one stops the server at start", () => {
    expect(readConfig({}).s3).toBeNull();
    expect(readConfig(full).s3?.bucket).toBe("b");
    expect(() => readConfig({ S3_BUCKET: "b" })).toThrow(ConfigError);
  });

  it("refuses a partial configuration, naming what is missing", () => {
    expect(() => readS3Config({ S3_BUCKET: "b" })).toThrow(ConfigError);
    expect(() => readS3Config({ S3_BUCKET: "b" })).toThrow(
      /S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing/,
    );
    expect(() => readS3Config({ ...full, S3_SECRET_ACCESS_KEY: "" })).toThrow(
      /S3_SECRET_ACCESS_KEY is missing/,
    );
    expect(() => readS3Config({ S3_ENDPOINT: "http://minio:9000" })).toThrow(ConfigError);
    expect(() => readS3Config({ ...full, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => readS3Config({ ...full, S3_FORCE_PATH_STYLE: "yes please" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe("a dedicated job worker's origin", () => {
  it("is PUBLIC_URL, required even outside production: a worker has no port to default to", () => {
    expect(workerPublicOrigin({ PUBLIC_URL: "https://manara.example/x", DATABASE_URL: "postgres://x" })).toBe(
      "https://manara.example",
    );
    expect(() => workerPublicOrigin({ DATABASE_URL: "postgres://x" })).toThrow(
      /npm run worker needs PUBLIC_URL/,
    );
  });
});

describe("a dedicated job worker's signing key", () => {
  it("is CREDENTIAL_SIGNING_KEY, required even outside production: its PDFs carry signed credentials", () => {
    expect(() =>
      workerCredentialSigningKey({ DATABASE_URL: "postgres://x", DATA_DIR: "/nonexistent" }),
    ).toThrow(/npm run worker needs CREDENTIAL_SIGNING_KEY/);
    const key = encodeSecretKey(generateEd25519Key());
    expect(workerCredentialSigningKey({ DATABASE_URL: "postgres://x", CREDENTIAL_SIGNING_KEY: key })).toEqual(
      getCredentialSigningKey({ CREDENTIAL_SIGNING_KEY: key }),
    );
  });
});
