// Demo reviews (issue 13): the demo learner and admin review the free course the learner has finished, and
// its trainer replies to one — all through the review domain functions, so the course row's totals are real.
// Idempotent: a review that exists is left as it is.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { courseReviews, courses, enrollments, users } from "../db/schema";
import { getOwnReview, replyToReview, saveReview } from "../reviews/reviews.server";

export const DEMO_REVIEWS_COURSE = "cloud-computing-fundamentals";

const DEMO_REVIEWS = [
  {
    email: "learner@manara.local",
    rating: 5,
    comment: "شرح واضح وأمثلة عملية، وأنهيت الدورة في أسبوع.",
    reply: "شكرًا لكِ يا لينا، بالتوفيق في خطوتك التالية!",
  },
  {
    email: "admin@manara.local",
    rating: 4,
    comment: "A solid introduction to the main cloud services; I would add one more lab on networking.",
    reply: null,
  },
] as const;

export async function seedDemoReviews(db: Database): Promise<void> {
  const [course] = await db
    .select({ id: courses.id, trainerId: courses.trainerId })
    .from(courses)
    .where(eq(courses.slug, DEMO_REVIEWS_COURSE));
  if (!course) return;
  for (const demo of DEMO_REVIEWS) {
    const [user] = await db.select().from(users).where(eq(users.email, demo.email));
    if (!user || user.id === course.trainerId) continue;
    if (await getOwnReview(db, course.id, user.id)) continue;
    await db
      .insert(enrollments)
      .values({ userId: user.id, courseId: course.id, pricePaid: 0 })
      .onConflictDoNothing();
    const saved = await saveReview(db, user, course.id, { rating: demo.rating, comment: demo.comment });
    if (!saved.ok) throw new Error(`seedDemoReviews: ${saved.reason}`);
    if (demo.reply) {
      const [review] = await db
        .select({ reply: courseReviews.reply })
        .from(courseReviews)
        .where(and(eq(courseReviews.id, saved.review.id)));
      const [trainer] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.id, course.trainerId));
      if (!review?.reply && trainer)
        await replyToReview(db, trainer, course.id, saved.review.id, { reply: demo.reply });
    }
  }
}
