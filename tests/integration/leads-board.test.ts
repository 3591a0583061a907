// Issue 48, item 2: the leads board. A column per status (spam only on request); a card moves by a plain
// form (Post/Redirect/Get with a toast) or by a fetcher (data to confirm or roll back from), each move in the
// lead's history with who made it; a refused move (unknown lead, unknown status) changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { leadEvents, leads, type User } from "../../app/db/schema";
import { action as boardAction, loader as boardLoader } from "../../app/routes/admin-leads-board";
import { cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let admin: User;
let cookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  cookie = await cookieFor(handle.db, admin.id);
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(leads);
});

async function lead(name: string, status = "new") {
  const [row] = await handle.db
    .insert(leads)
    .values({
      name,
      email: `${name.toLowerCase()}@example.com`,
      message: "Hello there",
      locale: "en",
      source: "contact",
      status,
    })
    .returning({ id: leads.id });
  if (!row) throw new Error("no lead");
  return row.id;
}

async function board(url = "http://test/dashboard/admin/leads/board") {
  const request = new Request(url, { headers: { Cookie: cookie } });
  return (await runRoute(handle.db, request, boardLoader as never)) as {
    columns: { status: string; total: number; items: { id: number; name: string }[] }[];
  };
}

async function move(fields: Record<string, string>, url = "http://test/dashboard/admin/leads/board") {
  const request = formRequest(url, fields);
  request.headers.set("Cookie", cookie);
  return settle(runRoute(handle.db, request, boardAction as never));
}

describe("the board", () => {
  it("has a column per status, with spam only when asked for", async () => {
    await lead("Sara");
    await lead("Bot", "spam");
    const plain = await board();
    expect(plain.columns.map((column) => column.status)).toEqual([
      "new",
      "contacted",
      "qualified",
      "won",
      "lost",
    ]);
    expect(plain.columns[0]?.items.map((item) => item.name)).toEqual(["Sara"]);
    const withSpam = await board("http://test/ar/dashboard/admin/leads/board?spam=1");
    expect(withSpam.columns.at(-1)).toMatchObject({ status: "spam", total: 1 });
  });

  it("moves a card by the plain form (redirect back) and by a fetcher (data), each in the history", async () => {
    const id = await lead("Sara");
    const plain = (await move(
      { intent: "move", leadId: String(id), status: "contacted" },
      "http://test/ar/dashboard/admin/leads/board?spam=1",
    )) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/ar/dashboard/admin/leads/board?spam=1");
    const enhanced = (await move({ intent: "move", leadId: String(id), status: "qualified", js: "1" })) as {
      data: { ok: boolean; status: string; leadId: number };
    };
    expect(enhanced.data).toMatchObject({ ok: true, status: "qualified", leadId: id });
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, id));
    expect(row?.status).toBe("qualified");
    const history = await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(history.map((event) => [event.kind, event.data.to, event.actorId])).toEqual([
      ["status", "contacted", admin.id],
      ["status", "qualified", admin.id],
    ]);
    expect((await board()).columns.find((column) => column.status === "qualified")?.items).toHaveLength(1);
  });

  it("refuses an unknown lead or status with a 4xx that changes nothing (the fetcher rolls back)", async () => {
    const id = await lead("Sara");
    const missing = (await move({ intent: "move", leadId: "999999", status: "won", js: "1" })) as {
      init: ResponseInit;
      data: { ok: boolean; error: string };
    };
    expect(missing.init.status).toBe(404);
    expect(missing.data.ok).toBe(false);
    expect(missing.data.error).not.toBe("");
    for (const fields of [
      { intent: "move", leadId: String(id), status: "bogus", js: "1" },
      { intent: "move", leadId: "1e3", status: "won", js: "1" },
      { intent: "bogus", leadId: String(id), status: "won", js: "1" },
    ]) {
      const refused = (await move(fields)) as { init: ResponseInit };
      expect(refused.init.status).toBe(400);
    }
    const plain = (await move({ intent: "move", leadId: String(id), status: "bogus" })) as Response;
    expect(plain.status).toBe(302);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, id));
    expect(row?.status).toBe("new");
    expect(await handle.db.$count(leadEvents)).toBe(0);
  });
});
