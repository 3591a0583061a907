// What the demo's first courses teach, ask first and are for (issue 50, item 2), by slug, in both languages:
// the course page's decision lists as a trainer would fill them. Courses not named here leave them empty.
type Lists = { en: string[]; ar: string[] };
export type SeedCourseDecision = {
  outcomes: Lists;
  requirements: Lists;
  audience: Lists;
  languages: ("en" | "ar")[];
};

export const seedCourseDecisions: Record<string, SeedCourseDecision> = {
  "react-from-zero-to-production": {
    outcomes: {
      en: [
        "Build interfaces from small, reusable components",
        "Manage state with hooks and know when to lift it",
        "Fetch, cache and refresh server data without flicker",
        "Route between pages and keep the URL meaningful",
        "Test components the way users use them",
        "Ship a fast, accessible app to production",
      ],
      ar: [
        "بناء الواجهات من مكوّنات صغيرة قابلة لإعادة الاستخدام",
        "إدارة الحالة بالخطافات ومعرفة متى تُرفع إلى الأعلى",
        "جلب بيانات الخادم وتخزينها وتحديثها دون وميض",
        "التنقّل بين الصفحات مع عنوان URL له معنى",
        "اختبار المكوّنات كما يستخدمها الناس",
        "إطلاق تطبيق سريع وسهل الوصول في بيئة الإنتاج",
      ],
    },
    requirements: {
      en: ["Comfortable with HTML, CSS and modern JavaScript", "A computer with Node.js installed"],
      ar: ["إلمام بـ HTML وCSS وJavaScript الحديثة", "حاسوب مثبّت عليه Node.js"],
    },
    audience: {
      en: ["Front-end developers new to React", "Back-end developers who want to build their own interfaces"],
      ar: ["مطوّرو الواجهات الجدد على React", "مطوّرو الخوادم الراغبون في بناء واجهاتهم بأنفسهم"],
    },
    languages: ["en", "ar"],
  },
  "modern-css-layouts": {
    outcomes: {
      en: [
        "Lay out pages with Grid and Flexbox, and choose between them",
        "Write layouts that work left to right and right to left",
        "Make components respond to their container, not only the screen",
        "Keep spacing and type consistent with custom properties",
      ],
      ar: [
        "تخطيط الصفحات بـ Grid وFlexbox والاختيار بينهما",
        "كتابة تخطيطات تعمل من اليسار إلى اليمين ومن اليمين إلى اليسار",
        "جعل المكوّنات تستجيب لحاويتها لا للشاشة وحدها",
        "توحيد المسافات والخطوط بالخصائص المخصّصة",
      ],
    },
    requirements: {
      en: ["Basic HTML and CSS"],
      ar: ["أساسيات HTML وCSS"],
    },
    audience: {
      en: ["Designers who write CSS", "Developers tired of fighting their layouts"],
      ar: ["المصمّمون الذين يكتبون CSS", "المطوّرون الذين سئموا مصارعة تخطيطاتهم"],
    },
    languages: ["en", "ar"],
  },
  "typescript-for-javascript-developers": {
    outcomes: {
      en: [
        "Add types to an existing JavaScript codebase step by step",
        "Model data with unions, generics and narrowing",
        "Read and fix the compiler's errors with confidence",
        "Type APIs so that wrong calls fail before they run",
      ],
      ar: [
        "إضافة الأنواع إلى مشروع JavaScript قائم خطوةً بخطوة",
        "نمذجة البيانات بالاتحادات والأنواع العامة والتضييق",
        "قراءة أخطاء المترجم وإصلاحها بثقة",
        "كتابة أنواع للواجهات البرمجية كي تفشل الاستدعاءات الخاطئة قبل تشغيلها",
      ],
    },
    requirements: {
      en: ["A year or so of JavaScript", "An editor with TypeScript support, such as VS Code"],
      ar: ["نحو عام من الخبرة في JavaScript", "محرّر يدعم TypeScript مثل VS Code"],
    },
    audience: {
      en: ["JavaScript developers moving a project to TypeScript"],
      ar: ["مطوّرو JavaScript الذين ينقلون مشروعًا إلى TypeScript"],
    },
    languages: ["en"],
  },
  "arabic-nlp-fundamentals": {
    outcomes: {
      en: [
        "Normalise Arabic text: letters, diacritics and digits",
        "Tokenise and stem Arabic words, and know the limits of each",
        "Classify Arabic text with classic models and with transformers",
        "Evaluate a model fairly across dialects",
      ],
      ar: [
        "توحيد النص العربي: الحروف والتشكيل والأرقام",
        "تقطيع الكلمات العربية وتجذيرها ومعرفة حدود كل طريقة",
        "تصنيف النصوص العربية بالنماذج التقليدية والمحوّلات",
        "تقييم النموذج تقييمًا منصفًا عبر اللهجات",
      ],
    },
    requirements: {
      en: ["Python basics", "Reading Arabic"],
      ar: ["أساسيات Python", "القدرة على قراءة العربية"],
    },
    audience: {
      en: ["Data scientists working with Arabic content", "Students of computational linguistics"],
      ar: ["علماء البيانات العاملون على محتوى عربي", "طلاب اللسانيات الحاسوبية"],
    },
    languages: ["ar", "en"],
  },
};
