// tus locks in PostgreSQL (app/video/tus-locker.server.ts): two tus servers, as on two app servers, share
// one database and one store. A PATCH to server B while server A holds the upload asks A to let go, then
// writes; a holder that does not let go makes B fail after its timeout rather than write beside it.
// PostgreSQL only: embedded PGlite is one process, where the in-memory locker is the same guarantee.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server, Upload } from "@tus/server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresLocker } from "../../app/video/tus-locker.server";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("tus locks in PostgreSQL (TEST_DATABASE_URL)", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "manara-tus-locks-"));
  const pools: pg.Pool[] = [];
  const lockers: PostgresLocker[] = [];

  function tusServer(acquireLockTimeout = 10_000) {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const locker = new PostgresLocker(pool, { acquireLockTimeout });
    pools.push(pool);
    lockers.push(locker);
    const server = new Server({ path: "/files", datastore: new FileStore({ directory }), locker });
    return { server, locker };
  }

  let a: ReturnType<typeof tusServer>;
  let b: ReturnType<typeof tusServer>;
  let impatient: ReturnType<typeof tusServer>;

  beforeAll(() => {
    a = tusServer();
    b = tusServer();
    impatient = tusServer(400);
  });

  afterAll(async () => {
    for (const locker of lockers) await locker.close();
    for (const pool of pools) await pool.end();
  });

  async function newUpload(id: string, size: number) {
    await new FileStore({ directory }).create(
      new Upload({ id, size, offset: 0, creation_date: new Date().toISOString() }),
    );
  }

  function patch(server: Server, id: string, offset: number, body: BodyInit) {
    return server.handleWeb(
      new Request(`http://localhost/files/${id}`, {
        method: "PATCH",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
        },
        body,
        duplex: "half",
      } as RequestInit),
    );
  }

  it("B's PATCH makes A's stalled PATCH let go, then continues the upload where A stopped", async () => {
    const id = "resumed-elsewhere";
    await newUpload(id, 200);
    // A's request sends 100 bytes, then stalls (a browser that lost its connection).
    let stalled: ReadableStreamDefaultController<Uint8Array> | undefined;
    const slowBody = new ReadableStream<Uint8Array>({
      start(controller) {
        stalled = controller;
        controller.enqueue(new Uint8Array(100).fill(1));
      },
    });
    const first = patch(a.server, id, 0, slowBody);
    const file = path.join(directory, id);
    for (let i = 0; i < 100 && (statSync(file, { throwIfNoEntry: false })?.size ?? 0) < 100; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statSync(file).size).toBe(100);
    expect(a.locker.held.has(id)).toBe(true);

    const second = await patch(b.server, id, 100, new Uint8Array(100).fill(2));
    expect(second.status).toBe(204);
    expect(second.headers.get("upload-offset")).toBe("200");
    // A's request was ended by the release request and gave up its lock.
    await first;
    expect(a.locker.held.has(id)).toBe(false);
    expect(b.locker.held.has(id)).toBe(false);
    stalled?.close();
    expect(statSync(file).size).toBe(200);
  });

  it("a holder that does not let go keeps the upload: the other server fails after its timeout", async () => {
    const id = "held-elsewhere";
    await newUpload(id, 10);
    const lock = a.locker.newLock(id);
    let asked = 0;
    await lock.lock(new AbortController().signal, () => {
      asked++;
    });
    const refused = await patch(impatient.server, id, 0, new Uint8Array(10));
    expect(refused.status).toBe(500);
    expect(await refused.text()).toMatch(/failed to acquire lock before timeout/);
    expect(asked).toBeGreaterThan(0);
    expect(statSync(path.join(directory, id)).size).toBe(0);

    await lock.unlock();
    const written = await patch(impatient.server, id, 0, new Uint8Array(10));
    expect(written.status).toBe(204);
    expect(written.headers.get("upload-offset")).toBe("10");
  });

  it("locks each id on its own; unlocking a lock not held is an error", async () => {
    const first = a.locker.newLock("x");
    await first.lock(new AbortController().signal, () => {});
    const second = b.locker.newLock("y");
    // Another id is not blocked.
    await second.lock(new AbortController().signal, () => {});
    await second.unlock();
    await first.unlock();
    await expect(first.unlock()).rejects.toThrow(/unlocked lock/);
  });
});
