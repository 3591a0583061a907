// Demo courses for the seed: 30 bilingual courses, three in each of the ten categories, with their lessons.
import type { SeedCourse } from "./types";

export const seedCourses: SeedCourse[] = [
  // ── Web development ──────────────────────────────────────────────────────
  {
    slug: "react-from-zero-to-production",
    category: "web-development",
    price: 4900,
    instructor: "trainer",
    title: { en: "React from Zero to Production", ar: "React من الصفر إلى الإنتاج" },
    description: {
      en: "Learn React by building a real application step by step, from your first component to a tested, deployed product. You will master hooks, state management, routing and data fetching. The course ends with shipping your app with performance and accessibility in mind.",
      ar: "تعلّم React من خلال بناء تطبيق حقيقي خطوةً بخطوة، بدءًا من أول مكوّن وحتى منتج مُختبَر ومنشور. ستتقن الخطافات (Hooks) وإدارة الحالة والتوجيه وجلب البيانات. وتُختتم الدورة بإطلاق تطبيقك مع مراعاة الأداء وإمكانية الوصول.",
    },
    image: "/images/courses/react-from-zero-to-production.jpg",
    lessons: [
      {
        title: { en: "Why React? Components and JSX", ar: "لماذا React؟ المكوّنات وصيغة JSX" },
        durationMinutes: 12,
      },
      {
        title: { en: "Props, state and rendering lists", ar: "الخصائص والحالة وعرض القوائم" },
        durationMinutes: 18,
      },
      { title: { en: "Handling events and forms", ar: "التعامل مع الأحداث والنماذج" }, durationMinutes: 22 },
      {
        title: { en: "Side effects with useEffect", ar: "التأثيرات الجانبية باستخدام useEffect" },
        durationMinutes: 25,
      },
      { title: { en: "Routing between pages", ar: "التنقّل بين الصفحات" }, durationMinutes: 20 },
      {
        title: { en: "Fetching and caching server data", ar: "جلب بيانات الخادم وتخزينها مؤقتًا" },
        durationMinutes: 30,
      },
      { title: { en: "Testing your components", ar: "اختبار المكوّنات" }, durationMinutes: 28 },
      {
        title: { en: "Building and deploying to production", ar: "البناء والنشر في بيئة الإنتاج" },
        durationMinutes: 24,
      },
    ],
  },
  {
    slug: "modern-css-layouts",
    category: "web-development",
    price: 0,
    instructor: "trainer",
    title: {
      en: "Modern CSS Layouts: Flexbox, Grid and Responsive Design",
      ar: "تخطيطات CSS الحديثة: Flexbox وGrid والتصميم المتجاوب",
    },
    description: {
      en: "Stop fighting with floats and start building layouts that adapt to any screen. This free course covers Flexbox, CSS Grid, custom properties and media queries through short, practical exercises. You will finish by building a responsive landing page that also works right-to-left.",
      ar: "توقّف عن مصارعة الخاصية float وابدأ ببناء تخطيطات تتكيّف مع أي شاشة. تغطي هذه الدورة المجانية Flexbox وCSS Grid والمتغيّرات المخصّصة واستعلامات الوسائط عبر تمارين قصيرة وعملية. وفي الختام ستبني صفحة هبوط متجاوبة تعمل كذلك في اتجاه الكتابة من اليمين إلى اليسار.",
    },
    image: "/images/courses/modern-css-layouts.jpg",
    lessons: [
      { title: { en: "The box model revisited", ar: "نظرة جديدة على نموذج الصندوق" }, durationMinutes: 10 },
      { title: { en: "Flexbox in practice", ar: "Flexbox عمليًا" }, durationMinutes: 18 },
      {
        title: { en: "Two-dimensional layouts with Grid", ar: "تخطيطات ثنائية الأبعاد باستخدام Grid" },
        durationMinutes: 22,
      },
      {
        title: { en: "Media queries and fluid typography", ar: "استعلامات الوسائط والخطوط المرنة" },
        durationMinutes: 15,
      },
      {
        title: { en: "Logical properties for RTL layouts", ar: "الخصائص المنطقية لتخطيطات RTL" },
        durationMinutes: 14,
      },
    ],
  },
  {
    slug: "typescript-for-javascript-developers",
    category: "web-development",
    price: 2999,
    instructor: "admin",
    title: { en: "TypeScript for JavaScript Developers", ar: "TypeScript لمطوّري JavaScript" },
    description: {
      en: "Add static types to the JavaScript you already know and catch bugs before they reach your users. The course moves from basic type annotations to generics, union types and type narrowing. It also shows how to migrate an existing codebase gradually, one file at a time.",
      ar: "أضف الأنواع الثابتة إلى JavaScript التي تعرفها، واكتشف الأخطاء قبل أن تصل إلى مستخدميك. تنتقل الدورة من التصريح بالأنواع الأساسية إلى الأنواع العامة (Generics) وأنواع الاتحاد وتضييق الأنواع. كما توضّح كيفية ترحيل قاعدة شيفرة قائمة تدريجيًا، ملفًا تلو الآخر.",
    },
    image: "/images/courses/typescript-for-javascript-developers.jpg",
    lessons: [
      { title: { en: "Setting up the compiler", ar: "إعداد المترجم" }, durationMinutes: 9 },
      {
        title: { en: "Basic types and annotations", ar: "الأنواع الأساسية والتصريح بها" },
        durationMinutes: 16,
      },
      {
        title: { en: "Interfaces and type aliases", ar: "الواجهات والأسماء المستعارة للأنواع" },
        durationMinutes: 18,
      },
      { title: { en: "Union types and narrowing", ar: "أنواع الاتحاد وتضييق النوع" }, durationMinutes: 21 },
      { title: { en: "Generics without fear", ar: "الأنواع العامة دون خوف" }, durationMinutes: 26 },
      { title: { en: "Migrating a JavaScript project", ar: "ترحيل مشروع JavaScript" }, durationMinutes: 30 },
    ],
  },

  // ── Backend development ──────────────────────────────────────────────────
  {
    slug: "nodejs-rest-apis-with-express",
    category: "backend-development",
    price: 5900,
    instructor: "trainer",
    title: {
      en: "Building REST APIs with Node.js and Express",
      ar: "بناء واجهات REST البرمجية باستخدام Node.js وExpress",
    },
    description: {
      en: "Design and build a production-ready REST API for an online store. You will structure routes and middleware, validate input, connect to a database and secure endpoints with JSON Web Tokens. Finally, you will document everything with OpenAPI so front-end teams can start right away.",
      ar: "صمّم وابنِ واجهة REST برمجية جاهزة للإنتاج لمتجر إلكتروني. ستتعلم تنظيم المسارات والبرمجيات الوسيطة، والتحقق من المدخلات، والاتصال بقاعدة بيانات، وتأمين نقاط النهاية باستخدام رموز JSON Web Tokens. وفي النهاية ستوثّق كل ذلك بمعيار OpenAPI ليتمكّن فريق الواجهات الأمامية من البدء فورًا.",
    },
    image: "/images/courses/nodejs-rest-apis-with-express.jpg",
    lessons: [
      {
        title: { en: "REST principles and resource design", ar: "مبادئ REST وتصميم الموارد" },
        durationMinutes: 14,
      },
      { title: { en: "Your first Express server", ar: "أول خادم Express لك" }, durationMinutes: 12 },
      { title: { en: "Routing and middleware", ar: "المسارات والبرمجيات الوسيطة" }, durationMinutes: 20 },
      { title: { en: "Validating requests", ar: "التحقق من صحة الطلبات" }, durationMinutes: 17 },
      {
        title: { en: "Persisting data with PostgreSQL", ar: "حفظ البيانات في PostgreSQL" },
        durationMinutes: 28,
      },
      { title: { en: "Authentication with JWT", ar: "المصادقة باستخدام JWT" }, durationMinutes: 25 },
      {
        title: { en: "Documenting the API with OpenAPI", ar: "توثيق الواجهة البرمجية باستخدام OpenAPI" },
        durationMinutes: 15,
      },
    ],
  },
  {
    slug: "postgresql-performance-tuning",
    category: "backend-development",
    price: 8900,
    instructor: "trainer",
    title: { en: "PostgreSQL Performance Tuning", ar: "ضبط أداء PostgreSQL" },
    description: {
      en: "Find out why a query is slow and fix it with confidence. You will read EXPLAIN ANALYZE plans, choose the right index types and tune the configuration for your workload. You will also keep tables healthy with vacuum and partitioning as your data grows.",
      ar: "اكتشف سبب بطء الاستعلام وعالجه بثقة. ستتعلم قراءة خطط EXPLAIN ANALYZE، واختيار أنواع الفهارس المناسبة، وضبط الإعدادات بما يلائم حِمل العمل لديك. كما ستحافظ على سلامة الجداول باستخدام VACUUM والتقسيم مع نمو بياناتك.",
    },
    image: "/images/courses/postgresql-performance-tuning.jpg",
    lessons: [
      { title: { en: "How the query planner thinks", ar: "كيف يفكّر مخطِّط الاستعلامات" }, durationMinutes: 20 },
      {
        title: { en: "Reading EXPLAIN ANALYZE output", ar: "قراءة مخرجات EXPLAIN ANALYZE" },
        durationMinutes: 32,
      },
      {
        title: { en: "B-tree, GIN and partial indexes", ar: "فهارس B-tree وGIN والفهارس الجزئية" },
        durationMinutes: 35,
      },
      {
        title: { en: "Memory, connections and configuration", ar: "الذاكرة والاتصالات والإعدادات" },
        durationMinutes: 27,
      },
      {
        title: { en: "Vacuum, bloat and partitioning", ar: "عملية VACUUM وتضخّم الجداول والتقسيم" },
        durationMinutes: 40,
      },
    ],
  },
  {
    slug: "django-for-beginners",
    category: "backend-development",
    price: 3900,
    instructor: "trainer",
    title: {
      en: "Django for Beginners: Build a Complete Web App",
      ar: "Django للمبتدئين: ابنِ تطبيق ويب متكاملًا",
    },
    description: {
      en: "Build a booking website for a small business using Python and Django. Along the way you will learn models and migrations, the admin site, templates, forms and user accounts. You will then deploy the finished project so you can share a live link.",
      ar: "ابنِ موقع حجوزات لمشروع صغير باستخدام Python وDjango. وخلال ذلك ستتعلم نماذج البيانات وعمليات الترحيل ولوحة الإدارة والقوالب والاستمارات وحسابات المستخدمين. ثم تنشر المشروع بعد اكتماله لتشارك رابطًا حيًّا له.",
    },
    image: "/images/courses/django-for-beginners.jpg",
    lessons: [
      { title: { en: "Project structure and apps", ar: "بنية المشروع والتطبيقات" }, durationMinutes: 11 },
      { title: { en: "Models and migrations", ar: "نماذج البيانات وعمليات الترحيل" }, durationMinutes: 24 },
      { title: { en: "The Django admin", ar: "لوحة إدارة Django" }, durationMinutes: 13 },
      { title: { en: "Views and templates", ar: "العروض والقوالب" }, durationMinutes: 22 },
      { title: { en: "Forms and validation", ar: "الاستمارات والتحقق من المدخلات" }, durationMinutes: 19 },
      { title: { en: "User accounts and deployment", ar: "حسابات المستخدمين والنشر" }, durationMinutes: 29 },
    ],
  },

  // ── Data science ─────────────────────────────────────────────────────────
  {
    slug: "data-analysis-with-python-and-pandas",
    category: "data-science",
    price: 0,
    instructor: "trainer",
    title: { en: "Data Analysis with Python and pandas", ar: "تحليل البيانات باستخدام Python ومكتبة pandas" },
    description: {
      en: "A free, hands-on introduction to analysing real datasets with Python. You will load, clean, filter and group data with pandas. Then you will answer business questions using sales figures from a fictional regional retailer.",
      ar: "مقدمة عملية مجانية لتحليل مجموعات بيانات حقيقية باستخدام Python. ستتعلم تحميل البيانات وتنظيفها وتصفيتها وتجميعها باستخدام pandas. ثم ستجيب عن أسئلة تجارية اعتمادًا على أرقام مبيعات سلسلة متاجر إقليمية افتراضية.",
    },
    image: "/images/courses/data-analysis-with-python-and-pandas.jpg",
    lessons: [
      {
        title: { en: "Notebooks and a Python refresher", ar: "دفاتر Jupyter ومراجعة سريعة للغة Python" },
        durationMinutes: 15,
      },
      { title: { en: "Series and DataFrames", ar: "السلاسل وإطارات البيانات" }, durationMinutes: 18 },
      { title: { en: "Cleaning messy data", ar: "تنظيف البيانات غير المرتّبة" }, durationMinutes: 24 },
      { title: { en: "Filtering and sorting", ar: "التصفية والفرز" }, durationMinutes: 12 },
      { title: { en: "Grouping and aggregation", ar: "التجميع والتلخيص" }, durationMinutes: 21 },
      {
        title: { en: "Mini project: a monthly sales report", ar: "مشروع مصغّر: تقرير المبيعات الشهري" },
        durationMinutes: 33,
      },
    ],
  },
  {
    slug: "sql-for-data-analysts",
    category: "data-science",
    price: 1999,
    instructor: "trainer",
    title: { en: "SQL for Data Analysts", ar: "لغة SQL لمحلّلي البيانات" },
    description: {
      en: "Learn to pull answers straight from the database instead of waiting for someone else's export. The course covers joins, aggregations, window functions and common table expressions. Every exercise is built on a realistic e-commerce dataset.",
      ar: "تعلّم استخراج الإجابات من قاعدة البيانات مباشرةً بدلًا من انتظار ملف يصدّره لك غيرك. تغطي الدورة عمليات الربط والتجميع ودوال النوافذ وتعبيرات الجداول المشتركة. وكل تمرين فيها مبني على بيانات واقعية لمتجر إلكتروني.",
    },
    image: "/images/courses/sql-for-data-analysts.jpg",
    lessons: [
      {
        title: { en: "SELECT, WHERE and ORDER BY", ar: "أوامر SELECT وWHERE وORDER BY" },
        durationMinutes: 14,
      },
      { title: { en: "Joining tables", ar: "ربط الجداول" }, durationMinutes: 20 },
      {
        title: { en: "GROUP BY and aggregate functions", ar: "GROUP BY ودوال التجميع" },
        durationMinutes: 18,
      },
      { title: { en: "Window functions", ar: "دوال النوافذ" }, durationMinutes: 26 },
      {
        title: { en: "Common table expressions", ar: "تعبيرات الجداول المشتركة (CTE)" },
        durationMinutes: 16,
      },
    ],
  },
  {
    slug: "data-visualization-and-storytelling",
    category: "data-science",
    price: 4200,
    instructor: "admin",
    title: { en: "Data Visualization and Storytelling", ar: "التمثيل المرئي للبيانات وسرد القصص بها" },
    description: {
      en: "Turn numbers into charts that decision-makers actually understand. You will learn which chart fits which question and build clear visuals with Matplotlib and Plotly. You will also structure a short data story for your next presentation.",
      ar: "حوِّل الأرقام إلى رسوم بيانية يفهمها صنّاع القرار فعلًا. ستتعلم أي نوع من الرسوم يناسب كل سؤال، وتبني مرئيات واضحة باستخدام Matplotlib وPlotly. كما ستنظّم قصة بيانات قصيرة لعرضك التقديمي القادم.",
    },
    image: "/images/courses/data-visualization-and-storytelling.jpg",
    lessons: [
      { title: { en: "Choosing the right chart", ar: "اختيار الرسم البياني المناسب" }, durationMinutes: 16 },
      {
        title: { en: "Clean charts with Matplotlib", ar: "رسوم واضحة باستخدام Matplotlib" },
        durationMinutes: 23,
      },
      {
        title: { en: "Interactive dashboards with Plotly", ar: "لوحات معلومات تفاعلية باستخدام Plotly" },
        durationMinutes: 31,
      },
      { title: { en: "From analysis to narrative", ar: "من التحليل إلى السرد" }, durationMinutes: 19 },
    ],
  },

  // ── Machine learning ─────────────────────────────────────────────────────
  {
    slug: "machine-learning-foundations-scikit-learn",
    category: "machine-learning",
    price: 7999,
    instructor: "trainer",
    title: {
      en: "Machine Learning Foundations with scikit-learn",
      ar: "أسس تعلّم الآلة باستخدام scikit-learn",
    },
    description: {
      en: "Understand how machines learn from data and build your first predictive models. You will prepare features, train regression and classification models and evaluate them honestly with cross-validation. Along the way you will learn to avoid the classic traps of overfitting and data leakage.",
      ar: "افهم كيف تتعلّم الآلات من البيانات، وابنِ أولى نماذجك التنبؤية. ستجهّز الخصائص، وتدرّب نماذج انحدار وتصنيف، وتقيّمها بموضوعية عبر التحقق المتقاطع. وستتعلم خلال ذلك تجنّب الفخاخ الشائعة مثل الإفراط في التخصيص وتسرّب البيانات.",
    },
    image: "/images/courses/machine-learning-foundations-scikit-learn.jpg",
    lessons: [
      {
        title: { en: "What machine learning is, and is not", ar: "ما هو تعلّم الآلة وما ليس منه" },
        durationMinutes: 10,
      },
      { title: { en: "Preparing features", ar: "تجهيز الخصائص" }, durationMinutes: 22 },
      {
        title: { en: "Linear and logistic regression", ar: "الانحدار الخطي والانحدار اللوجستي" },
        durationMinutes: 28,
      },
      {
        title: { en: "Decision trees and random forests", ar: "أشجار القرار والغابات العشوائية" },
        durationMinutes: 25,
      },
      {
        title: { en: "Evaluating models with cross-validation", ar: "تقييم النماذج بالتحقق المتقاطع" },
        durationMinutes: 20,
      },
      {
        title: { en: "Overfitting and regularization", ar: "الإفراط في التخصيص والتنظيم" },
        durationMinutes: 18,
      },
      {
        title: { en: "Pipelines and hyperparameter search", ar: "خطوط المعالجة والبحث عن المعاملات الفائقة" },
        durationMinutes: 24,
      },
      {
        title: { en: "Capstone: predicting customer churn", ar: "المشروع الختامي: التنبؤ بانسحاب العملاء" },
        durationMinutes: 40,
      },
    ],
  },
  {
    slug: "deep-learning-with-pytorch",
    category: "machine-learning",
    price: 12900,
    instructor: "trainer",
    title: { en: "Deep Learning with PyTorch", ar: "التعلّم العميق باستخدام PyTorch" },
    description: {
      en: "Go beyond classical models and train neural networks from scratch. The course explains tensors, automatic differentiation and training loops. It then applies convolutional networks to image classification and transfer learning to small datasets.",
      ar: "تجاوز النماذج التقليدية ودرّب شبكات عصبية من الصفر. تشرح الدورة الموترات والاشتقاق التلقائي وحلقات التدريب. ثم تطبّق الشبكات الالتفافية على تصنيف الصور، والتعلّم بالنقل على مجموعات البيانات الصغيرة.",
    },
    image: "/images/courses/deep-learning-with-pytorch.jpg",
    lessons: [
      { title: { en: "Tensors and GPUs", ar: "الموترات ووحدات معالجة الرسوميات" }, durationMinutes: 17 },
      {
        title: { en: "Autograd and gradient descent", ar: "الاشتقاق التلقائي والانحدار التدرّجي" },
        durationMinutes: 26,
      },
      { title: { en: "Writing a training loop", ar: "كتابة حلقة التدريب" }, durationMinutes: 30 },
      {
        title: { en: "Convolutional neural networks", ar: "الشبكات العصبية الالتفافية" },
        durationMinutes: 38,
      },
      {
        title: { en: "Regularization: dropout and augmentation", ar: "التنظيم: الإسقاط وزيادة البيانات" },
        durationMinutes: 22,
      },
      { title: { en: "Transfer learning", ar: "التعلّم بالنقل" }, durationMinutes: 27 },
      { title: { en: "Saving and serving models", ar: "حفظ النماذج وتقديمها" }, durationMinutes: 15 },
    ],
  },
  {
    slug: "mlops-deploying-and-monitoring-models",
    category: "machine-learning",
    price: 14999,
    instructor: "trainer",
    title: {
      en: "MLOps: Deploying and Monitoring Machine Learning Models",
      ar: "MLOps: نشر نماذج تعلّم الآلة ومراقبتها",
    },
    description: {
      en: "A model that lives only in a notebook creates no value. Learn to package models as APIs, track experiments and automate retraining with CI/CD pipelines. You will also set up alerts that detect data drift once your model is in production.",
      ar: "النموذج الذي يبقى حبيس دفتر الملاحظات لا يصنع أي قيمة. تعلّم تغليف النماذج في صورة واجهات برمجية، وتتبّع التجارب، وأتمتة إعادة التدريب عبر خطوط CI/CD. كما ستُعِدّ تنبيهات ترصد انجراف البيانات بعد وصول نموذجك إلى بيئة الإنتاج.",
    },
    image: "/images/courses/mlops-deploying-and-monitoring-models.jpg",
    lessons: [
      { title: { en: "From notebook to project", ar: "من الدفتر إلى المشروع" }, durationMinutes: 14 },
      {
        title: { en: "Experiment tracking with MLflow", ar: "تتبّع التجارب باستخدام MLflow" },
        durationMinutes: 24,
      },
      {
        title: { en: "Serving a model behind an API", ar: "تقديم النموذج عبر واجهة برمجية" },
        durationMinutes: 27,
      },
      { title: { en: "Containers for ML workloads", ar: "الحاويات لأحمال تعلّم الآلة" }, durationMinutes: 21 },
      { title: { en: "CI/CD for models", ar: "التكامل والنشر المستمران للنماذج" }, durationMinutes: 33 },
      { title: { en: "Monitoring and data drift", ar: "المراقبة وانجراف البيانات" }, durationMinutes: 29 },
    ],
  },

  // ── Artificial intelligence ──────────────────────────────────────────────
  {
    slug: "prompt-engineering-essentials",
    category: "artificial-intelligence",
    price: 0,
    instructor: "admin",
    title: { en: "Prompt Engineering Essentials", ar: "أساسيات هندسة الأوامر" },
    description: {
      en: "Get consistently useful results from AI assistants at work. This short free course teaches you how to give context, set constraints, use examples and break complex tasks into steps. Every technique is demonstrated in both English and Arabic.",
      ar: "احصل على نتائج مفيدة وثابتة من مساعدي الذكاء الاصطناعي في عملك. تعلّمك هذه الدورة المجانية القصيرة كيف تقدّم السياق، وتحدّد القيود، وتستخدم الأمثلة، وتقسّم المهام المعقدة إلى خطوات. وتُعرض كل تقنية فيها باللغتين العربية والإنجليزية.",
    },
    image: "/images/courses/prompt-engineering-essentials.jpg",
    lessons: [
      {
        title: { en: "How language models read your prompt", ar: "كيف تقرأ النماذج اللغوية أوامرك" },
        durationMinutes: 9,
      },
      { title: { en: "Context, role and constraints", ar: "السياق والدور والقيود" }, durationMinutes: 13 },
      {
        title: { en: "Few-shot examples and output formats", ar: "الأمثلة التوضيحية وصيغ المخرجات" },
        durationMinutes: 15,
      },
      { title: { en: "Breaking down complex tasks", ar: "تقسيم المهام المعقدة" }, durationMinutes: 12 },
    ],
  },
  {
    slug: "building-llm-apps-with-rag",
    category: "artificial-intelligence",
    price: 9900,
    instructor: "trainer",
    title: {
      en: "Building LLM Apps with Retrieval-Augmented Generation",
      ar: "بناء تطبيقات النماذج اللغوية الكبيرة بتقنية التوليد المعزَّز بالاسترجاع",
    },
    description: {
      en: "Build an assistant that answers questions from your own documents instead of guessing. You will split and embed documents, store them in a vector database, and design retrieval and prompts. Before launch, you will measure answer quality with a repeatable evaluation set.",
      ar: "ابنِ مساعدًا يجيب عن الأسئلة انطلاقًا من مستنداتك الخاصة بدلًا من التخمين. ستتعلم تقسيم المستندات وتحويلها إلى تضمينات، وتخزينها في قاعدة بيانات متجهية، وتصميم آلية الاسترجاع والأوامر. وقبل الإطلاق ستقيس جودة الإجابات بمجموعة تقييم قابلة للتكرار.",
    },
    image: "/images/courses/building-llm-apps-with-rag.jpg",
    lessons: [
      { title: { en: "How RAG works", ar: "كيف تعمل تقنية RAG" }, durationMinutes: 12 },
      { title: { en: "Chunking documents", ar: "تقسيم المستندات إلى مقاطع" }, durationMinutes: 18 },
      {
        title: { en: "Embeddings and vector databases", ar: "التضمينات وقواعد البيانات المتجهية" },
        durationMinutes: 26,
      },
      {
        title: { en: "Retrieval strategies and reranking", ar: "استراتيجيات الاسترجاع وإعادة الترتيب" },
        durationMinutes: 24,
      },
      {
        title: { en: "Prompting with retrieved context", ar: "صياغة الأوامر بالسياق المسترجَع" },
        durationMinutes: 20,
      },
      { title: { en: "Evaluating answers", ar: "تقييم الإجابات" }, durationMinutes: 23 },
      { title: { en: "Shipping a chat interface", ar: "إطلاق واجهة المحادثة" }, durationMinutes: 31 },
    ],
  },
  {
    slug: "arabic-nlp-fundamentals",
    category: "artificial-intelligence",
    price: 6900,
    instructor: "trainer",
    title: {
      en: "Arabic Natural Language Processing Fundamentals",
      ar: "أساسيات المعالجة الآلية للغة العربية",
    },
    description: {
      en: "Arabic brings its own challenges: rich morphology, optional diacritics and many dialects. This course shows how to normalize and tokenize Arabic text and build a sentiment classifier for customer reviews. You will finish by fine-tuning a pretrained Arabic language model.",
      ar: "للغة العربية تحدياتها الخاصة: صرف غني، وتشكيل اختياري، ولهجات متعددة. تبيّن هذه الدورة كيفية توحيد النص العربي وتقطيعه، وبناء مصنِّف للمشاعر في مراجعات العملاء. وتختتمها بالضبط الدقيق لنموذج لغوي عربي مدرَّب مسبقًا.",
    },
    image: "/images/courses/arabic-nlp-fundamentals.jpg",
    lessons: [
      {
        title: { en: "What makes Arabic text hard", ar: "ما الذي يجعل النص العربي صعب المعالجة" },
        durationMinutes: 14,
      },
      { title: { en: "Normalization and tokenization", ar: "التوحيد والتقطيع" }, durationMinutes: 21 },
      {
        title: { en: "Dialects versus Modern Standard Arabic", ar: "اللهجات مقابل العربية الفصحى المعاصرة" },
        durationMinutes: 17,
      },
      {
        title: { en: "Sentiment analysis of customer reviews", ar: "تحليل المشاعر في مراجعات العملاء" },
        durationMinutes: 32,
      },
      {
        title: { en: "Fine-tuning a pretrained Arabic model", ar: "الضبط الدقيق لنموذج عربي مدرَّب مسبقًا" },
        durationMinutes: 38,
      },
    ],
  },

  // ── Cloud computing ──────────────────────────────────────────────────────
  {
    slug: "cloud-computing-fundamentals",
    category: "cloud-computing",
    price: 0,
    instructor: "trainer",
    title: { en: "Cloud Computing Fundamentals", ar: "أساسيات الحوسبة السحابية" },
    description: {
      en: "A free, vendor-neutral introduction to the cloud for developers and managers alike. You will learn the difference between IaaS, PaaS and SaaS and how cloud pricing really works. You will also know which services to reach for when you launch your first project.",
      ar: "مقدمة مجانية ومحايدة تجاه المزوّدين إلى الحوسبة السحابية، تناسب المطوّرين والمديرين على حدٍّ سواء. ستتعرّف على الفرق بين IaaS وPaaS وSaaS، وعلى طريقة احتساب التكاليف السحابية فعليًا. كما ستعرف أي الخدمات تختار عند إطلاق مشروعك الأول.",
    },
    image: "/images/courses/cloud-computing-fundamentals.jpg",
    lessons: [
      {
        title: { en: "What “the cloud” actually means", ar: "ما المقصود فعلًا بـ«السحابة»" },
        durationMinutes: 8,
      },
      { title: { en: "IaaS, PaaS and SaaS", ar: "نماذج IaaS وPaaS وSaaS" }, durationMinutes: 12 },
      {
        title: { en: "Regions, availability and latency", ar: "المناطق والتوافر وزمن الاستجابة" },
        durationMinutes: 14,
      },
      { title: { en: "Understanding cloud pricing", ar: "فهم تسعير الخدمات السحابية" }, durationMinutes: 16 },
      {
        title: { en: "Choosing services for your first project", ar: "اختيار الخدمات لمشروعك الأول" },
        durationMinutes: 11,
      },
    ],
  },
  {
    slug: "docker-and-kubernetes-in-practice",
    category: "cloud-computing",
    price: 10900,
    instructor: "trainer",
    title: { en: "Docker and Kubernetes in Practice", ar: "Docker وKubernetes عمليًا" },
    description: {
      en: "Package any application into a container and run it reliably at scale. Starting with Dockerfiles and Compose, the course moves on to Kubernetes deployments, services, config and secrets. It closes with autoscaling and zero-downtime releases.",
      ar: "غلّف أي تطبيق داخل حاوية وشغّله بموثوقية وعلى نطاق واسع. تبدأ الدورة بملفات Dockerfile وأداة Compose، ثم تنتقل إلى عمليات النشر والخدمات والإعدادات والأسرار في Kubernetes. وتُختتم بالتوسّع التلقائي وإصدار التحديثات دون توقّف الخدمة.",
    },
    image: "/images/courses/docker-and-kubernetes-in-practice.jpg",
    lessons: [
      {
        title: { en: "Containers versus virtual machines", ar: "الحاويات مقابل الأجهزة الافتراضية" },
        durationMinutes: 11,
      },
      { title: { en: "Writing a good Dockerfile", ar: "كتابة ملف Dockerfile جيد" }, durationMinutes: 22 },
      {
        title: { en: "Multi-container apps with Compose", ar: "تطبيقات متعددة الحاويات باستخدام Compose" },
        durationMinutes: 19,
      },
      { title: { en: "Kubernetes architecture", ar: "بنية Kubernetes" }, durationMinutes: 17 },
      { title: { en: "Deployments and services", ar: "عمليات النشر والخدمات" }, durationMinutes: 28 },
      { title: { en: "ConfigMaps and Secrets", ar: "ملفات الإعداد والأسرار" }, durationMinutes: 16 },
      {
        title: { en: "Autoscaling and health checks", ar: "التوسّع التلقائي وفحوصات السلامة" },
        durationMinutes: 24,
      },
      {
        title: { en: "Rolling updates without downtime", ar: "التحديثات المتدرّجة دون توقّف" },
        durationMinutes: 21,
      },
    ],
  },
  {
    slug: "aws-solutions-architect-associate-prep",
    category: "cloud-computing",
    price: 12500,
    instructor: "trainer",
    title: {
      en: "AWS Solutions Architect Associate: Exam Preparation",
      ar: "التحضير لاختبار AWS Solutions Architect Associate",
    },
    description: {
      en: "A structured path to the AWS Certified Solutions Architect – Associate exam. Each module covers one domain of the official exam guide with architecture diagrams and hands-on labs. Practice questions are explained in detail so you understand why each answer is right or wrong.",
      ar: "مسار منظَّم للتحضير لاختبار شهادة AWS Certified Solutions Architect – Associate. تغطي كل وحدة مجالًا من مجالات دليل الاختبار الرسمي، مع مخططات معمارية وتمارين تطبيقية. وتُشرح الأسئلة التدريبية بالتفصيل لتفهم سبب صحة كل إجابة أو خطئها.",
    },
    image: "/images/courses/aws-solutions-architect-associate-prep.jpg",
    lessons: [
      {
        title: { en: "IAM and account security", ar: "إدارة الهوية والوصول وأمان الحساب" },
        durationMinutes: 25,
      },
      {
        title: { en: "Compute: EC2, Lambda and containers", ar: "الحوسبة: EC2 وLambda والحاويات" },
        durationMinutes: 34,
      },
      { title: { en: "Storage and databases", ar: "التخزين وقواعد البيانات" }, durationMinutes: 36 },
      { title: { en: "Networking with VPC", ar: "الشبكات باستخدام VPC" }, durationMinutes: 40 },
      {
        title: { en: "Designing for resilience and cost", ar: "التصميم من أجل المرونة وخفض التكلفة" },
        durationMinutes: 30,
      },
      { title: { en: "Full practice exam walkthrough", ar: "شرح اختبار تجريبي كامل" }, durationMinutes: 45 },
    ],
  },

  // ── Cyber security ───────────────────────────────────────────────────────
  {
    slug: "cybersecurity-awareness-for-everyone",
    category: "cyber-security",
    price: 0,
    instructor: "trainer",
    title: { en: "Cybersecurity Awareness for Everyone", ar: "التوعية بالأمن السيبراني للجميع" },
    description: {
      en: "Most breaches start with a single click. In three short lessons you will learn to spot phishing messages and protect your accounts with strong passwords and two-factor authentication. You will also learn simple habits that keep your devices safe at home and at work.",
      ar: "تبدأ معظم الاختراقات بنقرة واحدة. في ثلاثة دروس قصيرة ستتعلم كيف تكتشف رسائل التصيّد الاحتيالي، وتحمي حساباتك بكلمات مرور قوية والمصادقة الثنائية. كما ستتعلم عادات بسيطة تحافظ على أمان أجهزتك في المنزل والعمل.",
    },
    image: "/images/courses/cybersecurity-awareness-for-everyone.jpg",
    lessons: [
      {
        title: { en: "Recognizing phishing and scams", ar: "التعرّف على التصيّد الاحتيالي وعمليات النصب" },
        durationMinutes: 12,
      },
      {
        title: { en: "Passwords, password managers and 2FA", ar: "كلمات المرور ومديروها والمصادقة الثنائية" },
        durationMinutes: 10,
      },
      { title: { en: "Safe devices and networks", ar: "أجهزة وشبكات آمنة" }, durationMinutes: 9 },
    ],
  },
  {
    slug: "web-application-security-owasp-top-10",
    category: "cyber-security",
    price: 6500,
    instructor: "trainer",
    title: {
      en: "Web Application Security: The OWASP Top 10",
      ar: "أمن تطبيقات الويب: قائمة OWASP لأخطر عشر ثغرات",
    },
    description: {
      en: "Learn how attackers exploit web applications and how to stop them. For each major vulnerability class, from injection to broken access control, you will first exploit a deliberately vulnerable app. Then you will write and test the fix yourself.",
      ar: "تعرّف على الطرق التي يستغل بها المهاجمون تطبيقات الويب وكيف توقفهم. في كل فئة رئيسية من الثغرات، من الحقن إلى خلل التحكم في الوصول، ستبدأ باستغلال تطبيق صُمِّم عمدًا ليكون ضعيفًا. ثم تكتب الإصلاح وتختبره بنفسك.",
    },
    image: "/images/courses/web-application-security-owasp-top-10.jpg",
    lessons: [
      { title: { en: "Thinking like an attacker", ar: "التفكير بعقلية المهاجم" }, durationMinutes: 13 },
      { title: { en: "Injection attacks", ar: "هجمات الحقن" }, durationMinutes: 27 },
      {
        title: { en: "Broken authentication and sessions", ar: "خلل المصادقة وإدارة الجلسات" },
        durationMinutes: 24,
      },
      { title: { en: "Broken access control", ar: "خلل التحكم في الوصول" }, durationMinutes: 22 },
      {
        title: { en: "Cross-site scripting and CSRF", ar: "البرمجة عبر المواقع (XSS) وتزوير الطلبات (CSRF)" },
        durationMinutes: 29,
      },
      {
        title: { en: "Security headers and dependency risks", ar: "ترويسات الأمان ومخاطر الاعتماديات" },
        durationMinutes: 18,
      },
    ],
  },
  {
    slug: "ethical-hacking-and-penetration-testing",
    category: "cyber-security",
    price: 13900,
    instructor: "trainer",
    title: {
      en: "Ethical Hacking and Penetration Testing Basics",
      ar: "أساسيات الاختراق الأخلاقي واختبار الاختراق",
    },
    description: {
      en: "Follow the full workflow of a professional penetration test inside a safe lab environment. You will practise reconnaissance, scanning, exploitation and privilege escalation with Kali Linux. Finally, you will learn to write a report that clients can actually act on.",
      ar: "اتبع المراحل الكاملة لاختبار اختراق احترافي داخل بيئة مختبرية آمنة. ستتدرّب على الاستطلاع والفحص والاستغلال وتصعيد الصلاحيات باستخدام Kali Linux. وفي النهاية ستتعلم كتابة تقرير يستطيع العملاء العمل بموجبه فعلًا.",
    },
    image: "/images/courses/ethical-hacking-and-penetration-testing.jpg",
    lessons: [
      {
        title: { en: "Legal and ethical ground rules", ar: "القواعد القانونية والأخلاقية" },
        durationMinutes: 14,
      },
      { title: { en: "Building your lab", ar: "تجهيز مختبرك" }, durationMinutes: 20 },
      {
        title: { en: "Reconnaissance and OSINT", ar: "الاستطلاع وجمع المعلومات من المصادر المفتوحة" },
        durationMinutes: 26,
      },
      { title: { en: "Scanning with Nmap", ar: "الفحص باستخدام Nmap" }, durationMinutes: 23 },
      { title: { en: "Exploiting vulnerable services", ar: "استغلال الخدمات الضعيفة" }, durationMinutes: 38 },
      { title: { en: "Privilege escalation on Linux", ar: "تصعيد الصلاحيات في Linux" }, durationMinutes: 34 },
      { title: { en: "Attacking web applications", ar: "مهاجمة تطبيقات الويب" }, durationMinutes: 31 },
      {
        title: { en: "Writing the penetration test report", ar: "كتابة تقرير اختبار الاختراق" },
        durationMinutes: 19,
      },
    ],
  },

  // ── Mobile development ───────────────────────────────────────────────────
  {
    slug: "flutter-cross-platform-apps",
    category: "mobile-development",
    price: 5500,
    instructor: "trainer",
    title: {
      en: "Flutter: Build Cross-Platform Mobile Apps",
      ar: "Flutter: ابنِ تطبيقات جوّال متعددة المنصات",
    },
    description: {
      en: "Write one codebase and ship native-feeling apps to Android and iOS. You will build a food-delivery app with Flutter and Dart, covering widgets, navigation and state management with Riverpod. The course also covers REST integration and publishing to both app stores.",
      ar: "اكتب شيفرة واحدة وأطلق تطبيقات تبدو أصلية على Android وiOS. ستبني تطبيقًا لتوصيل الطعام باستخدام Flutter ولغة Dart، مع تغطية عناصر الواجهة والتنقّل وإدارة الحالة باستخدام Riverpod. كما تتناول الدورة التكامل مع واجهات REST والنشر في متجرَي التطبيقات.",
    },
    image: "/images/courses/flutter-cross-platform-apps.jpg",
    lessons: [
      { title: { en: "Dart essentials", ar: "أساسيات لغة Dart" }, durationMinutes: 28 },
      { title: { en: "Widgets and layout", ar: "عناصر الواجهة والتخطيط" }, durationMinutes: 24 },
      { title: { en: "Navigation and routing", ar: "التنقّل والمسارات" }, durationMinutes: 16 },
      {
        title: { en: "State management with Riverpod", ar: "إدارة الحالة باستخدام Riverpod" },
        durationMinutes: 30,
      },
      { title: { en: "Talking to a REST API", ar: "التواصل مع واجهة REST برمجية" }, durationMinutes: 22 },
      {
        title: { en: "Local storage and offline mode", ar: "التخزين المحلي والعمل دون اتصال" },
        durationMinutes: 19,
      },
      {
        title: { en: "Publishing to Google Play and the App Store", ar: "النشر على Google Play وApp Store" },
        durationMinutes: 17,
      },
    ],
  },
  {
    slug: "react-native-essentials",
    category: "mobile-development",
    price: 4500,
    instructor: "trainer",
    title: { en: "React Native Essentials", ar: "أساسيات React Native" },
    description: {
      en: "Use your React skills to build real mobile apps. This course covers core components, styling, navigation and device APIs such as the camera and location. You will use Expo to test every change on your own phone within minutes.",
      ar: "وظّف مهاراتك في React لبناء تطبيقات جوّال حقيقية. تغطي هذه الدورة المكوّنات الأساسية والتنسيق والتنقّل وواجهات الجهاز البرمجية مثل الكاميرا وتحديد الموقع. وستستخدم Expo لتجربة كل تعديل على هاتفك خلال دقائق.",
    },
    image: "/images/courses/react-native-essentials.jpg",
    lessons: [
      { title: { en: "Getting started with Expo", ar: "البدء مع Expo" }, durationMinutes: 10 },
      { title: { en: "Core components and styling", ar: "المكوّنات الأساسية والتنسيق" }, durationMinutes: 21 },
      { title: { en: "Navigation between screens", ar: "التنقّل بين الشاشات" }, durationMinutes: 18 },
      {
        title: { en: "Camera, location and permissions", ar: "الكاميرا والموقع والأذونات" },
        durationMinutes: 25,
      },
      { title: { en: "Building and releasing your app", ar: "بناء تطبيقك وإصداره" }, durationMinutes: 20 },
    ],
  },
  {
    slug: "ios-development-with-swiftui",
    category: "mobile-development",
    price: 7500,
    instructor: "trainer",
    title: { en: "iOS App Development with SwiftUI", ar: "تطوير تطبيقات iOS باستخدام SwiftUI" },
    description: {
      en: "Learn Swift and SwiftUI by building a habit-tracking app for iPhone. You will design declarative interfaces, manage data with SwiftData, and add notifications and home-screen widgets. The last lesson prepares your app for App Store review.",
      ar: "تعلّم Swift وSwiftUI من خلال بناء تطبيق لتتبّع العادات على iPhone. ستصمّم واجهات تصريحية، وتدير البيانات باستخدام SwiftData، وتضيف الإشعارات والأدوات المصغّرة للشاشة الرئيسية. ويجهّز الدرس الأخير تطبيقك لمراجعة App Store.",
    },
    image: "/images/courses/ios-development-with-swiftui.jpg",
    lessons: [
      { title: { en: "Swift language basics", ar: "أساسيات لغة Swift" }, durationMinutes: 26 },
      {
        title: { en: "Declarative UI with SwiftUI", ar: "الواجهات التصريحية باستخدام SwiftUI" },
        durationMinutes: 23,
      },
      { title: { en: "State and data flow", ar: "الحالة وتدفّق البيانات" }, durationMinutes: 20 },
      {
        title: { en: "Persisting data with SwiftData", ar: "حفظ البيانات باستخدام SwiftData" },
        durationMinutes: 24,
      },
      { title: { en: "Notifications and widgets", ar: "الإشعارات والأدوات المصغّرة" }, durationMinutes: 18 },
      {
        title: { en: "Preparing for App Store review", ar: "التحضير لمراجعة App Store" },
        durationMinutes: 12,
      },
    ],
  },

  // ── Game development ─────────────────────────────────────────────────────
  {
    slug: "2d-game-development-with-unity",
    category: "game-development",
    price: 3500,
    instructor: "trainer",
    title: { en: "2D Game Development with Unity", ar: "تطوير الألعاب ثنائية الأبعاد باستخدام Unity" },
    description: {
      en: "Create a complete 2D platformer in Unity with C#. You will handle sprites, physics and player input, design levels with tilemaps, and add sound and menus. At the end you will export a playable build you can share with friends.",
      ar: "أنشئ لعبة منصّات ثنائية الأبعاد كاملة في Unity بلغة C#. ستتعامل مع الرسوم المتحركة (Sprites) والفيزياء ومدخلات اللاعب، وتصمّم المراحل باستخدام خرائط البلاطات، وتضيف الأصوات والقوائم. وفي النهاية ستصدّر نسخة قابلة للعب يمكنك مشاركتها مع أصدقائك.",
    },
    image: "/images/courses/2d-game-development-with-unity.jpg",
    lessons: [
      { title: { en: "A tour of the Unity editor", ar: "جولة في محرّر Unity" }, durationMinutes: 12 },
      { title: { en: "C# scripting for games", ar: "برمجة الألعاب بلغة C#" }, durationMinutes: 27 },
      { title: { en: "Player movement and physics", ar: "حركة اللاعب والفيزياء" }, durationMinutes: 25 },
      {
        title: { en: "Building levels with tilemaps", ar: "بناء المراحل باستخدام خرائط البلاطات" },
        durationMinutes: 22,
      },
      {
        title: { en: "Enemies, collectibles and score", ar: "الأعداء والمقتنيات والنقاط" },
        durationMinutes: 29,
      },
      { title: { en: "Sound, menus and exporting", ar: "الأصوات والقوائم والتصدير" }, durationMinutes: 18 },
    ],
  },
  {
    slug: "make-your-first-game-with-godot",
    category: "game-development",
    price: 999,
    instructor: "trainer",
    title: { en: "Make Your First Game with Godot", ar: "اصنع لعبتك الأولى باستخدام Godot" },
    description: {
      en: "Godot is a free, open-source engine that is light enough for any laptop. In four compact lessons you will learn scenes, nodes and GDScript. You will finish with a small arcade game built from a blank project.",
      ar: "Godot محرّك ألعاب مجاني ومفتوح المصدر، وخفيف بما يكفي ليعمل على أي حاسوب محمول. في أربعة دروس مركّزة ستتعلم المشاهد والعُقد ولغة GDScript. وستنتهي بلعبة أركيد صغيرة تبنيها انطلاقًا من مشروع فارغ.",
    },
    image: "/images/courses/make-your-first-game-with-godot.jpg",
    lessons: [
      { title: { en: "Scenes and nodes", ar: "المشاهد والعُقد" }, durationMinutes: 14 },
      { title: { en: "GDScript basics", ar: "أساسيات لغة GDScript" }, durationMinutes: 20 },
      { title: { en: "Collisions and signals", ar: "التصادمات والإشارات" }, durationMinutes: 18 },
      { title: { en: "Polishing and exporting your game", ar: "تحسين لعبتك وتصديرها" }, durationMinutes: 15 },
    ],
  },
  {
    slug: "game-design-fundamentals",
    category: "game-development",
    price: 2499,
    instructor: "admin",
    title: { en: "Game Design Fundamentals", ar: "أساسيات تصميم الألعاب" },
    description: {
      en: "Great games are designed before they are coded. This course explores core loops, mechanics, difficulty curves and level design. It also teaches you to run playtests that reveal what players really feel.",
      ar: "تُصمَّم الألعاب الرائعة قبل أن تُبرمَج. تستكشف هذه الدورة حلقات اللعب الأساسية والآليات ومنحنيات الصعوبة وتصميم المراحل. كما تعلّمك كيف تُجري اختبارات لعب تكشف ما يشعر به اللاعبون حقًا.",
    },
    image: "/images/courses/game-design-fundamentals.jpg",
    lessons: [
      { title: { en: "What makes a game fun", ar: "ما الذي يجعل اللعبة ممتعة" }, durationMinutes: 11 },
      { title: { en: "Core loops and mechanics", ar: "حلقات اللعب الأساسية والآليات" }, durationMinutes: 19 },
      { title: { en: "Difficulty curves and balance", ar: "منحنيات الصعوبة والتوازن" }, durationMinutes: 17 },
      { title: { en: "Level design principles", ar: "مبادئ تصميم المراحل" }, durationMinutes: 23 },
      { title: { en: "Running a playtest", ar: "إجراء اختبار اللعب" }, durationMinutes: 15 },
    ],
  },

  // ── Software engineering ─────────────────────────────────────────────────
  {
    slug: "git-and-github-for-teams",
    category: "software-engineering",
    price: 0,
    instructor: "trainer",
    title: { en: "Git and GitHub for Teams", ar: "Git وGitHub لفرق العمل" },
    description: {
      en: "Version control is the first habit of every professional developer. This free course covers commits, branches, merging and resolving conflicts. It then shows how teams collaborate through pull requests and code review on GitHub.",
      ar: "التحكم في الإصدارات هو أول عادة يكتسبها كل مطوّر محترف. تغطي هذه الدورة المجانية الإيداعات والفروع والدمج وحلّ التعارضات. ثم توضّح كيف تتعاون الفرق عبر طلبات السحب ومراجعة الشيفرة على GitHub.",
    },
    image: "/images/courses/git-and-github-for-teams.jpg",
    lessons: [
      { title: { en: "Commits and history", ar: "الإيداعات وسجلّ التغييرات" }, durationMinutes: 15 },
      { title: { en: "Branching and merging", ar: "التفرّع والدمج" }, durationMinutes: 20 },
      { title: { en: "Resolving merge conflicts", ar: "حلّ تعارضات الدمج" }, durationMinutes: 14 },
      {
        title: { en: "Pull requests and code review", ar: "طلبات السحب ومراجعة الشيفرة" },
        durationMinutes: 18,
      },
    ],
  },
  {
    slug: "clean-code-and-refactoring",
    category: "software-engineering",
    price: 2900,
    instructor: "trainer",
    title: { en: "Clean Code and Refactoring", ar: "الشيفرة النظيفة وإعادة الهيكلة" },
    description: {
      en: "Write code that your teammates, and your future self, can read and change safely. Through before-and-after examples you will practise naming, small functions and removing duplication. You will then refactor a legacy module under the protection of tests.",
      ar: "اكتب شيفرة يستطيع زملاؤك، وأنت نفسك مستقبلًا، قراءتها وتعديلها بأمان. ستتدرّب، عبر أمثلة تقارن الشيفرة قبل التحسين وبعده، على التسمية الجيدة وكتابة دوال صغيرة وإزالة التكرار. ثم تعيد هيكلة وحدة برمجية قديمة في حماية الاختبارات.",
    },
    image: "/images/courses/clean-code-and-refactoring.jpg",
    lessons: [
      { title: { en: "Names that explain themselves", ar: "أسماء تشرح نفسها" }, durationMinutes: 12 },
      { title: { en: "Small functions, single purpose", ar: "دوال صغيرة بغرض واحد" }, durationMinutes: 17 },
      {
        title: { en: "Code smells and how to spot them", ar: "روائح الشيفرة وكيف تكتشفها" },
        durationMinutes: 21,
      },
      {
        title: { en: "Refactoring safely with tests", ar: "إعادة الهيكلة بأمان مع الاختبارات" },
        durationMinutes: 26,
      },
      { title: { en: "Taming legacy code", ar: "ترويض الشيفرة القديمة" }, durationMinutes: 24 },
    ],
  },
  {
    slug: "software-architecture-patterns-and-trade-offs",
    category: "software-engineering",
    price: 11900,
    instructor: "admin",
    title: {
      en: "Software Architecture: Patterns and Trade-offs",
      ar: "معمارية البرمجيات: الأنماط والمفاضلات",
    },
    description: {
      en: "Every architecture decision is a trade-off. Compare monoliths, modular monoliths, microservices and event-driven systems, and learn to record decisions with ADRs. You will practise by designing systems for real business scenarios.",
      ar: "كل قرار معماري هو مفاضلة بين خيارات. قارن بين التطبيقات الأحادية والأحادية المعيارية والخدمات المصغّرة والأنظمة القائمة على الأحداث، وتعلّم توثيق القرارات في سجلات القرارات المعمارية (ADR). وستتدرّب بتصميم أنظمة لسيناريوهات أعمال حقيقية.",
    },
    image: "/images/courses/software-architecture-patterns-and-trade-offs.jpg",
    lessons: [
      { title: { en: "What architecture is for", ar: "ما الغاية من المعمارية" }, durationMinutes: 13 },
      {
        title: { en: "Monoliths and modular monoliths", ar: "التطبيقات الأحادية والأحادية المعيارية" },
        durationMinutes: 22,
      },
      {
        title: { en: "Microservices: costs and benefits", ar: "الخدمات المصغّرة: التكاليف والفوائد" },
        durationMinutes: 27,
      },
      {
        title: { en: "Event-driven architecture", ar: "المعمارية القائمة على الأحداث" },
        durationMinutes: 25,
      },
      {
        title: { en: "Recording decisions with ADRs", ar: "توثيق القرارات بسجلات ADR" },
        durationMinutes: 11,
      },
      {
        title: { en: "Case study: scaling an online marketplace", ar: "دراسة حالة: توسيع سوق إلكتروني" },
        durationMinutes: 35,
      },
    ],
  },
  // ── A draft, so the demo trainer's studio shows one in progress ─────────────────────────────────
  {
    slug: "testing-web-apps-end-to-end",
    category: "web-development",
    price: 3900,
    instructor: "trainer",
    draft: true,
    title: { en: "Testing Web Apps End to End", ar: "اختبار تطبيقات الويب من البداية إلى النهاية" },
    description: {
      en: "Write **end-to-end tests** that catch real bugs without slowing your team down:\n\n- choose what to test in the browser and what below it\n- keep tests fast and independent\n- run them in CI on every change",
      ar: "اكتب **اختبارات شاملة** تكشف الأخطاء الحقيقية دون أن تُبطئ فريقك:\n\n- اختر ما تختبره في المتصفح وما تختبره تحته\n- اجعل الاختبارات سريعة ومستقلة\n- شغّلها في التكامل المستمر مع كل تغيير",
    },
    image: "/images/courses/testing-web-apps-end-to-end.jpg",
    lessons: [
      {
        title: { en: "What an end-to-end test is for", ar: "الغاية من الاختبار الشامل" },
        durationMinutes: 12,
      },
      { title: { en: "Your first browser test", ar: "أول اختبار في المتصفح" }, durationMinutes: 20 },
      {
        title: { en: "Tests in continuous integration", ar: "الاختبارات في التكامل المستمر" },
        durationMinutes: 18,
      },
    ],
  },
];
