// Demo blog posts for the seed: six bilingual articles on digital marketing and learning tech skills.
import type { SeedBlogPost } from "./types";

export const seedBlogPosts: SeedBlogPost[] = [
  {
    slug: "seo-for-arabic-websites",
    title: {
      en: "SEO for Arabic Websites: What Actually Works",
      ar: "تحسين محركات البحث للمواقع العربية: ما الذي ينجح فعلًا",
    },
    excerpt: {
      en: "Ranking in Arabic is not just a matter of translating your English pages. Here is how to research Arabic keywords, set up bilingual pages correctly and measure what matters.",
      ar: "التصدّر في نتائج البحث العربية لا يقتصر على ترجمة صفحاتك الإنجليزية. إليك كيف تبحث عن الكلمات المفتاحية العربية، وتُعِدّ الصفحات ثنائية اللغة إعدادًا صحيحًا، وتقيس ما يهمّ فعلًا.",
    },
    body: {
      en: [
        "Arabic is spoken by more than 400 million people, yet Arabic content still makes up a small share of the web. For businesses in the region that gap is an opportunity: a well-optimized Arabic page often competes against far fewer serious rivals than its English equivalent. But ranking in Arabic is not simply a matter of translating your English pages and waiting. Search behaviour, spelling and even the way people type their queries are different, and your site needs to reflect that.",
        "Start with keyword research in Arabic, not with translation. People search for the same thing in many forms: with and without the definite article, with different spellings of hamza and taa marbuta, and often in dialect rather than Modern Standard Arabic. A user in Riyadh and a user in Cairo may describe the same product with different words. Use your Search Console data, autocomplete suggestions and conversations with your customer service team to collect the phrases your audience really uses, then group them by search intent.",
        "Get the technical foundations right. Every Arabic page should declare its language and its right-to-left direction in the HTML through the lang and dir attributes, and bilingual sites should connect each page to its translation with hreflang tags so that search engines show the right version to the right user. Keep URLs readable: a short Latin slug is usually safer to share than a long percent-encoded Arabic one. And make sure your Arabic pages are not hidden behind a language switcher that relies on cookies or JavaScript, because crawlers may never reach them.",
        "Write for people first. Machine-translated pages are easy to spot, both for readers and for search engines, and they rarely earn links or shares. Invest in native Arabic writers who understand your industry, use clear subheadings, and answer the real question in the first paragraph. Local examples, prices in local currency and references to regional events make a page feel trustworthy and keep visitors reading for longer.",
        "Links and mentions still matter, and the regional web offers plenty of them. List your business in reputable local directories and on Google Business Profile with a consistent Arabic name and address, contribute expert commentary to Arabic news sites and industry blogs, and partner with universities or associations on events. A handful of relevant Arabic links often moves rankings more than dozens of generic ones.",
        "Finally, measure Arabic performance separately. Segment your analytics by language and country, track rankings for your Arabic keyword groups, and review which pages bring real conversions rather than just visits. In our client work, sites that treated Arabic as a first-class market rather than an afterthought typically doubled their organic traffic within a year. The effort is real, but so is the reward.",
      ],
      ar: [
        "يتحدث العربية أكثر من 400 مليون شخص، ومع ذلك لا يزال المحتوى العربي يشكّل حصة صغيرة من الويب. وهذه الفجوة فرصة حقيقية للشركات في المنطقة، إذ كثيرًا ما تنافس الصفحة العربية المُحسَّنة جيدًا عددًا أقل بكثير من المنافسين الجادّين مقارنةً بنظيرتها الإنجليزية. لكن التصدّر في نتائج البحث العربية لا يعني مجرد ترجمة صفحاتك الإنجليزية ثم الانتظار؛ فسلوك البحث والإملاء، بل حتى طريقة كتابة الناس لاستعلاماتهم، كلها مختلفة، ويجب أن يعكس موقعك ذلك.",
        "ابدأ بالبحث عن الكلمات المفتاحية بالعربية، لا بترجمتها. فالناس يبحثون عن الشيء نفسه بصيغ كثيرة: مع «أل» التعريف ومن دونها، وبطرق مختلفة لكتابة الهمزة والتاء المربوطة، وكثيرًا ما يستخدمون اللهجة بدلًا من الفصحى المعاصرة. وقد يصف مستخدم في الرياض وآخر في القاهرة المنتج نفسه بكلمات مختلفة. استعن ببيانات Search Console واقتراحات الإكمال التلقائي وأحاديث فريق خدمة العملاء لجمع العبارات التي يستخدمها جمهورك فعلًا، ثم صنّفها بحسب نية البحث.",
        "أحكِم الأسس التقنية. يجب أن تعلن كل صفحة عربية عن لغتها واتجاه كتابتها من اليمين إلى اليسار في شيفرة HTML عبر السمتين lang وdir، كما ينبغي للمواقع ثنائية اللغة أن تربط كل صفحة بترجمتها عبر وسوم hreflang، لكي تعرض محركات البحث النسخة المناسبة للمستخدم المناسب. واحرص على أن تكون الروابط مقروءة: فالمعرّف اللاتيني القصير أسلم عادةً عند المشاركة من رابط عربي طويل مُرمَّز بعلامات النسبة المئوية. وتأكد كذلك من ألا تكون صفحاتك العربية مخفية خلف أداة لتبديل اللغة تعتمد على ملفات تعريف الارتباط أو JavaScript، لأن برامج الزحف قد لا تصل إليها أبدًا.",
        "اكتب للناس أولًا. فالصفحات المترجمة آليًا يسهل تمييزها، سواء على القرّاء أو على محركات البحث، ونادرًا ما تكسب روابط أو مشاركات. استثمر في كتّاب لغتهم الأم العربية ويفهمون مجال عملك، واستخدم عناوين فرعية واضحة، وأجب عن السؤال الحقيقي في الفقرة الأولى. فالأمثلة المحلية والأسعار بالعملة المحلية والإشارات إلى المناسبات الإقليمية تمنح الصفحة مصداقية وتُبقي الزوار يقرؤون مدة أطول.",
        "لا تزال الروابط والإشارات مهمة، والويب العربي في المنطقة يوفّر منها الكثير. أدرِج نشاطك التجاري في الأدلة المحلية الموثوقة وفي ملف النشاط التجاري على Google باسم وعنوان عربيين موحّدين، وقدّم تعليقات الخبراء لمواقع الأخبار العربية والمدونات المتخصصة، وتعاون مع الجامعات أو الجمعيات في تنظيم الفعاليات. فحفنة من الروابط العربية ذات الصلة كثيرًا ما تحرّك الترتيب أكثر من عشرات الروابط العامة.",
        "وأخيرًا، قِس أداء المحتوى العربي بشكل مستقل. قسّم بيانات التحليلات حسب اللغة والدولة، وتابع ترتيب مجموعات كلماتك المفتاحية العربية، وراجع الصفحات التي تجلب تحويلات فعلية لا مجرد زيارات. وفي عملنا مع العملاء، ضاعفت المواقع التي تعاملت مع العربية بوصفها سوقًا رئيسية لا أمرًا ثانويًا زياراتها العضوية خلال عام واحد في الغالب. الجهد المطلوب حقيقي، لكن العائد حقيقي أيضًا.",
      ],
    },
    author: { en: "Layla Haddad", ar: "ليلى حداد" },
    cover: "/images/blog/seo-for-arabic-websites.jpg",
    publishedAt: "2026-05-12",
  },
  {
    slug: "building-a-content-calendar",
    title: {
      en: "How to Build a Content Calendar Your Team Will Actually Use",
      ar: "كيف تبني تقويم محتوى يلتزم به فريقك فعلًا",
    },
    excerpt: {
      en: "Most content calendars are abandoned within a month. Here is a simple, realistic system for planning posts, articles and campaigns around your goals and your team's real capacity.",
      ar: "تُهجَر معظم تقاويم المحتوى خلال شهر واحد. إليك نظامًا بسيطًا وواقعيًا لتخطيط المنشورات والمقالات والحملات وفق أهدافك وقدرة فريقك الفعلية.",
    },
    body: {
      en: [
        "Every marketing team has tried a content calendar at least once. It usually starts as an ambitious spreadsheet with a post for every day of the month, and by the third week half of the cells are empty. The problem is rarely discipline. Most calendars fail because they are built around wishful output instead of clear goals and the time people really have.",
        "Begin with three to five content pillars: the recurring themes that connect what your audience cares about with what you sell. A coding school, for example, might choose career advice, beginner tutorials, student success stories and industry news. Pillars make planning faster, because every new idea either fits one of them or does not belong in the calendar at all.",
        "Next, plan backwards from your key dates. In our region that means Ramadan, Eid, the back-to-school season, national days and major sales such as White Friday. Mark these first, decide which campaigns they need and how many weeks of preparation each one takes, and only then fill the remaining weeks with evergreen pieces from your pillars.",
        "Be honest about capacity. Count how many hours each person can spend on content per week and estimate what each format costs: a short social post might take thirty minutes, a long article a full day, a video several days. It is far better to publish two strong pieces a week consistently than seven rushed ones for a fortnight followed by silence. Give every item an owner, a deadline for the draft and a separate deadline for review.",
        "Finally, review the calendar every month. Look at what performed well, what was skipped and why, and adjust the next month accordingly. The tool matters less than the ritual: a shared spreadsheet, a Trello board or a project-management app all work, as long as the team meets for thirty minutes to plan together and everyone can see what is coming next.",
      ],
      ar: [
        "جرّب كل فريق تسويق تقويم المحتوى مرة واحدة على الأقل. وعادةً ما يبدأ الأمر بجدول بيانات طموح فيه منشور لكل يوم من أيام الشهر، وبحلول الأسبوع الثالث تكون نصف خاناته فارغة. ونادرًا ما تكون المشكلة في الانضباط؛ فمعظم التقاويم تفشل لأنها تُبنى على إنتاج مأمول بدلًا من أهداف واضحة والوقت المتاح فعلًا لدى أفراد الفريق.",
        "ابدأ بثلاث إلى خمس ركائز للمحتوى، وهي الموضوعات المتكررة التي تربط بين ما يهتم به جمهورك وما تبيعه. فقد تختار مدرسة لتعليم البرمجة مثلًا: النصائح المهنية، والدروس التعليمية للمبتدئين، وقصص نجاح الطلاب، وأخبار القطاع. وتجعل هذه الركائز التخطيط أسرع، لأن كل فكرة جديدة إما أن تندرج تحت إحداها وإما ألا يكون لها مكان في التقويم أصلًا.",
        "بعد ذلك، خطّط انطلاقًا من تواريخك الرئيسية رجوعًا إلى الوراء. وفي منطقتنا يعني ذلك شهر رمضان والأعياد وموسم العودة إلى المدارس والأيام الوطنية ومواسم التخفيضات الكبرى مثل «الجمعة البيضاء». حدّد هذه التواريخ أولًا، وقرّر الحملات التي تحتاج إليها وعدد أسابيع التحضير لكل منها، ثم املأ الأسابيع المتبقية بمحتوى دائم الصلاحية من ركائزك.",
        "كن صريحًا بشأن القدرة الفعلية. احسب عدد الساعات التي يستطيع كل فرد تخصيصها للمحتوى أسبوعيًا، وقدّر كلفة كل صيغة: فقد يستغرق منشور قصير على وسائل التواصل نصف ساعة، ومقال طويل يومًا كاملًا، ومقطع فيديو عدة أيام. ونشر قطعتين قويتين أسبوعيًا بانتظام أفضل بكثير من نشر سبع قطع متعجّلة لمدة أسبوعين يعقبها صمت. وحدّد لكل عنصر مسؤولًا عنه، وموعدًا نهائيًا للمسودة، وموعدًا مستقلًا للمراجعة.",
        "وأخيرًا، راجع التقويم كل شهر. انظر إلى ما حقق أداءً جيدًا، وما تم تجاوزه ولماذا، ثم عدّل خطة الشهر التالي على هذا الأساس. والأداة أقل أهمية من العادة نفسها: فجدول بيانات مشترك أو لوحة Trello أو تطبيق لإدارة المشاريع، كلها تؤدي الغرض، ما دام الفريق يجتمع ثلاثين دقيقة للتخطيط معًا ويستطيع الجميع رؤية ما هو قادم.",
      ],
    },
    author: { en: "Rania Saleh", ar: "رانيا صالح" },
    cover: "/images/blog/building-a-content-calendar.jpg",
    publishedAt: "2026-06-23",
  },
  {
    slug: "choosing-your-first-programming-language",
    title: {
      en: "How to Pick Your First Programming Language",
      ar: "كيف تختار لغة البرمجة الأولى",
    },
    excerpt: {
      en: "Python, JavaScript or something else? The right first language depends less on rankings and more on what you want to build. Here is how to decide in a single sitting.",
      ar: "Python أم JavaScript أم غيرهما؟ يعتمد اختيار لغتك الأولى على ما تريد بناءه أكثر من اعتماده على قوائم التصنيف. إليك كيف تحسم قرارك في جلسة واحدة.",
    },
    body: {
      en: [
        "“Which language should I learn first?” is the question we hear most often from new students, and it is also the one that keeps many people from starting at all. They spend weeks reading comparisons and watching debates instead of writing their first line of code. The good news is that the choice matters less than it seems: the core ideas of programming, such as variables, conditions, loops and functions, carry over from one language to the next.",
        "The most useful way to decide is to start from what you want to build. If you dream of websites and interactive interfaces, start with JavaScript, because it runs in every browser and you will see results immediately. If you are drawn to data analysis, automation or artificial intelligence, Python is the natural choice thanks to its readable syntax and huge ecosystem of libraries. If mobile apps excite you, Kotlin for Android or Swift for iPhone will keep you close to the platforms you care about.",
        "Consider the job market where you live as well. Read twenty recent job listings in your city, or in the remote roles you are aiming for, and note which languages appear again and again. In much of the Gulf and the Levant, JavaScript and Python dominate entry-level listings, while Java and C# remain strong in banking and government projects. This quick exercise is more reliable than any global popularity ranking.",
        "Whatever you pick, commit to it for at least three months. Switching languages every few weeks feels productive, but it keeps you at the beginner stage forever. Instead, go deep enough to build two or three small projects of your own: a personal page, a script that renames your photos, a simple expense tracker. Finishing projects teaches you debugging, reading documentation and searching for answers, and those skills matter far more than syntax.",
        "Your second language will take a fraction of the time your first one did. Once you understand how programs are structured, learning another language is mostly a matter of new vocabulary and a few new ideas. So pick the language that matches your goal, start today, and let your projects, not endless comparisons, guide what you learn next.",
      ],
      ar: [
        "«بأي لغة أبدأ؟» هو السؤال الذي نسمعه أكثر من غيره من الطلاب الجدد، وهو أيضًا السؤال الذي يمنع كثيرين من البدء أصلًا. فهم يقضون أسابيع في قراءة المقارنات ومتابعة النقاشات بدلًا من كتابة أول سطر من الشيفرة. والخبر السار أن هذا الاختيار أقل أهمية مما يبدو: فالأفكار الجوهرية في البرمجة، كالمتغيرات والشروط والحلقات والدوال، تنتقل معك من لغة إلى أخرى.",
        "أنفع طريقة لاتخاذ القرار هي أن تنطلق مما تريد بناءه. فإن كنت تحلم بمواقع الويب والواجهات التفاعلية فابدأ بلغة JavaScript، لأنها تعمل في كل متصفح وسترى النتائج فورًا. وإن كنت تميل إلى تحليل البيانات أو الأتمتة أو الذكاء الاصطناعي، فإن Python هي الخيار الطبيعي بفضل صياغتها المقروءة ومنظومة مكتباتها الضخمة. أما إن كانت تطبيقات الجوّال تستهويك، فستُبقيك Kotlin لنظام Android أو Swift لأجهزة iPhone قريبًا من المنصات التي تهمّك.",
        "ضع في حسبانك أيضًا سوق العمل حيث تعيش. اطّلع على عشرين إعلان وظيفة حديثًا في مدينتك، أو في الوظائف عن بُعد التي تطمح إليها، ودوّن اللغات التي تتكرر مرة بعد أخرى. ففي معظم دول الخليج وبلاد الشام تهيمن JavaScript وPython على إعلانات الوظائف للمبتدئين، بينما تحافظ Java وC# على حضور قوي في المشاريع المصرفية والحكومية. وهذا التمرين السريع أكثر موثوقية من أي تصنيف عالمي لشعبية اللغات.",
        "أيًّا كان اختيارك، التزم به ثلاثة أشهر على الأقل. فتبديل اللغة كل بضعة أسابيع يوحي بالإنجاز، لكنه يُبقيك في مرحلة المبتدئ إلى الأبد. بدلًا من ذلك، تعمّق بما يكفي لبناء مشروعين أو ثلاثة مشاريع صغيرة خاصة بك: صفحة شخصية، أو برنامج نصي يعيد تسمية صورك، أو أداة بسيطة لتتبّع المصروفات. فإنجاز المشاريع يعلّمك تتبّع الأخطاء وقراءة التوثيق والبحث عن الإجابات، وهذه المهارات أهم بكثير من قواعد الصياغة.",
        "ستستغرق لغتك الثانية جزءًا يسيرًا من الوقت الذي استغرقته الأولى. فحين تفهم طريقة بناء البرامج، يصبح تعلّم لغة أخرى في الغالب مسألة مفردات جديدة وبضع أفكار مستحدثة. لذا اختر اللغة التي تلائم هدفك، وابدأ اليوم، ودع مشاريعك، لا المقارنات التي لا تنتهي، ترشدك إلى ما تتعلمه بعد ذلك.",
      ],
    },
    author: { en: "Omar Khalil", ar: "عمر خليل" },
    cover: "/images/blog/choosing-your-first-programming-language.jpg",
    publishedAt: "2026-07-30",
  },
  {
    slug: "measuring-ad-campaign-roi",
    title: {
      en: "Measuring the ROI of Your Ad Campaigns Without Fooling Yourself",
      ar: "كيف تقيس العائد على الاستثمار في حملاتك الإعلانية دون أن تخدع نفسك",
    },
    excerpt: {
      en: "Clicks and impressions feel like progress, but they do not pay salaries. Learn how to connect ad spend to revenue, choose an attribution model and calculate a return you can defend.",
      ar: "قد توحي النقرات ومرات الظهور بالتقدّم، لكنها لا تدفع الرواتب. تعرّف على كيفية ربط الإنفاق الإعلاني بالإيرادات، واختيار نموذج الإسناد، وحساب عائد يمكنك الدفاع عنه.",
    },
    body: {
      en: [
        "Ad platforms are generous with numbers. Every dashboard will show you impressions, reach, click-through rates and a long list of conversions. Yet when the finance team asks a simple question, how much revenue did we earn for every riyal we spent, many marketers struggle to answer. Return on investment is the number that decides whether a campaign grows or gets cut, so it deserves careful measurement.",
        "Start by tracking the right events. Install the platforms' pixels and server-side conversion APIs, but also make sure your own analytics records real business outcomes: completed purchases with their value, qualified leads, booked consultations. Tag every ad link with consistent UTM parameters so that you can see campaign, ad set and creative in your own reports instead of relying only on what each platform says about itself.",
        "The basic formula is simple: ROI equals the revenue attributed to a campaign minus its total cost, divided by that cost. The difficult part is the word total. Include media spend, agency or freelancer fees, design and video production, and the discounts you offered in the ads. A campaign that shows a 300% return on media spend alone can drop to 80% once every cost is counted. That is still good, but it changes how far you should scale it.",
        "Attribution is where most disagreements happen. A customer may see an Instagram ad, search for your brand a week later and finally buy after an email reminder. Last-click attribution gives all the credit to the email, while platform reports often give it to the ad. Choose one model for decision-making, such as data-driven or position-based attribution in your analytics tool, and apply it consistently. When the budget is large enough, run holdout tests that switch ads off in one region to measure truly incremental sales.",
        "Finally, look beyond the first purchase. For subscriptions, courses and other repeat-purchase businesses, the lifetime value of a customer can be three or four times their first order. Compare customer acquisition cost with lifetime value rather than with a single basket, review the numbers monthly, and share them with the whole team. When everyone understands what a customer is worth, budget conversations become much easier.",
      ],
      ar: [
        "منصات الإعلانات سخية بالأرقام؛ فكل لوحة معلومات ستعرض لك مرات الظهور ومدى الوصول ونسب النقر وقائمة طويلة من التحويلات. ومع ذلك، حين يطرح الفريق المالي سؤالًا بسيطًا: كم حققنا من الإيرادات مقابل كل ريال أنفقناه؟ يجد كثير من المسوّقين صعوبة في الإجابة. والعائد على الاستثمار هو الرقم الذي يقرر ما إذا كانت الحملة ستتوسع أو ستُلغى، ولذلك يستحق قياسًا دقيقًا.",
        "ابدأ بتتبّع الأحداث الصحيحة. ثبّت وحدات البكسل الخاصة بالمنصات وواجهات التحويل من جهة الخادم، لكن تأكد أيضًا من أن أداة التحليلات الخاصة بك تسجّل نتائج الأعمال الحقيقية: عمليات الشراء المكتملة وقيمتها، والعملاء المحتملين المؤهَّلين، والاستشارات المحجوزة. وأضف معاملات UTM موحَّدة إلى كل رابط إعلاني لترى الحملة والمجموعة الإعلانية والتصميم الإعلاني في تقاريرك أنت، بدلًا من الاكتفاء بما تقوله كل منصة عن نفسها.",
        "المعادلة الأساسية بسيطة: العائد على الاستثمار يساوي الإيرادات المنسوبة إلى الحملة مطروحًا منها تكلفتها الإجمالية، مقسومًا على تلك التكلفة. والجزء الصعب هو كلمة «الإجمالية». أدرِج الإنفاق الإعلاني، وأتعاب الوكالة أو المستقلين، وتكاليف التصميم وإنتاج الفيديو، والخصومات التي قدّمتها في الإعلانات. فالحملة التي تُظهر عائدًا بنسبة 300% قياسًا على الإنفاق الإعلاني وحده قد ينخفض عائدها إلى 80% بعد احتساب كل التكاليف. وهذا لا يزال جيدًا، لكنه يغيّر المدى الذي ينبغي أن توسّعها إليه.",
        "الإسناد هو الموضع الذي تقع فيه معظم الخلافات. فقد يشاهد العميل إعلانًا على Instagram، ثم يبحث عن علامتك التجارية بعد أسبوع، ويشتري أخيرًا بعد رسالة تذكير بالبريد الإلكتروني. ونموذج إسناد النقرة الأخيرة يمنح الفضل كله للبريد الإلكتروني، بينما كثيرًا ما تنسبه تقارير المنصات إلى الإعلان. اختر نموذجًا واحدًا لاتخاذ القرارات، مثل الإسناد المعتمد على البيانات أو الإسناد حسب الموضع في أداة التحليلات لديك، وطبّقه باتساق. وحين تكون الميزانية كبيرة بما يكفي، أجرِ اختبارات استبعاد توقف الإعلانات في منطقة واحدة لقياس المبيعات الإضافية الحقيقية.",
        "وأخيرًا، انظر إلى ما هو أبعد من عملية الشراء الأولى. ففي الاشتراكات والدورات التدريبية وغيرها من الأعمال القائمة على الشراء المتكرر، قد تبلغ القيمة الدائمة للعميل ثلاثة أضعاف طلبه الأول أو أربعة أضعافه. قارن تكلفة اكتساب العميل بقيمته الدائمة بدلًا من قيمة سلة شراء واحدة، وراجع الأرقام شهريًا، وشاركها مع الفريق بأكمله. فحين يدرك الجميع قيمة العميل، تصبح النقاشات حول الميزانية أسهل بكثير.",
      ],
    },
    author: { en: "Karim Mansour", ar: "كريم منصور" },
    cover: "/images/blog/measuring-ad-campaign-roi.jpg",
    publishedAt: "2026-09-08",
  },
  {
    slug: "rtl-web-design-tips",
    title: {
      en: "RTL Web Design: Practical Tips for Bilingual Sites",
      ar: "تصميم الويب من اليمين إلى اليسار: نصائح عملية للمواقع ثنائية اللغة",
    },
    excerpt: {
      en: "Flipping a layout is only the beginning. These practical tips on layout, typography, icons and numbers will make your Arabic interface feel native rather than mirrored.",
      ar: "قلب التخطيط ليس سوى البداية. ستجعل هذه النصائح العملية حول التخطيط والخطوط والأيقونات والأرقام واجهتك العربية تبدو أصيلة لا مجرد صورة معكوسة.",
    },
    body: {
      en: [
        "Supporting Arabic on a website is much more than translating strings. Arabic is read from right to left, so the entire reading flow of a page changes: navigation starts on the right, sequences progress towards the left and the eye lands first on the opposite side of the screen. Sites that simply swap the text but keep a left-to-right layout feel awkward to Arabic readers within seconds.",
        "Build the layout with logical CSS properties from the start. Use margin-inline-start instead of margin-left, padding-inline-end instead of padding-right, and text-align: start instead of left. Flexbox and Grid already follow the document direction, so once the html element carries dir=rtl most of the layout mirrors itself. This approach keeps a single stylesheet for both languages and removes a whole class of bugs.",
        "Not everything should be mirrored, though. Icons that express direction, such as arrows, back buttons and progress chevrons, must flip, but icons that represent real-world objects, such as a clock, a play button or a checkmark, should stay as they are. Logos, phone numbers, code snippets and media controls also keep their original orientation. Make a short list of these exceptions and share it with designers and developers alike.",
        "Typography needs its own attention. Arabic letters have different proportions from Latin ones, so a font size that looks perfect in English can feel cramped in Arabic. Choose a typeface designed for Arabic screens, such as Noto Naskh Arabic, IBM Plex Sans Arabic or Tajawal, increase the line height slightly, and never apply letter-spacing to Arabic text, because it breaks the connections between letters. Avoid faux italics and all-caps styles too; they have no equivalent in Arabic script.",
        "Finally, test with real content and real users. Mixed text, such as an Arabic sentence containing a brand name or a price, is where bidirectional bugs appear, so include such examples in your designs. Decide early whether you will use Western or Arabic-Indic digits and apply the choice consistently. And ask native Arabic speakers to use the site before launch: five minutes of their feedback will reveal issues that no automated check can find.",
      ],
      ar: [
        "دعم اللغة العربية في موقع ويب أكثر بكثير من ترجمة النصوص. فالعربية تُقرأ من اليمين إلى اليسار، ولذلك يتغيّر مسار القراءة في الصفحة بأكمله: تبدأ قائمة التنقّل من اليمين، وتتقدّم التسلسلات نحو اليسار، وتقع العين أولًا على الجانب المقابل من الشاشة. والمواقع التي تكتفي باستبدال النص مع الإبقاء على تخطيط من اليسار إلى اليمين تبدو غريبة على القارئ العربي خلال ثوانٍ.",
        "ابنِ التخطيط بخصائص CSS المنطقية منذ البداية. استخدم margin-inline-start بدلًا من margin-left، وpadding-inline-end بدلًا من padding-right، وtext-align: start بدلًا من left. فـFlexbox وGrid يتبعان اتجاه المستند تلقائيًا، لذا ما إن يحمل عنصر html السمة dir=rtl حتى ينعكس معظم التخطيط من تلقاء نفسه. ويتيح لك هذا الأسلوب الاحتفاظ بملف تنسيق واحد للغتين، ويقضي على فئة كاملة من الأخطاء.",
        "غير أنه لا ينبغي عكس كل شيء. فالأيقونات التي تعبّر عن اتجاه، كالأسهم وأزرار الرجوع وعلامات التقدّم، يجب أن تنقلب، أما الأيقونات التي تمثّل أشياء من الواقع، كالساعة وزر التشغيل وعلامة الصح، فينبغي أن تبقى كما هي. وتحافظ الشعارات وأرقام الهواتف ومقتطفات الشيفرة وأدوات التحكم في الوسائط على اتجاهها الأصلي كذلك. أعِدّ قائمة قصيرة بهذه الاستثناءات وشاركها مع المصممين والمطوّرين على حدٍّ سواء.",
        "وتستحق الطباعة عناية خاصة. فللحروف العربية نِسَب تختلف عن الحروف اللاتينية، لذا قد يبدو حجم الخط المثالي في الإنجليزية ضيقًا في العربية. اختر خطًا مصممًا للشاشات العربية مثل Noto Naskh Arabic أو IBM Plex Sans Arabic أو Tajawal، وزِد ارتفاع السطر قليلًا، ولا تطبّق تباعد الأحرف على النص العربي أبدًا لأنه يقطع الاتصال بين الحروف. وتجنّب كذلك الخط المائل المصطنع وأنماط الأحرف الكبيرة، إذ لا مقابل لها في الكتابة العربية.",
        "وأخيرًا، اختبر التصميم بمحتوى حقيقي ومستخدمين حقيقيين. فالنصوص المختلطة، كجملة عربية تتضمن اسم علامة تجارية أو سعرًا، هي الموضع الذي تظهر فيه أخطاء الاتجاه الثنائي، لذا أدرِج أمثلة منها في تصاميمك. وقرّر مبكرًا ما إذا كنت ستستخدم الأرقام الغربية أو الأرقام الهندية المشرقية، وطبّق اختيارك باتساق. واطلب من متحدثين أصليين بالعربية استخدام الموقع قبل الإطلاق: فخمس دقائق من ملاحظاتهم ستكشف مشكلات لا يستطيع أي فحص آلي اكتشافها.",
      ],
    },
    author: { en: "Nour Al-Masri", ar: "نور المصري" },
    cover: "/images/blog/rtl-web-design-tips.jpg",
    publishedAt: "2026-10-14",
  },
  {
    slug: "learning-habits-that-stick",
    title: {
      en: "Learning Habits That Help You Finish What You Start",
      ar: "عادات تعلّم تساعدك على إنهاء ما تبدؤه",
    },
    excerpt: {
      en: "Most online learners never finish their courses. Small, deliberate habits, not willpower, are what carry you from the first lesson to the final project.",
      ar: "لا يُكمل معظم المتعلّمين عبر الإنترنت دوراتهم أبدًا. والعادات الصغيرة المقصودة، لا قوة الإرادة، هي ما ينقلك من الدرس الأول إلى المشروع الختامي.",
    },
    body: {
      en: [
        "Enrolling in a course is exciting. Finishing it is another story: studies of online learning have long shown that only a small minority of students complete the courses they start. The reason is rarely a lack of intelligence or even of time. More often, learning is left to motivation, and motivation fades the moment work gets busy or a lesson gets difficult.",
        "Replace motivation with a schedule. Pick specific times, for example Sunday, Tuesday and Thursday from 8:00 to 8:45 in the evening, and put them in your calendar like any other appointment. Short, regular sessions beat long weekend marathons, because your brain consolidates what you learn in the gaps between sessions. Forty-five minutes three times a week adds up to almost thirty hours in three months.",
        "Learn actively, not passively. Watching a video feels productive, but real learning happens when you pause and try things yourself. After each lesson, close the video and rebuild the example from memory, then change something and see what breaks. Write a two-line summary in your own words. If you cannot explain a concept simply, that is the part to revisit next time.",
        "Make your progress visible and social. Tick off lessons, keep a simple learning journal, or share a weekly update with a friend or a study group. Telling someone what you plan to finish by Friday makes you far more likely to do it. When you get stuck, ask for help early in the course discussion or in your community instead of quietly losing a week.",
        "Finally, expect difficult weeks and plan for them. You will miss sessions because of travel, exams or family occasions. The habit that matters most is coming back: never miss twice in a row. When a lesson feels too hard, shrink the goal to ten minutes instead of skipping it entirely. Small steps taken consistently will carry you to the end of this course, and to the next one.",
      ],
      ar: [
        "التسجيل في دورة تدريبية أمر مثير، أما إكمالها فشأن آخر: إذ أظهرت دراسات التعلّم عبر الإنترنت منذ زمن أن أقلية صغيرة فقط من الطلاب يُكملون الدورات التي يبدؤونها. ونادرًا ما يكون السبب نقصًا في الذكاء أو حتى في الوقت؛ بل في أغلب الأحيان يُترك التعلّم للحماس، والحماس يخبو ما إن يزدحم العمل أو يصعب أحد الدروس.",
        "استبدل الحماس بجدول زمني. اختر أوقاتًا محددة، مثل أيام الأحد والثلاثاء والخميس من الساعة 8:00 حتى 8:45 مساءً، وضعها في تقويمك كأي موعد آخر. فالجلسات القصيرة المنتظمة أفضل من جلسات الماراثون الطويلة في عطلة نهاية الأسبوع، لأن دماغك يرسّخ ما تتعلمه في الفترات الفاصلة بين الجلسات. وخمس وأربعون دقيقة ثلاث مرات أسبوعيًا تبلغ ما يقارب ثلاثين ساعة خلال ثلاثة أشهر.",
        "تعلّم بفاعلية لا بسلبية. فمشاهدة مقطع فيديو تمنحك شعورًا بالإنجاز، لكن التعلّم الحقيقي يحدث حين تتوقف وتجرّب بنفسك. بعد كل درس، أغلق الفيديو وأعِد بناء المثال من ذاكرتك، ثم غيّر شيئًا ما وراقب ما يتعطّل. واكتب ملخصًا من سطرين بكلماتك الخاصة. فإن لم تستطع شرح مفهوم ما ببساطة، فذلك هو الجزء الذي ينبغي أن تعود إليه في المرة القادمة.",
        "اجعل تقدّمك مرئيًا ومشتركًا مع الآخرين. ضع علامة على الدروس المنجزة، واحتفظ بمفكرة تعلّم بسيطة، أو شارك تحديثًا أسبوعيًا مع صديق أو مجموعة دراسية. فإخبار شخص ما بما تنوي إنجازه قبل يوم الجمعة يزيد كثيرًا من احتمال أن تفعله. وحين تتعثّر، اطلب المساعدة مبكرًا في نقاشات الدورة أو في مجتمعك بدلًا من أن تخسر أسبوعًا في صمت.",
        "وأخيرًا، توقّع أسابيع صعبة وخطّط لها. ستفوتك بعض الجلسات بسبب السفر أو الامتحانات أو المناسبات العائلية. والعادة الأهم هي العودة: لا تفوّت جلستين متتاليتين أبدًا. وحين يبدو لك درس ما صعبًا جدًا، قلّص هدفك إلى عشر دقائق بدلًا من تخطّيه كليًا. فالخطوات الصغيرة المتواصلة هي التي ستوصلك إلى نهاية هذه الدورة، وإلى الدورة التي تليها.",
      ],
    },
    author: { en: "Layla Haddad", ar: "ليلى حداد" },
    cover: "/images/blog/learning-habits-that-stick.jpg",
    publishedAt: "2026-11-19",
  },
];
