// The demo landing page (issue 49): one published page holding every block type, in English and Arabic, at
// /p/spring-campaign — what an admin starts from, and the page the sweep checks (axe, layout, valid HTML). Only
// when no page has that address yet: a second run changes nothing.
import type { Database } from "../db/client.server";
import type { PageContent } from "../pages/blocks";
import { createLandingPage, getPageForEditor, publishPage, savePageDraft } from "../pages/pages.server";

export const DEMO_LANDING_SLUG = "spring-campaign";

const both = (en: string, ar: string) => ({ en, ar });
const picture = (src: string, en: string, ar: string) => ({ src, alt: both(en, ar) });

const CONTENT: PageContent = {
  title: "Spring growth campaign",
  titleAr: "حملة نمو الربيع",
  seo: {
    en: {
      title: "Grow your business this spring",
      description: "Strategy, content and advertising from one team, with courses to train yours.",
      socialImage: "",
    },
    ar: {
      title: "نمِّ أعمالك هذا الربيع",
      description: "استراتيجية ومحتوى وإعلانات من فريق واحد، مع دورات تدرّب فريقك.",
      socialImage: "",
    },
    noindex: false,
  },
  blocks: [
    {
      type: "hero",
      eyebrow: both("Spring campaign", "حملة الربيع"),
      title: both("Grow your business this spring", "نمِّ أعمالك هذا الربيع"),
      lead: both(
        "A plan, the content and the campaigns to carry it out, and courses that teach your team to keep going.",
        "خطة، ومحتوى وحملات لتنفيذها، ودورات تعلّم فريقك كيف يواصل بعدنا.",
      ),
      actions: [
        { label: both("Book a free call", "احجز مكالمة مجانية"), href: "/consultation" },
        { label: both("See the courses", "تصفّح الدورات"), href: "/courses" },
      ],
      picture: null,
    },
    {
      type: "richText",
      markdown: both(
        "## Why spring?\n\nBudgets reset and audiences return. We help you **start early** and measure every step.",
        "## لماذا الربيع؟\n\nتتجدد الميزانيات ويعود الجمهور. نساعدك على **البدء مبكرًا** وقياس كل خطوة.",
      ),
    },
    {
      type: "services",
      title: both("What we do", "ما نقدّمه"),
      items: [
        {
          icon: "strategy",
          title: both("Marketing strategy", "استراتيجية التسويق"),
          text: both(
            "Who to reach, with what, and how to know it worked.",
            "من تخاطب، وبماذا، وكيف تعرف أنك نجحت.",
          ),
          points: [both("Audience research", "دراسة الجمهور"), both("A 90-day plan", "خطة لتسعين يومًا")],
          priceFrom: 150_000,
          ask: true,
        },
        {
          icon: "ads",
          title: both("Paid campaigns", "الحملات المدفوعة"),
          text: both(
            "Search and social ads that pay for themselves.",
            "إعلانات البحث والتواصل التي تغطي تكلفتها.",
          ),
          points: [both("Weekly reports", "تقارير أسبوعية")],
          priceFrom: null,
          ask: true,
        },
      ],
    },
    {
      type: "process",
      title: both("How we work", "كيف نعمل"),
      steps: [
        { title: both("Listen", "نستمع"), text: both("A call about your goals.", "مكالمة عن أهدافك.") },
        { title: both("Plan", "نخطط"), text: both("A plan you approve.", "خطة توافق عليها.") },
        {
          title: both("Launch", "نطلق"),
          text: both("Content and campaigns go live.", "ينطلق المحتوى والحملات."),
        },
        { title: both("Measure", "نقيس"), text: both("We report and improve.", "نرفع التقارير ونحسّن.") },
      ],
    },
    {
      type: "figures",
      title: both("In numbers", "بالأرقام"),
      items: [
        { value: both("120+", "+120"), label: both("Clients served", "عميلًا خدمناهم") },
        { value: both("4.8", "4.8"), label: both("Average rating", "متوسط التقييم") },
      ],
    },
    {
      type: "testimonials",
      title: both("What clients say", "ماذا يقول عملاؤنا"),
      items: [
        {
          quote: both("Our leads doubled in one season.", "تضاعف عدد عملائنا المحتملين في موسم واحد."),
          name: both("Lina Haddad", "لينا حداد"),
          role: both("Founder", "المؤسِّسة"),
          company: both("Olive & Co.", "زيتون وشركاه"),
          photo: null,
        },
      ],
    },
    {
      type: "logos",
      title: both("Trusted by", "يثق بنا"),
      items: [{ logo: picture("/logo.svg", "Manara", "منارة"), href: null }],
    },
    {
      type: "team",
      title: both("Your team", "فريقك"),
      members: [
        {
          name: both("Omar Khalil", "عمر خليل"),
          role: both("Strategy lead", "قائد الاستراتيجية"),
          bio: both("Ten years of campaigns across the region.", "عشر سنوات من الحملات في المنطقة."),
          photo: null,
        },
      ],
    },
    {
      type: "faq",
      title: both("Questions", "أسئلة"),
      items: [
        {
          question: both("How long is a campaign?", "كم تستمر الحملة؟"),
          answer: both("Most run for ninety days.", "تستمر أغلب الحملات تسعين يومًا."),
        },
      ],
    },
    {
      type: "rail",
      source: "courses",
      title: both("Train your team", "درّب فريقك"),
      category: "",
      ids: [],
      limit: 3,
    },
    {
      type: "image",
      picture: picture("/images/course.jpg", "A team planning a campaign", "فريق يخطط لحملة"),
      caption: both("Planning week, spring 2026.", "أسبوع التخطيط، ربيع 2026."),
    },
    {
      type: "cta",
      kind: "consultation",
      title: both("Ready for spring?", "هل أنت مستعد للربيع؟"),
      text: both(
        "A free thirty-minute call, no commitment.",
        "مكالمة مجانية مدتها ثلاثون دقيقة، بلا التزام.",
      ),
      label: both("Book a call", "احجز مكالمة"),
    },
  ],
};

export async function seedDemoLandingPage(db: Database, adminId: string): Promise<void> {
  if (await getPageForEditor(db, DEMO_LANDING_SLUG)) return;
  const created = await createLandingPage(
    db,
    { slug: DEMO_LANDING_SLUG, title: CONTENT.title, titleAr: CONTENT.titleAr },
    adminId,
  );
  if (!created.ok) return;
  const saved = await savePageDraft(db, DEMO_LANDING_SLUG, CONTENT, created.page.revision, adminId);
  if (saved.ok) await publishPage(db, DEMO_LANDING_SLUG, null);
}
