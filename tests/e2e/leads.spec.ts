// The agency's pipeline end to end (issue 48), in both languages, with JavaScript on and off:
// - a visitor lands from a campaign link, asks about a service; an admin finds the lead in the inbox with its
//   campaign, moves it to "contacted" on the board (by the card's form; with JavaScript also by drag and
//   drop) and replies from the lead's page;
// - a visitor signs up for the newsletter, confirms from the mail (read from the outbox: no SMTP here) and
//   leaves it from the welcome mail in one click.
import { type Browser, expect, type Page, test } from "./fixtures";
import { demoState, expectMailInOutbox } from "./helpers";

// Its own address for the contact form's and the newsletter's limits (playwright.config.ts, TRUST_PROXY).
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.48" } });

const TEXT = {
  en: {
    prefix: "",
    ask: (service: string) => new RegExp(`^Ask about this service\\s*:\\s*${service}$`),
    seo: "Search engine optimisation",
    name: "Your name",
    email: "Email address",
    message: "Message",
    send: "Send message",
    sent: "Your message has been sent",
    status: "Status",
    move: (name: string) => `Move ${name}`,
    moved: "Moved to",
    replySubject: "Subject",
    replySend: "Send reply",
    replySent: "Your reply is on its way.",
    campaign: "Campaign",
    search: "Recipient's email",
    searchButton: "Show their mail",
    show: "Show the message",
    newsletterEmail: "Your email",
    subscribe: "Subscribe",
    checkInbox: "Check your inbox",
    confirmSubject: "Confirm your subscription to Manara's newsletter",
    confirm: "Confirm",
    welcomeSubject: "You are subscribed to Manara's newsletter",
    unsubscribe: "Unsubscribe",
  },
  ar: {
    prefix: "/ar",
    ask: (service: string) => new RegExp(`^اسأل عن هذه الخدمة\\s*:\\s*${service}$`),
    seo: "تحسين محركات البحث",
    name: "اسمك",
    email: "البريد الإلكتروني",
    message: "الرسالة",
    send: "أرسل الرسالة",
    sent: "وصلتنا رسالتك",
    status: "الحالة",
    move: (name: string) => `انقل ${name}`,
    moved: "نُقل إلى",
    replySubject: "الموضوع",
    replySend: "أرسل الرد",
    replySent: "ردّك في طريقه.",
    campaign: "الحملة",
    search: "بريد المستلم",
    searchButton: "اعرض رسائله",
    show: "اعرض الرسالة",
    newsletterEmail: "بريدك الإلكتروني",
    subscribe: "اشترك",
    checkInbox: "تفقّد بريدك الوارد",
    confirmSubject: "أكّد اشتراكك في النشرة البريدية لمنارة",
    confirm: "تأكيد",
    welcomeSubject: "اشتراكك في النشرة البريدية لمنارة مؤكَّد",
    unsubscribe: "إلغاء الاشتراك",
  },
} as const;

type Locale = keyof typeof TEXT;

async function adminPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled,
    storageState: await demoState(browser, "admin"),
  });
  return context.newPage();
}

/** The link of one mail to `address` whose subject is `subject`, as the admin's outbox shows it. */
async function mailedLink(admin: Page, locale: Locale, address: string, subject: string, href: string) {
  const text = TEXT[locale];
  await admin.goto(`${text.prefix}/dashboard/admin/outbox`);
  await admin.getByLabel(text.search).fill(address);
  await admin.getByRole("button", { name: text.searchButton }).click();
  const mail = admin.getByTestId("outbox-message").filter({ hasText: subject });
  await expectMailInOutbox(admin, mail);
  await expect(mail).toHaveCount(1);
  await mail.getByText(text.show).click();
  const link = mail.getByTestId("outbox-text").locator(`a[href*="${href}"]`);
  return (await link.getAttribute("href")) ?? "";
}

