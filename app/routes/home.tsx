// The home page: hero, services, featured courses, portfolio and blog teasers, and a call to action.
import { Link } from "react-router";
import { BlogCard, CaseStudyCard, CourseCard } from "../components/cards";
import { publicOrigin } from "../config.server";
import { listBlogPosts } from "../content/blog.server";
import { listCaseStudies } from "../content/portfolio.server";
import { courseCardView, listPublishedCourses } from "../courses/catalog.server";
import { getDb } from "../db/context";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags, organizationJsonLd, withJsonLd } from "../lib/seo";
import { siteView } from "../site/settings";
import { readSiteSettings } from "../site/settings.server";
import type { Route } from "./+types/home";

export const handle = { i18n: ["home", "catalog", "reviews"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const db = getDb(context);
  const courseQuery = { limit: 6, offset: 0, countTotal: false };
  const teaserQuery = { limit: 3, offset: 0, countTotal: false };
  const [courses, caseStudies, posts, { settings }] = await Promise.all([
    readPublic(context, "catalog", ["courses", page.locale, courseQuery], () =>
      listPublishedCourses(db, page.locale, courseQuery),
    ),
    readPublic(context, "editorial", ["case studies", page.locale, teaserQuery], () =>
      listCaseStudies(db, page.locale, teaserQuery),
    ),
    readPublic(context, "editorial", ["posts", page.locale, teaserQuery], () =>
      listBlogPosts(db, page.locale, teaserQuery),
    ),
    readSiteSettings(context),
  ]);
  const site = siteView(settings, page.locale);
  return {
    meta: withJsonLd(
      page.meta(page.t("home:meta.title"), page.t("home:meta.description")),
      organizationJsonLd(publicOrigin(), site.brandName, page.t("home:meta.description"), {
        email: site.email,
        telephone: site.phone?.e164,
        address: site.address,
        sameAs: site.social.map((link) => link.url),
      }),
    ),
    courses: courses.items.map((card) => courseCardView(card, page.price)),
    caseStudies: caseStudies.items,
    posts: posts.items.map((post) => ({ ...post, dateLabel: page.date(post.publishedAt) })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

type TitledItem = { title: string; body: string };

function SectionHeader({
  heading,
  lead,
  link,
  linkLabel,
}: {
  heading: string;
  lead: string;
  link: string;
  linkLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 className="text-2xl font-bold sm:text-3xl">{heading}</h2>
        <p className="mt-2 max-w-2xl text-ink/70">{lead}</p>
      </div>
      <Link to={link} className="font-semibold text-coral-700 hover:underline">
        {linkLabel}
      </Link>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("home");
  const localize = useLocalizePath();
  const stats = t("stats", { returnObjects: true }) as { value: string; label: string }[];
  const services = t("services.items", { returnObjects: true }) as TitledItem[];

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-coral-600 to-coral-700 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="font-semibold text-white">{t("hero.eyebrow")}</p>
            <h1 className="mt-3 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
              {t("hero.title")}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-white">{t("hero.lead")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to={localize("/courses")}
                className="rounded-md bg-white px-5 py-3 font-semibold text-coral-700 shadow hover:bg-coral-50"
              >
                {t("hero.primaryCta")}
              </Link>
              <Link
                to={localize("/contact")}
                className="rounded-md border border-white/70 px-5 py-3 font-semibold hover:bg-coral-800"
              >
                {t("hero.secondaryCta")}
              </Link>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {stats.map((stat) => (
              <div key={stat.label} className="rounded-xl bg-black/10 p-5 ring-1 ring-white/20">
                <dt className="text-sm text-white">{stat.label}</dt>
                <dd className="mt-1 text-3xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeader
          heading={t("services.heading")}
          lead={t("services.lead")}
          link={localize("/services")}
          linkLabel={t("services.more")}
        />
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service, index) => (
            <li key={service.title} className="rounded-xl border border-ink/10 p-5">
              <span className="flex size-10 items-center justify-center rounded-full bg-coral-100 font-bold text-coral-700">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{service.title}</h3>
              <p className="mt-2 text-sm text-ink/70">{service.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-sand py-16">
        <div className="mx-auto max-w-7xl px-4">
          <SectionHeader
            heading={t("featuredCourses.heading")}
            lead={t("featuredCourses.lead")}
            link={localize("/courses")}
            linkLabel={t("featuredCourses.viewAll")}
          />
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="featured-courses">
            {loaderData.courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeader
          heading={t("portfolio.heading")}
          lead={t("portfolio.lead")}
          link={localize("/portfolio")}
          linkLabel={t("portfolio.viewAll")}
        />
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.caseStudies.map((item) => (
            <CaseStudyCard key={item.id} item={item} />
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-16">
        <SectionHeader
          heading={t("blog.heading")}
          lead={t("blog.lead")}
          link={localize("/blog")}
          linkLabel={t("blog.viewAll")}
        />
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.posts.map((post) => (
            <BlogCard key={post.id} post={post} />
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4">
        <div className="rounded-2xl bg-ink px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-2xl font-bold sm:text-3xl">{t("cta.heading")}</h2>
          <p className="mx-auto mt-3 max-w-2xl text-white/80">{t("cta.lead")}</p>
          <Link
            to={localize("/contact")}
            className="mt-6 inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold hover:bg-coral-700"
          >
            {t("cta.button")}
          </Link>
        </div>
      </section>
    </>
  );
}
