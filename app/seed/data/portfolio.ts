// Demo portfolio case studies for the seed: six bilingual agency projects for fictional Middle Eastern clients.
import type { SeedPortfolioItem } from "./types";

export const seedPortfolioItems: SeedPortfolioItem[] = [
  {
    slug: "hail-roastery",
    title: { en: "From Café Counter to Subscription Box", ar: "من طاولة المقهى إلى صندوق الاشتراك" },
    clientName: { en: "Hail Roastery", ar: "محمصة هيل" },
    sector: { en: "Food & Beverage", ar: "الأغذية والمشروبات" },
    problem: {
      en: "Hail Roastery sold most of its beans over the counter in its two Riyadh cafés, and its online store brought in fewer than 40 orders a month. Customers discovered the brand on Instagram but abandoned the slow, English-only checkout.",
      ar: "كانت «محمصة هيل» تبيع معظم حبوب القهوة مباشرةً عبر مقهيَيها في الرياض، ولم يتجاوز متجرها الإلكتروني 40 طلبًا شهريًا. وكان العملاء يتعرّفون على العلامة التجارية عبر Instagram، لكنهم يتخلّون عن عملية الدفع البطيئة المتاحة بالإنجليزية فقط.",
    },
    strategy: {
      en: "We rebuilt the store as a fast bilingual storefront with Arabic as the default language and added a monthly subscription box with local payment methods such as mada and Apple Pay. We also launched a content series on brewing methods for Instagram Reels and TikTok.",
      ar: "أعدنا بناء المتجر ليصبح واجهة تسوّق سريعة ثنائية اللغة تكون العربية فيها اللغة الافتراضية، وأضفنا صندوق اشتراك شهريًا مع وسائل دفع محلية مثل مدى وApple Pay. كما أطلقنا سلسلة محتوى عن طرق تحضير القهوة على Instagram Reels وTikTok.",
    },
    result: {
      en: "Within five months, online orders grew from 38 to 410 per month, and subscriptions now account for 46% of online revenue. Checkout abandonment fell from 71% to 29%.",
      ar: "خلال خمسة أشهر ارتفعت الطلبات الإلكترونية من 38 إلى 410 طلبات شهريًا، وباتت الاشتراكات تمثّل 46% من الإيرادات الإلكترونية. كما انخفضت نسبة التخلّي عن عملية الدفع من 71% إلى 29%.",
    },
    images: ["/images/portfolio/hail-roastery-1.jpg", "/images/portfolio/hail-roastery-2.jpg"],
  },
  {
    slug: "wafra-savings-app",
    title: {
      en: "Cutting the Cost of Verified Users for a Savings App",
      ar: "خفض تكلفة المستخدم الموثَّق لتطبيق ادخار",
    },
    clientName: { en: "Wafra", ar: "وفرة" },
    sector: { en: "Fintech", ar: "التقنية المالية" },
    problem: {
      en: "Wafra, a Dubai-based savings app, was paying more than AED 60 per install through broad social campaigns, and only 12% of new users completed identity verification. The company needed efficient growth before its next funding round.",
      ar: "كان تطبيق «وفرة» للادخار، ومقره دبي، يدفع أكثر من 60 درهمًا إماراتيًا مقابل كل تنزيل عبر حملات واسعة على وسائل التواصل، ولم يُكمل سوى 12% من المستخدمين الجدد عملية التحقق من الهوية. وكانت الشركة بحاجة إلى نمو فعّال قبل جولة التمويل التالية.",
    },
    strategy: {
      en: "We restructured the campaigns to optimize for users who completed verification instead of raw installs, and produced short Arabic and English explainer videos on how round-up savings work. We also redesigned the onboarding flow, cutting it from nine screens to four.",
      ar: "أعدنا هيكلة الحملات لتستهدف المستخدمين الذين يُكملون التحقق بدلًا من مجرد التنزيلات، وأنتجنا مقاطع فيديو توضيحية قصيرة بالعربية والإنجليزية تشرح آلية الادخار بتقريب المبالغ. كما أعدنا تصميم مسار التسجيل واختصرناه من تسع شاشات إلى أربع.",
    },
    result: {
      en: "Cost per verified user dropped by 58% in four months, while verification completion rose from 12% to 37%. Monthly active users tripled to 85,000 ahead of the Series A round.",
      ar: "انخفضت تكلفة المستخدم الموثَّق بنسبة 58% خلال أربعة أشهر، بينما ارتفعت نسبة إكمال التحقق من 12% إلى 37%. وتضاعف عدد المستخدمين النشطين شهريًا ثلاث مرات ليبلغ 85,000 مستخدم قبل جولة التمويل من الفئة A.",
    },
    images: ["/images/portfolio/wafra-savings-app-1.jpg", "/images/portfolio/wafra-savings-app-2.jpg"],
  },
  {
    slug: "noor-dental-center",
    title: { en: "Filling the Appointment Book for a Dental Clinic", ar: "ملء جدول مواعيد عيادة أسنان" },
    clientName: { en: "Noor Dental Center", ar: "مركز نور لطب الأسنان" },
    sector: { en: "Healthcare", ar: "الرعاية الصحية" },
    problem: {
      en: "Noor Dental Center in Amman relied on word of mouth and left 35% of its weekday appointment slots unfilled. Its website did not appear on the first page of Google for any treatment-related search in Arabic.",
      ar: "كان «مركز نور لطب الأسنان» في عمّان يعتمد على التوصيات الشفهية، وظلّت 35% من مواعيده في أيام الأسبوع شاغرة. ولم يكن موقعه يظهر في الصفحة الأولى من نتائج Google لأي عملية بحث عربية تتعلق بالعلاجات.",
    },
    strategy: {
      en: "We created dedicated Arabic pages for each treatment with clear price ranges and doctor profiles, optimized the clinic's Google Business Profile, and added online booking with WhatsApp reminders. A local search campaign targeted neighbourhoods within a 10 km radius.",
      ar: "أنشأنا صفحات عربية مخصّصة لكل علاج تتضمن نطاقات أسعار واضحة ونبذات عن الأطباء، وحسّنّا ملف النشاط التجاري للمركز على Google، وأضفنا الحجز الإلكتروني مع تذكيرات عبر WhatsApp. كما استهدفت حملة بحث محلية الأحياء الواقعة ضمن دائرة نصف قطرها 10 كيلومترات.",
    },
    result: {
      en: "Organic traffic grew by 184% in six months, and 22 treatment keywords now rank in the top three. Unfilled weekday slots fell from 35% to 9%, and no-shows dropped by 41% thanks to the reminders.",
      ar: "ارتفعت الزيارات العضوية بنسبة 184% خلال ستة أشهر، وأصبحت 22 كلمة مفتاحية متعلقة بالعلاجات ضمن المراكز الثلاثة الأولى. وانخفضت المواعيد الشاغرة في أيام الأسبوع من 35% إلى 9%، وتراجعت حالات عدم الحضور بنسبة 41% بفضل التذكيرات.",
    },
    images: ["/images/portfolio/noor-dental-center-1.jpg", "/images/portfolio/noor-dental-center-2.jpg"],
  },
  {
    slug: "sadu-fashion",
    title: {
      en: "Taking a Modest-Fashion Label Across the Gulf",
      ar: "انطلاق علامة أزياء محتشمة إلى أسواق الخليج",
    },
    clientName: { en: "Sadu Fashion", ar: "سدو للأزياء" },
    sector: { en: "E-commerce", ar: "التجارة الإلكترونية" },
    problem: {
      en: "Sadu, a Kuwaiti modest-fashion label, had a loyal local following but struggled to sell outside Kuwait. Its paid social campaigns were only profitable during Ramadan, and a 28% return rate was eroding margins.",
      ar: "كانت «سدو»، العلامة الكويتية للأزياء المحتشمة، تحظى بجمهور محلي وفيّ لكنها واجهت صعوبة في البيع خارج الكويت. ولم تكن حملاتها المدفوعة على وسائل التواصل مربحة إلا في شهر رمضان، بينما كانت نسبة المرتجعات البالغة 28% تستنزف هوامش الربح.",
    },
    strategy: {
      en: "We localized the store for Saudi Arabia, the UAE and Qatar with local currencies and delivery times, and introduced a fit guide with model measurements to reduce returns. An always-on catalogue campaign ran all year, with creative refreshed every two weeks around seasonal moments.",
      ar: "وطّنّا المتجر للسعودية والإمارات وقطر بعملاتها المحلية ومواعيد التوصيل فيها، وأضفنا دليلًا للمقاسات يتضمّن قياسات العارضات للحدّ من المرتجعات. كما عملت حملة كتالوج مستمرة طوال العام، مع تجديد التصاميم الإعلانية كل أسبوعين وفق المواسم والمناسبات.",
    },
    result: {
      en: "Sales from outside Kuwait grew from 9% to 52% of the total within a year, and return on ad spend stabilized at 4.6x outside Ramadan. The return rate fell to 14%.",
      ar: "ارتفعت المبيعات من خارج الكويت من 9% إلى 52% من الإجمالي خلال عام واحد، واستقر العائد على الإنفاق الإعلاني عند 4.6 أضعاف خارج موسم رمضان. كما انخفضت نسبة المرتجعات إلى 14%.",
    },
    images: ["/images/portfolio/sadu-fashion-1.jpg", "/images/portfolio/sadu-fashion-2.jpg"],
  },
  {
    slug: "al-mashriq-university",
    title: {
      en: "A Student-Recruitment Campaign That Reversed a Decline",
      ar: "حملة لاستقطاب الطلاب أوقفت تراجع الالتحاق",
    },
    clientName: { en: "Al-Mashriq University", ar: "جامعة المشرق" },
    sector: { en: "Higher Education", ar: "التعليم العالي" },
    problem: {
      en: "Al-Mashriq University's new computer science and design programmes attracted few applicants, and its website buried programme details three clicks deep. Applications had fallen by 17% over two intake cycles.",
      ar: "لم تستقطب برامج علوم الحاسوب والتصميم الجديدة في «جامعة المشرق» سوى عدد قليل من المتقدّمين، وكانت تفاصيل البرامج مدفونة في موقعها على عمق ثلاث نقرات. وقد تراجعت طلبات الالتحاق بنسبة 17% على مدى دورتَي قبول.",
    },
    strategy: {
      en: "We rebuilt the programme pages around the questions students and parents actually ask about fees, scholarships and careers, and filmed a series of short campus videos presented by students. Search and social campaigns were timed to the release of secondary-school exam results, and a WhatsApp chatbot answered admission questions in Arabic and English.",
      ar: "أعدنا بناء صفحات البرامج حول الأسئلة التي يطرحها الطلاب وأولياء الأمور فعلًا بشأن الرسوم والمنح الدراسية والآفاق المهنية، وصوّرنا سلسلة مقاطع قصيرة عن الحرم الجامعي يقدّمها الطلاب أنفسهم. وتزامنت حملات محركات البحث ووسائل التواصل مع صدور نتائج امتحانات الثانوية العامة، فيما أجاب روبوت محادثة على WhatsApp عن أسئلة القبول بالعربية والإنجليزية.",
    },
    result: {
      en: "Completed applications rose by 63% in a single intake, and the cost per application fell from $48 to $19. The chatbot handled 12,000 conversations and resolved 70% of them without staff involvement.",
      ar: "ارتفعت طلبات الالتحاق المكتملة بنسبة 63% خلال دورة قبول واحدة، وانخفضت تكلفة الطلب الواحد من 48 دولارًا إلى 19 دولارًا. وتولّى روبوت المحادثة 12,000 محادثة، وحلّ 70% منها دون تدخّل الموظفين.",
    },
    images: [
      "/images/portfolio/al-mashriq-university-1.jpg",
      "/images/portfolio/al-mashriq-university-2.jpg",
    ],
  },
  {
    slug: "marsa-developments",
    title: {
      en: "Pre-Selling a Waterfront Project in Seven Weeks",
      ar: "البيع المسبق لمشروع على الواجهة البحرية في سبعة أسابيع",
    },
    clientName: { en: "Marsa Developments", ar: "مرسى للتطوير العقاري" },
    sector: { en: "Real Estate", ar: "التطوير العقاري" },
    problem: {
      en: "Marsa Developments was launching a 240-unit waterfront project in Muscat and had to pre-sell 30% of the units before construction financing was released. Previous launches relied on print ads and broker networks, with little insight into lead quality.",
      ar: "كانت «مرسى للتطوير العقاري» تستعد لإطلاق مشروع على الواجهة البحرية في مسقط يضم 240 وحدة، وكان عليها بيع 30% من الوحدات مسبقًا قبل الإفراج عن تمويل البناء. وكانت عمليات الإطلاق السابقة تعتمد على إعلانات الصحف وشبكات الوسطاء، دون رؤية واضحة لجودة العملاء المحتملين.",
    },
    strategy: {
      en: "We built a bilingual launch site with an interactive floor-plan explorer and 3D walkthroughs, and ran lead campaigns on Google, Meta and Snapchat that scored each lead by budget and purchase timeline. Every lead reached the sales team's CRM within minutes.",
      ar: "بنينا موقعًا ثنائي اللغة للإطلاق يتضمن أداة تفاعلية لاستكشاف المخططات وجولات افتراضية ثلاثية الأبعاد، وأطلقنا حملات لاستقطاب العملاء المحتملين على Google وMeta وSnapchat تقيّم كل عميل محتمل وفق ميزانيته وموعد شرائه المتوقع. وكان كل عميل محتمل يصل إلى نظام إدارة علاقات العملاء لدى فريق المبيعات خلال دقائق.",
    },
    result: {
      en: "The project reached its 30% pre-sale target in seven weeks instead of the planned four months. Of 3,400 leads, 21% were rated qualified, and the cost per reservation came in 44% below the previous launch.",
      ar: "بلغ المشروع هدف البيع المسبق البالغ 30% خلال سبعة أسابيع بدلًا من الأشهر الأربعة المخطط لها. ومن بين 3,400 عميل محتمل، صُنِّف 21% منهم مؤهَّلين، وجاءت تكلفة الحجز الواحد أقل بنسبة 44% مقارنةً بالإطلاق السابق.",
    },
    images: ["/images/portfolio/marsa-developments-1.jpg", "/images/portfolio/marsa-developments-2.jpg"],
  },
];
