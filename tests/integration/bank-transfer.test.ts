// Top-ups by bank transfer need somewhere to send the money (issue 46, item 6): an admin enters the bank
// account (IBAN checked by ISO 13616), learners see it with the reference of their request, and no transfer
// can be asked for before it exists. The page forms and the JSON API both go through
// app/wallet/bank-account(.server).ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { bankTransferAccount, topUpRequests, type User } from "../../app/db/schema";
import { action as walletAction, loader as walletLoader } from "../../app/routes/account-wallet";
import { loader as settingsPage, action as settingsPageAction } from "../../app/routes/admin-bank-transfer";
import { loader as settingsApi, action as settingsApiAction } from "../../app/routes/api/admin-bank-transfer";
import { loader as learnerApi } from "../../app/routes/api/wallet-bank-transfer";
import { action as topUpApi } from "../../app/routes/api/wallet-top-up";
import { readBankAccount } from "../../app/wallet/bank-account.server";
import { requestTopUp } from "../../app/wallet/top-ups.server";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { TEST_IBAN } from "./bank-fixtures";
import { formRequest, runRoute, settle } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let admin: User;
let learner: User;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  learner = await createUser(handle.db);
});
afterAll(() => handle?.close());

function api(
  path: string,
  authorization: string,
  init: { method?: string; body?: unknown; lang?: string } = {},
) {
  return new Request(`http://test${path}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: authorization,
      "Content-Type": "application/json",
      "Accept-Language": init.lang ?? "en",
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const account = {
  bankName: "Al Rajhi Bank",
  accountHolder: "Manara Academy",
  iban: "sa03 8000 0000 6080 1016 7519",
  swift: "rjhisari",
  instructions: "Write the reference.",
  instructionsAr: "",
};

describe("before an admin enters the account", () => {
  it("refuses a top-up by transfer on the page and in the API, storing nothing", async () => {
    expect(await readBankAccount(handle.db)).toBeNull();
    expect(await requestTopUp(handle.db, learner.id, { amount: 1_000, reference: null })).toEqual({
      ok: false,
      reason: "transfer_unavailable",
    });
    const token = await bearerFor(handle.db, learner.id);
    const refused = await runRoute(
      handle.db,
      api("/api/wallet/top-up", token, { method: "POST", body: { amount: 10 } }),
      topUpApi as never,
    );
    expect((refused as Response).status).toBe(409);
    expect(await (refused as Response).json()).toMatchObject({ error: { code: "transfer_unavailable" } });

    const cookie = await cookieFor(handle.db, learner.id);
    const request = formRequest("http://test/ar/account/wallet", { amount: "10" });
    request.headers.set("Cookie", cookie);
    const sent = (await settle(runRoute(handle.db, request, walletAction as never))) as Response;
    expect(sent.status).toBe(302);
    expect(await handle.db.$count(topUpRequests, eq(topUpRequests.userId, learner.id))).toBe(0);

    const page = (await runRoute(
      handle.db,
      new Request("http://test/account/wallet", { headers: { Cookie: cookie } }),
      walletLoader as never,
    )) as { bankTransfer: unknown };
    expect(page.bankTransfer).toBeNull();
    const details = (await runRoute(
      handle.db,
      api("/api/wallet/bank-transfer", token),
      learnerApi as never,
    )) as Response;
    expect(await details.json()).toEqual({ bankTransfer: null });
  });
});

describe("the admin enters it", () => {
  it("an invalid IBAN is 422 in the API and a field error on the page, and changes nothing", async () => {
    const token = await bearerFor(handle.db, admin.id);
    const wrong = (await runRoute(
      handle.db,
      api("/api/admin/settings/bank-transfer", token, {
        method: "PUT",
        body: { ...account, iban: "SA0380000000608010167518" },
      }),
      settingsApiAction as never,
    )) as Response;
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({
      error: { code: "validation_failed", fields: { iban: expect.any(String) } },
    });

    const cookie = await cookieFor(handle.db, admin.id);
    const request = formRequest("http://test/ar/dashboard/admin/bank-transfer", {
      ...account,
      iban: "SA03 8000 0000 6080 1016 751",
    });
    request.headers.set("Cookie", cookie);
    const answer = (await settle(runRoute(handle.db, request, settingsPageAction as never))) as unknown as {
      init: { status: number };
      data: { fieldErrors: Record<string, string> };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      iban: "رقم الآيبان غير صحيح: تحقّق من رمز الدولة والطول ورقمَي التحقق.",
    });
    expect(await handle.db.$count(bankTransferAccount)).toBe(0);
  });

  it("the page saves it in electronic form; the API reads it back with both languages", async () => {
    const cookie = await cookieFor(handle.db, admin.id);
    const request = formRequest("http://test/dashboard/admin/bank-transfer", account);
    request.headers.set("Cookie", cookie);
    const saved = (await settle(runRoute(handle.db, request, settingsPageAction as never))) as Response;
    expect(saved.status).toBe(302);
    const stored = await readBankAccount(handle.db);
    expect(stored).toMatchObject({
      iban: TEST_IBAN,
      swift: "RJHISARI",
      instructionsAr: null,
      updatedById: admin.id,
    });

    const page = (await runRoute(
      handle.db,
      new Request("http://test/dashboard/admin/bank-transfer", { headers: { Cookie: cookie } }),
      settingsPage as never,
    )) as { account: { iban: string } };
    expect(page.account.iban).toBe("SA03 8000 0000 6080 1016 7519");

    const token = await bearerFor(handle.db, admin.id);
    const read = (await runRoute(
      handle.db,
      api("/api/admin/settings/bank-transfer", token),
      settingsApi as never,
    )) as Response;
    expect(await read.json()).toMatchObject({
      bankTransfer: { iban: TEST_IBAN, instructions: "Write the reference.", instructionsAr: null },
    });
    const replaced = (await runRoute(
      handle.db,
      api("/api/admin/settings/bank-transfer", token, {
        method: "PUT",
        body: { ...account, swift: null, instructionsAr: "اكتب الرقم المرجعي." },
      }),
      settingsApiAction as never,
    )) as Response;
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({
      bankTransfer: { swift: null, instructionsAr: "اكتب الرقم المرجعي." },
    });
    expect(await handle.db.$count(bankTransferAccount)).toBe(1);
  });
});

describe("a learner tops up by transfer", () => {
  it("sees the account in their language, and each request's reference to write on the transfer", async () => {
    const token = await bearerFor(handle.db, learner.id);
    const arabic = (await runRoute(
      handle.db,
      api("/api/wallet/bank-transfer", token, { lang: "ar" }),
      learnerApi as never,
    )) as Response;
    expect(await arabic.json()).toMatchObject({
      bankTransfer: { iban: TEST_IBAN, instructions: "اكتب الرقم المرجعي.", bankName: "Al Rajhi Bank" },
    });

    const asked = (await runRoute(
      handle.db,
      api("/api/wallet/top-up", token, { method: "POST", body: { amount: 25 } }),
      topUpApi as never,
    )) as Response;
    expect(asked.status).toBe(201);
    const { request } = (await asked.json()) as { request: { id: number; transferReference: string } };
    expect(request.transferReference).toBe(`TU-${String(request.id).padStart(6, "0")}`);

    const cookie = await cookieFor(handle.db, learner.id);
    const page = (await runRoute(
      handle.db,
      new Request("http://test/ar/account/wallet", { headers: { Cookie: cookie } }),
      walletLoader as never,
    )) as {
      bankTransfer: { iban: string; instructions: string };
      requests: { transferReference: string; status: string }[];
    };
    expect(page.bankTransfer).toMatchObject({
      iban: "SA03 8000 0000 6080 1016 7519",
      instructions: "اكتب الرقم المرجعي.",
    });
    expect(page.requests[0]).toMatchObject({
      transferReference: request.transferReference,
      status: "pending",
    });
  });
});
