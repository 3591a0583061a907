// /instructors/:id: a teacher's public profile (issue 50): photo, name, bio, links and published courses.
// The same for every visitor, so it is kept like the catalog's pages and emptied with them.
import { InstructorProfilePage } from "../components/instructors/instructor-profile-page";
import { courseCardView } from "../courses/catalog.server";
import { getDb } from "../db/context";
import { getInstructorProfile } from "../instructors/profiles.server";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/instructor-profile";

export const handle = { i18n: ["catalog"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const db = getDb(context);
  const profile = await readPublic(context, "catalog", ["instructor", page.locale, params.id], () =>
    getInstructorProfile(db, page.locale, params.id),
  );
  if (!profile) throw new Response("Not Found", { status: 404 });
  const t = page.tIn("catalog");
  return {
    meta: page.meta(
      profile.name,
      t("instructors.metaDescription", { name: profile.name, count: profile.courses.length }),
      profile.avatarUrl ?? undefined,
    ),
    profile: { ...profile, courses: profile.courses.map((card) => courseCardView(card, page.price)) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function InstructorProfileRoute({ loaderData }: Route.ComponentProps) {
  return <InstructorProfilePage profile={loaderData.profile} />;
}