for (const locale of ["en", "ar"] as const) {
  test(`a campaign's visitor asks about a service; an admin moves the lead and replies (${locale})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const javaScript = testInfo.project.name !== "no-js";
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const campaign = `spring-${locale}-${stamp}`;
    const name = locale === "ar" ? `سارة ${stamp}` : `Sara ${stamp}`;
    const email = `lead-${locale}-${stamp}@example.com`;

    // The campaign link. With JavaScript the first page's cookie keeps the campaign wherever the visitor
    // goes; without it, the services page's links carry the campaign's parameters to the form.
    const query = `utm_source=newsletter-e2e&utm_medium=email&utm_campaign=${campaign}`;
    await page.goto(javaScript ? `${text.prefix}/?${query}` : `${text.prefix}/services?${query}`);
    if (javaScript) await page.goto(`${text.prefix}/services`);
    await page.getByRole("link", { name: text.ask(text.seo) }).click();
    await expect(page).toHaveURL(/\/contact\?service=seo/);
    await page.getByLabel(text.name).fill(name);
    await page.getByLabel(text.email).fill(email);
    await page
      .getByLabel(text.message)
      .fill(
        locale === "ar"
          ? "نريد أن يجدنا الناس في بحث جوجل قبل رمضان."
          : "We want people to find us on Google before Ramadan.",
      );
    await page.getByRole("button", { name: text.send }).click();
    await expect(page.getByTestId("toast-success")).toContainText(text.sent);

    // The admin's inbox: the lead, with its campaign.
    const admin = await adminPage(browser, javaScript);
    await admin.goto(`${text.prefix}/dashboard/admin/leads?q=${encodeURIComponent(email)}`);
    const row = admin.getByTestId("lead-row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(campaign);
    await row.getByRole("link", { name }).click();
    await expect(admin.getByTestId("lead-attribution")).toContainText(campaign);
    const leadUrl = admin.url();

    // The board: the card's own form moves it (with JavaScript through a fetcher, without as a plain POST).
    await admin.goto(`${text.prefix}/dashboard/admin/leads/board`);
    const card = admin.getByTestId("board-card").filter({ hasText: email });
    await expect(
      admin
        .locator('[data-testid="board-column"][data-status="new"]')
        .getByTestId("board-card")
        .filter({ hasText: email }),
    ).toHaveCount(1);
    const target = javaScript ? "qualified" : "contacted";
    await card.getByLabel(text.status).selectOption(target);
    await card.getByRole("button", { name: text.move(name) }).click();
    await expect(admin.getByTestId("toast-success").last()).toContainText(text.moved);
    const inColumn = (status: string) =>
      admin
        .locator(`[data-testid="board-column"][data-status="${status}"]`)
        .getByTestId("board-card")
        .filter({ hasText: email });
    await expect(inColumn(target)).toHaveCount(1);
    if (javaScript) {
      // Drag and drop: onto the "contacted" column; it stays there after a reload (the server has it).
      // From the card's corner (its padding): its middle holds a link and the form's controls.
      await inColumn("qualified").dragTo(
        admin.locator('[data-testid="board-column"][data-status="contacted"]'),
        // Onto the column's top, its heading: the middle of a long column can be off the screen.
        { sourcePosition: { x: 6, y: 6 }, targetPosition: { x: 12, y: 12 } },
      );
      await expect(inColumn("contacted")).toHaveCount(1);
      await expect(inColumn("qualified")).toHaveCount(0);
      await expect(admin.getByTestId("toast-success").last()).toContainText(text.moved);
      await admin.reload();
      await expect(inColumn("contacted")).toHaveCount(1);

      // A move whose request fails shows at once, then goes back, with an error toast.
      await admin.route("**/leads/board.data**", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        await new Promise((resolve) => setTimeout(resolve, 700));
        return route.abort("failed");
      });
      const contacted = inColumn("contacted");
      await contacted.getByLabel(text.status).selectOption("won");
      await contacted.getByRole("button", { name: text.move(name) }).click();
      await expect(inColumn("won")).toHaveCount(1);
      await expect(admin.getByTestId("toast-error")).toBeVisible();
      await expect(inColumn("contacted")).toHaveCount(1);
      await expect(inColumn("won")).toHaveCount(0);
      await admin.unroute("**/leads/board.data**");
    }

    // The reply, from the lead's page: mailed through the queue and kept in the history.
    await admin.goto(leadUrl);
    await expect(admin.getByLabel(text.status)).toHaveValue("contacted");
    const subject = locale === "ar" ? `عن ظهوركم في البحث ${stamp}` : `About your search visibility ${stamp}`;
    await admin.getByLabel(text.replySubject).fill(subject);
    await admin
      .getByTestId("lead-reply")
      .getByLabel(text.message)
      .fill(locale === "ar" ? "يسعدنا ذلك. متى نتحدث؟" : "Happy to help. When can we talk?");
    await admin.getByRole("button", { name: text.replySend }).click();
    await expect(admin.getByTestId("toast-success").last()).toContainText(text.replySent);
    await expect(admin.getByTestId("lead-history")).toContainText(subject);
    await admin.context().close();
  });

  test(`newsletter: sign up, confirm from the mail, leave in one click (${locale})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const javaScript = testInfo.project.name !== "no-js";
    const email = `news-${locale}-${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

    // English signs up in the footer of the home page, Arabic on the blog.
    await page.goto(locale === "en" ? "/" : "/ar/blog");
    const form =
      locale === "en"
        ? page.getByTestId("site-footer").getByTestId("newsletter-form")
        : page.locator("main").getByTestId("newsletter-form");
    await form.getByLabel(text.newsletterEmail).fill(email);
    await form.getByRole("button", { name: text.subscribe }).click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/newsletter\\?sent=1$`));
    await expect(page.getByTestId("newsletter-sent")).toContainText(text.checkInbox);

    // The confirmation mail, in the page's language: its link shows a button; only the button confirms.
    const admin = await adminPage(browser, javaScript);
    const confirmHref = await mailedLink(admin, locale, email, text.confirmSubject, "/newsletter/confirm/");
    expect(confirmHref).toContain(`${text.prefix}/newsletter/confirm/`);
    await page.goto(confirmHref);
    await expect(page.getByTestId("newsletter-confirm")).toContainText(email);
    await page.getByRole("button", { name: text.confirm, exact: true }).click();
    await expect(page.getByTestId("newsletter-confirmed")).toBeVisible();

    // The admin sees the new lead, its source the newsletter.
    await admin.goto(`${text.prefix}/dashboard/admin/leads?source=newsletter&q=${encodeURIComponent(email)}`);
    await expect(admin.getByTestId("lead-row").filter({ hasText: email })).toHaveCount(1);

    // The welcome mail's link: one button, and the address is off the list.
    const unsubscribeHref = await mailedLink(
      admin,
      locale,
      email,
      text.welcomeSubject,
      "/newsletter/unsubscribe/",
    );
    await admin.context().close();
    await page.goto(unsubscribeHref);
    await page.getByRole("button", { name: text.unsubscribe }).click();
    await expect(page.getByTestId("newsletter-unsubscribed")).toBeVisible();
  });
}
