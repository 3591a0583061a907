// The site settings' pure rules (issue 49, item 6): what a social link, a phone number and a bilingual text
// may be, how the page's form maps onto the API's shape, and what a page in each language shows.
import { describe, expect, it } from "vitest";
import {
  formFieldOf,
  isSocialProfileUrl,
  SiteSettingsInput,
  settingsFromForm,
  settingsToForm,
  siteView,
} from "../../app/site/settings";

const empty = {
  brandName: { en: "Manara", ar: "" },
  email: "",
  phone: "",
  whatsapp: "",
  address: { en: "", ar: "" },
  hours: { en: "", ar: "" },
  social: { x: "", linkedin: "", instagram: "", youtube: "", tiktok: "", snapchat: "", facebook: "" },
};

describe("social links", () => {
  it("takes https profile addresses on the network's own hosts only", () => {
    expect(isSocialProfileUrl("x", "https://x.com/manara")).toBe(true);
    expect(isSocialProfileUrl("x", "https://twitter.com/manara")).toBe(true);
    expect(isSocialProfileUrl("linkedin", "https://www.linkedin.com/company/manara")).toBe(true);
    expect(isSocialProfileUrl("facebook", "https://m.facebook.com/manara")).toBe(true);
    expect(isSocialProfileUrl("x", "http://x.com/manara")).toBe(false);
    expect(isSocialProfileUrl("x", "https://x.com/")).toBe(false);
    expect(isSocialProfileUrl("x", "https://x.com.evil.test/manara")).toBe(false);
    expect(isSocialProfileUrl("x", "https://user:pw@x.com/manara")).toBe(false);
    expect(isSocialProfileUrl("instagram", "https://x.com/manara")).toBe(false);
    expect(isSocialProfileUrl("x", "javascript:alert(1)")).toBe(false);
    expect(isSocialProfileUrl("x", "not a url")).toBe(false);
  });
});

describe("SiteSettingsInput", () => {
  it("keeps phone numbers as E.164 and trims texts", () => {
    const parsed = SiteSettingsInput.parse({
      ...empty,
      brandName: { en: "  Manara ", ar: " منارة " },
      phone: " +962 6 555 0100 ",
      whatsapp: "+962 (79) 555-0100",
    });
    expect(parsed.phone).toBe("+96265550100");
    expect(parsed.whatsapp).toBe("+962795550100");
    expect(parsed.brandName).toEqual({ en: "Manara", ar: "منارة" });
  });

  it("refuses a number without its country code, an unknown key, an empty English brand name and control characters", () => {
    expect(SiteSettingsInput.safeParse({ ...empty, phone: "065550100" }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ ...empty, phone: "+1" }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ ...empty, brandName: { en: " ", ar: "منارة" } }).success).toBe(
      false,
    );
    expect(SiteSettingsInput.safeParse({ ...empty, hours: { en: "9\u0000", ar: "" } }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ ...empty, extra: 1 }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ ...empty, social: { ...empty.social, myspace: "x" } }).success).toBe(
      false,
    );
  });
});

describe("the page's form", () => {
  it("maps to the API's shape and back, and names the field of each issue", () => {
    const settings = SiteSettingsInput.parse({
      ...empty,
      address: { en: "Amman", ar: "عمّان" },
      social: { ...empty.social, youtube: "https://youtube.com/@manara" },
    });
    expect(SiteSettingsInput.parse(settingsFromForm(settingsToForm(settings)))).toEqual(settings);
    expect(formFieldOf(["brandName", "en"])).toBe("brandNameEn");
    expect(formFieldOf(["hours", "ar"])).toBe("hoursAr");
    expect(formFieldOf(["social", "tiktok"])).toBe("social.tiktok");
    expect(formFieldOf(["email"])).toBe("email");
  });
});

describe("siteView", () => {
  it("shows Arabic where it is set, English where it is empty, and only what is filled in", () => {
    const settings = SiteSettingsInput.parse({
      ...empty,
      brandName: { en: "Manara", ar: "" },
      hours: { en: "Sunday to Thursday", ar: "من الأحد إلى الخميس" },
      whatsapp: "+962795550100",
      social: { ...empty.social, linkedin: "https://linkedin.com/company/manara", x: "https://x.com/manara" },
    });
    const arabic = siteView(settings, "ar");
    expect(arabic.brandName).toBe("Manara");
    expect(arabic.hours).toBe("من الأحد إلى الخميس");
    expect(arabic.address).toBeNull();
    expect(arabic.email).toBeNull();
    expect(arabic.phone).toBeNull();
    expect(arabic.whatsapp).toEqual({
      e164: "+962795550100",
      display: "+962 7 9555 0100",
      href: "https://wa.me/962795550100",
    });
    // In the footer's order, not the order they were typed.
    expect(arabic.social.map((link) => link.network)).toEqual(["x", "linkedin"]);
    expect(siteView(settings, "en").hours).toBe("Sunday to Thursday");
  });
});
