// Demo leads (issue 48): three enquiries through the leads domain — a service enquiry from a campaign, an
// Arabic contact message, a course question — one of them contacted, owned by the demo admin and with a
// follow-up date that has passed, so a fresh install shows the inbox and the dashboard's reminder working.
// Idempotent: nothing is added once any lead exists.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { courses, leads, users } from "../db/schema";
import { NO_ATTRIBUTION } from "../leads/attribution";
import { addLeadNote, changeLead, submitEnquiry } from "../leads/leads.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoLeads(db: Database, now = new Date()): Promise<void> {
  if ((await db.$count(leads)) > 0) return;
  const [admin] = await db.select().from(users).where(eq(users.email, "admin@manara.local"));
  const [course] = await db.select({ id: courses.id }).from(courses).limit(1);
  const options = { clientAddress: "seed", spam: false };
  const service = await submitEnquiry(
    db,
    {
      name: "Rania Haddad",
      email: "rania@darbakery.example",
      phone: "+962791234567",
      company: "Dar Bakery",
      subject: "About Social media management",
      message: "We open a second branch in March and want a launch campaign on Instagram and TikTok.",
      locale: "en",
      source: "service",
      serviceKey: "social",
    },
    {
      ...options,
      now: new Date(now.getTime() - 3 * DAY_MS),
      attribution: {
        ...NO_ATTRIBUTION,
        utmSource: "instagram",
        utmMedium: "paid_social",
        utmCampaign: "spring-launch",
        landingPath: "/services?utm_source=instagram&utm_medium=paid_social&utm_campaign=spring-launch",
      },
    },
  );
  await submitEnquiry(
    db,
    {
      name: "سلمان العتيبي",
      email: "salman@example.com",
      subject: "تحسين ظهور متجرنا",
      message: "متجرنا الإلكتروني لا يظهر في نتائج البحث، ونريد خطة واضحة لتحسين ذلك خلال ثلاثة أشهر.",
      locale: "ar",
      source: "contact",
    },
    {
      ...options,
      now: new Date(now.getTime() - DAY_MS),
      attribution: { ...NO_ATTRIBUTION, referrer: "https://www.google.com/", landingPath: "/ar" },
    },
  );
  if (course) {
    await submitEnquiry(
      db,
      {
        name: "Maya Khoury",
        email: "maya@example.com",
        message: "Is there a team price for five people from our marketing department?",
        locale: "en",
        source: "course",
        courseId: course.id,
      },
      { ...options, attribution: NO_ATTRIBUTION },
    );
  }
  if (admin && service.ok) {
    await changeLead(db, admin.id, service.leadId, {
      status: "contacted",
      ownerId: admin.id,
      followUpAt: new Date(now.getTime() - DAY_MS).toISOString(),
    });
    await addLeadNote(
      db,
      admin.id,
      service.leadId,
      "Called Rania: budget confirmed, wants a proposal this week.",
    );
  }
}
