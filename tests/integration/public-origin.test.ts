// Issue 31, item 2: no absolute URL is built from request headers. The production Express app (server/app.ts,
// in process, with TRUST_PROXY so X-Forwarded-Host counts as it would behind a proxy) is asked for every
// page a visitor, learner, trainer or admin reaches (the end-to-end suite's PAGES_BY_ROLE, in both
// languages, and their data requests), the feeds, the sitemap, robots.txt, the API's absolute links, the
// Google and Stripe redirects, a certificate (its JSON and the link printed on its PDF, which is also its QR
// code), and every mail with a link (reset, welcome, email change) — each with a foreign Host or
// X-Forwarded-Host. No body, header or mail may name the foreign host; absolute links use PUBLIC_URL's origin
// (here the default, http://localhost:PORT).
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, enrollments, lessonProgress, lessons, users } from "../../app/db/schema";
import { localized, PAGES_BY_ROLE, type Role } from "../e2e/helpers";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { TEST_PASSWORD } from "./auth-helpers";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";
import { type Answer, send } from "./server-process";

const FOREIGN = "evil.example";
/** The two ways a client names the host: its own Host header, or a proxy's X-Forwarded-Host. */
const HOST_HEADERS = {
  host: { Host: FOREIGN },
  forwarded: { Host: "localhost", "X-Forwarded-Host": `${FOREIGN}:8443`, "X-Forwarded-Proto": "https" },
} as const;

const ENV_KEYS = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_URL",
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

