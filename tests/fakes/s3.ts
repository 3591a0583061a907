// S3-compatible servers for tests, started by the test itself.
//  - s3rver (@20minutes/s3rver, the maintained fork of s3rver for Node 24): in-process, on npm. It has no
//    ListParts and ignores If-None-Match, so tus's S3 store (which lists parts to learn an upload's offset)
//    cannot run on it.
//  - moto's server (Python, `moto_server`): a fuller S3 (ListParts, conditional writes), used for the tus
//    paths. Outside CI those tests are skipped, and say so, when it is not installed; in CI they fail.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../../app/config.server";

export type TestS3 = { config: S3Config; env: Record<string, string>; close: () => Promise<void> };

export const TEST_BUCKET = "manara-test";

function envOf(config: S3Config): Record<string, string> {
  return {
    S3_BUCKET: config.bucket,
    S3_REGION: config.region,
    S3_ENDPOINT: config.endpoint ?? "",
    S3_ACCESS_KEY_ID: config.accessKeyId,
    S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}

/**
 * s3rver checks signatures, but computes a bucket-level request's (a listing's) canonical path without the
 * trailing slash today's SDK signs, so listings fail with SignatureDoesNotMatch. `lenient` lets mismatched
 * signatures through (the access key is still checked); strict is for the credential tests, which use
 * object-level requests only.
 */
export async function startS3rver({ lenient = true }: { lenient?: boolean } = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "manara-s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    allowMismatchedSignatures: lenient,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = (await server.run()) as { port: number };
  const config: S3Config = {
    bucket: TEST_BUCKET,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's only account.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    config,
    env: envOf(config),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Whether the tests that need moto run. In CI they always do (.ci/run installs moto when it is missing):
 * there a missing moto_server fails them instead of skipping them.
 */
export function motoAvailable(): boolean {
  if (process.env.CI) return true;
  return spawnSync("moto_server", ["--help"], { stdio: "ignore" }).status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startMoto(): Promise<TestS3> {
  const port = await freePort();
  const child = spawn("moto_server", ["-H", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
  const config: S3Config = {
    bucket: TEST_BUCKET,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "manara",
    secretAccessKey: "manara-secret",
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await client.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
      break;
    } catch (error) {
      if (attempt > 100) {
        child.kill();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  client.destroy();
  return {
    config,
    env: envOf(config),
    close: async () => {
      child.kill();
    },
  };
}