let app: FuzzApp;
let server: Server;
let port = 0;
let origin = "";
let stripe: FakeStripe | undefined;
const staticDir = mkdtempSync(path.join(tmpdir(), "manara-origin-static-"));
const cookies: Partial<Record<Role, string>> = {};
let addressCounter = 0;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: "sk_test_origin" });
  Object.assign(process.env, {
    // Google and Stripe configured, so their redirects (which carry our callback and return URLs) are asked.
    GOOGLE_CLIENT_ID: "origin-test.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "origin-test-secret",
    STRIPE_SECRET_KEY: "sk_test_origin",
    STRIPE_WEBHOOK_SECRET: "whsec_origin",
    STRIPE_API_URL: stripe.url,
  });
  app = await startFuzzApp();
  const seed = (await app.vite.ssrLoadModule(
    "/app/seed/seed.server.ts",
  )) as typeof import("../../app/seed/seed.server");
  await seed.seedDemoContent(app.db);
  const config = (await app.vite.ssrLoadModule(
    "/app/config.server.ts",
  )) as typeof import("../../app/config.server");
  origin = config.publicOrigin();
  for (const [role, email] of [
    ["learner", "learner@manara.local"],
    ["trainer", "trainer@manara.local"],
    ["admin", "admin@manara.local"],
  ] as const) {
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no demo ${role}`);
    cookies[role] = await app.helpers.cookieFor(app.db, user.id);
  }
  const serverApp = (await app.vite.ssrLoadModule("/server/app.ts")) as typeof import("../../server/app");
  const express = await serverApp.createApp({
    clientDirectory: staticDir,
    isDraining: () => false,
    env: { ...process.env, TRUST_PROXY: "loopback" },
  });
  server = express.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
}, 600_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
  await stripe?.close();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  rmSync(staticDir, { recursive: true, force: true });
});

/** A request as a client sends it, from its own address (the per-address limits stay out of the way). */
function ask(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  addressCounter += 1;
  return send(
    port,
    method,
    target,
    { "X-Forwarded-For": `10.31.${addressCounter >> 8}.${addressCounter & 255}`, ...headers },
    body,
  );
}

/** Where an answer names the foreign host: its status line aside, every header and the whole body. */
function leaks(label: string, answer: Answer): string[] {
  const found: string[] = [];
  if (answer.status >= 500) found.push(`${label}: answered ${answer.status}`);
  for (const [name, value] of Object.entries(answer.headers)) {
    if (String(value).includes(FOREIGN)) found.push(`${label}: header ${name}: ${value}`);
  }
  const body = answer.body.toString("latin1");
  const at = body.indexOf(FOREIGN);
  if (at >= 0) found.push(`${label}: body …${body.slice(Math.max(0, at - 120), at + 40)}…`);
  return found;
}

/** React Router's data request for a page: /courses.data, /_.data for the root, the query kept. */
function dataTarget(target: string): string {
  const [pathname = "/", query] = target.split("?");
  const data = pathname === "/" ? "/_.data" : `${pathname}.data`;
  return query ? `${data}?${query}` : data;
}

type OutboxMail = { name: string; to: string; text: string; html: string };

function outbox(): OutboxMail[] {
  const dir = path.join(process.env.DATA_DIR ?? "", "outbox");
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  // The server's job worker writes mail while the test reads: a file still being written is not there yet.
  return names.flatMap((name) => {
    try {
      return [{ ...JSON.parse(readFileSync(path.join(dir, name), "utf8")), name }];
    } catch {
      return [];
    }
  });
}

/**
 * The mails written since `before` (the outbox's file names then), once every address in `to` has one:
 * other mails queued earlier by the seed or other tests (lead acknowledgements, order confirmations) may land
 * meanwhile, in any order, so the new ones are told apart by name, not by position.
 */
async function newMailsTo(before: Set<string>, to: string[]): Promise<OutboxMail[]> {
  const deadline = Date.now() + 30_000;
  const fresh = () => outbox().filter((mail) => !before.has(mail.name));
  const covered = (mails: OutboxMail[]) =>
    to.every(
      (address) =>
        mails.filter((mail) => mail.to === address).length >= to.filter((a) => a === address).length,
    );
  while (!covered(fresh()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return fresh();
}

describe("a foreign Host or X-Forwarded-Host", () => {
  it("appears on no page, data request, feed, sitemap or API answer of any role", async () => {
    const found: string[] = [];
    const roles = Object.keys(PAGES_BY_ROLE) as Role[];
    for (const role of roles) {
      const cookie = cookies[role as Exclude<Role, "guest">];
      for (const page of PAGES_BY_ROLE[role]) {
        for (const locale of ["en", "ar"] as const) {
          const target = localized(page, locale);
          for (const [kind, hostHeaders] of Object.entries(HOST_HEADERS)) {
            const headers = { ...hostHeaders, ...(cookie ? { Cookie: cookie } : {}) };
            found.push(...leaks(`${role} ${kind} GET ${target}`, await ask("GET", target, headers)));
          }
          const data = dataTarget(target);
          const headers = { ...HOST_HEADERS.host, ...(cookie ? { Cookie: cookie } : {}) };
          found.push(...leaks(`${role} host GET ${data}`, await ask("GET", data, headers)));
        }
      }
    }
    const learnerApi = await app.helpers.bearerFor(
      app.db,
      (await app.db.select({ id: users.id }).from(users).where(eq(users.email, "learner@manara.local")))[0]
        ?.id ?? "",
    );
    for (const [target, extra] of [
      ["/sitemap.xml", {}],
      ["/robots.txt", {}],
      ["/blog/feed.xml", {}],
      ["/ar/blog/feed.xml", {}],
      ["/api/openapi.json", {}],
      ["/api/courses", {}],
      ["/api/blog", {}],
      ["/api/certificates", { Authorization: learnerApi }],
      ["/auth/google?redirectTo=/courses", {}],
    ] as const) {
      for (const [kind, hostHeaders] of Object.entries(HOST_HEADERS)) {
        found.push(...leaks(`${kind} GET ${target}`, await ask("GET", target, { ...hostHeaders, ...extra })));
      }
    }
    expect(found).toEqual([]);

    // Not vacuous: the links are there, on the configured origin.
    const courses = (await ask("GET", "/ar/courses", HOST_HEADERS.host)).body.toString();
    expect(courses).toContain(`<link rel="canonical" href="${origin}/ar/courses"/>`);
    const google = await ask("GET", "/auth/google", HOST_HEADERS.forwarded);
    expect(new URL(String(google.headers.location)).searchParams.get("redirect_uri")).toBe(
      `${origin}/auth/google/callback`,
    );
    const sitemap = (await ask("GET", "/sitemap.xml", HOST_HEADERS.forwarded)).body.toString();
    expect(sitemap).toContain(`<loc>${origin}/ar/courses</loc>`);
  }, 900_000);

  it("is named by no mail: reset links (page and API), the welcome and the email-change mails", async () => {
    const before = new Set(outbox().map((mail) => mail.name));
    const json = { "Content-Type": "application/json" };
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const sameOrigin = { Origin: `http://${FOREIGN}` };
    const answers: [string, Answer][] = [];
    answers.push([
      "API forgot",
      await ask(
        "POST",
        "/api/auth/forgot-password",
        { ...HOST_HEADERS.host, ...json },
        JSON.stringify({ email: "learner@manara.local" }),
      ),
    ]);
    answers.push([
      "page forgot (X-Forwarded-Host)",
      await ask(
        "POST",
        "/ar/auth/forgot-password",
        { ...HOST_HEADERS.forwarded, ...form, Origin: `https://${FOREIGN}:8443` },
        new URLSearchParams({ email: "learner@manara.local" }).toString(),
      ),
    ]);
    const newcomer = `origin-${crypto.randomUUID()}@example.com`;
    answers.push([
      "API signup",
      await ask(
        "POST",
        "/api/auth/signup",
        { ...HOST_HEADERS.host, ...json },
        JSON.stringify({ userName: "Origin Test", email: newcomer, password: TEST_PASSWORD }),
      ),
    ]);
    const mover = await app.helpers.createUser(app.db);
    const moved = `moved-${crypto.randomUUID()}@example.com`;
    answers.push([
      "email change",
      await ask(
        "POST",
        "/account",
        {
          ...HOST_HEADERS.host,
          ...form,
          ...sameOrigin,
          Cookie: await app.helpers.cookieFor(app.db, mover.id),
        },
        new URLSearchParams({
          intent: "email",
          newEmail: moved,
          currentPassword: TEST_PASSWORD,
        }).toString(),
      ),
    ]);
    for (const [label, answer] of answers) {
      expect(answer.status, `${label}: ${answer.body.toString().slice(0, 300)}`).toBeLessThan(400);
      expect(leaks(label, answer)).toEqual([]);
    }
    const expected = ["learner@manara.local", "learner@manara.local", newcomer, mover.email, moved];
    const written = await newMailsTo(before, expected);
    // One mail per expected address (twice for the learner's two reset requests); others may have landed too.
    const mails = [...new Set(expected)].flatMap((address) =>
      written.filter((mail) => mail.to === address).slice(0, expected.filter((a) => a === address).length),
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual([...expected].sort());
    // Whatever else was written meanwhile names the foreign host no more than these.
    for (const mail of written) expect(`${mail.text}\n${mail.html}`, mail.to).not.toContain(FOREIGN);
    // The confirmation link to the new address is on the configured origin too.
    expect(mails.find((mail) => mail.to === moved)?.text).toContain(`${origin}/account/confirm-email?token=`);
    for (const mail of mails) {
      expect(`${mail.text}\n${mail.html}`, mail.to).not.toContain(FOREIGN);
      expect(mail.text, mail.to).toContain(`${origin}/`);
    }
  }, 300_000);

  it("is not printed on a certificate issued through it, nor in its JSON", async () => {
    const learner = await app.helpers.createUser(app.db);
    const [course] = await app.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.isPublished, true))
      .limit(1);
    if (!course) throw new Error("no course");
    const courseLessons = await app.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, course.id));
    await app.db.insert(enrollments).values({ userId: learner.id, courseId: course.id, pricePaid: 0 });
    await app.db.insert(lessonProgress).values(
      courseLessons.map((lesson) => ({
        userId: learner.id,
        lessonId: lesson.id,
        courseId: course.id,
        completedAt: new Date(),
      })),
    );
    const bearer = await app.helpers.bearerFor(app.db, learner.id);
    const issued = await ask("POST", `/api/certificates/${course.id}/generate`, {
      ...HOST_HEADERS.forwarded,
      Authorization: bearer,
    });
    expect(issued.status, issued.body.toString()).toBe(201);
    expect(leaks("generate", issued)).toEqual([]);
    const { certificate } = JSON.parse(issued.body.toString()) as {
      certificate: { id: string; code: string; verifyUrl: string; pdfUrl: string };
    };
    expect(certificate.verifyUrl).toBe(`${origin}/certificates/verify/${certificate.code}`);
    expect(certificate.pdfUrl.startsWith(`${origin}/`)).toBe(true);

    const pdf = await ask("GET", `/api/certificates/${certificate.id}/pdf`, {
      ...HOST_HEADERS.host,
      Authorization: bearer,
    });
    expect(pdf.status).toBe(200);
    const file = path.join(staticDir, "certificate.pdf");
    writeFileSync(file, pdf.body);
    const { stdout } = await promisify(execFile)("pdftotext", ["-enc", "UTF-8", file, "-"]);
    // The printed link is the one the QR code encodes (app/certificates/pdf.server.tsx renders both from it).
    expect(stdout).toContain(certificate.verifyUrl);
    expect(stdout).not.toContain(FOREIGN);
  }, 300_000);

  it("sends Stripe back to the configured origin after a card top-up", async () => {
    const buyer = await app.helpers.createUser(app.db);
    const started = await ask(
      "POST",
      "/api/wallet/top-up",
      {
        ...HOST_HEADERS.forwarded,
        "Content-Type": "application/json",
        Authorization: await app.helpers.bearerFor(app.db, buyer.id),
      },
      JSON.stringify({ amount: 25 }),
    );
    expect(started.status, started.body.toString()).toBe(201);
    expect(leaks("top-up", started)).toEqual([]);
    const { sessionId } = JSON.parse(started.body.toString()) as { sessionId: string };
    const session = stripe?.sessions.get(sessionId);
    expect(session?.success_url).toBe(`${origin}/account/wallet?checkout={CHECKOUT_SESSION_ID}`);
    expect(session?.cancel_url).toBe(`${origin}/account/wallet?checkout=cancelled`);
  }, 120_000);
});
