// Notifications' pure rules (issue 35): each type's default delivery, a person's choices over it, the
// digest's grouping and day, the inputs of the API, and the unsubscribe link's signature.
import { describe, expect, it } from "vitest";
import { i18nFor } from "../../app/i18n/context.server";
import { describeNotification, localizedNotificationPath } from "../../app/notifications/describe";
import {
  DEFAULT_DELIVERY,
  deliveryFor,
  digestDay,
  effectivePreferences,
  groupDigests,
  MarkReadInput,
  PreferencesInput,
  toStoredPreferences,
} from "../../app/notifications/policy";
import { NOTIFICATION_TYPES } from "../../app/notifications/types";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "../../app/notifications/unsubscribe-token";

describe("delivery per type", () => {
  it("has a default for every type: immediate for most, the daily digest for the busy ones", () => {
    expect(Object.keys(DEFAULT_DELIVERY).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(DEFAULT_DELIVERY.question_reply).toBe("immediate");
    expect(DEFAULT_DELIVERY.certificate_issued).toBe("immediate");
    expect(DEFAULT_DELIVERY.topup_decided).toBe("immediate");
    expect(DEFAULT_DELIVERY.refund).toBe("immediate");
    expect(DEFAULT_DELIVERY.announcement).toBe("digest");
    expect(DEFAULT_DELIVERY.new_question).toBe("digest");
  });

  it("takes the person's choice over the default, type by type", () => {
    expect(deliveryFor("refund", {})).toBe("immediate");
    expect(deliveryFor("refund", { refund: "off" })).toBe("off");
    expect(deliveryFor("announcement", { refund: "off" })).toBe("digest");
    expect(effectivePreferences({ announcement: "immediate" })).toEqual({
      ...DEFAULT_DELIVERY,
      announcement: "immediate",
    });
  });

  it("ignores stored rows of unknown types or deliveries", () => {
    expect(
      toStoredPreferences([
        { type: "refund", delivery: "off" },
        { type: "gossip", delivery: "off" },
        { type: "announcement", delivery: "weekly" },
      ]),
    ).toEqual({ refund: "off" });
  });
});

describe("digests", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  it("groups by person, each group oldest first", () => {
    const groups = groupDigests([
      { id: 3, userId: "b", createdAt: at(5) },
      { id: 1, userId: "a", createdAt: at(9) },
      { id: 2, userId: "a", createdAt: at(1) },
      { id: 4, userId: "b", createdAt: at(5) },
    ]);
    expect([...groups.keys()].sort()).toEqual(["a", "b"]);
    expect(groups.get("a")?.map((row) => row.id)).toEqual([2, 1]);
    expect(groups.get("b")?.map((row) => row.id)).toEqual([3, 4]);
  });

  it("belongs to the UTC day it runs on", () => {
    expect(digestDay(new Date("2026-03-04T23:59:59Z"))).toBe("2026-03-04");
  });
});

describe("inputs", () => {
  it("marks some ids or all, never nothing", () => {
    expect(MarkReadInput.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(MarkReadInput.safeParse({ all: true }).success).toBe(true);
    expect(MarkReadInput.safeParse({}).success).toBe(false);
    expect(MarkReadInput.safeParse({ ids: [] }).success).toBe(false);
    expect(MarkReadInput.safeParse({ ids: [0] }).success).toBe(false);
    expect(MarkReadInput.safeParse({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }).success).toBe(
      false,
    );
  });

  it("takes known types and deliveries only", () => {
    expect(PreferencesInput.safeParse({ refund: "off", announcement: "immediate" }).success).toBe(true);
    expect(PreferencesInput.safeParse({ refund: "weekly" }).success).toBe(false);
    expect(PreferencesInput.safeParse({ gossip: "off" }).success).toBe(false);
  });
});

describe("unsubscribe token", () => {
  const secret = "s".repeat(32);
  const userId = "0f8fad5b-d9cb-469f-a165-70867728950e";

  it("verifies for its person and type", () => {
    const token = signUnsubscribeToken(secret, userId, "announcement");
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ userId, type: "announcement" });
  });

  it("refuses another secret, another type, another person and garbage", () => {
    const token = signUnsubscribeToken(secret, userId, "announcement");
    const [, , signature] = token.split(".");
    expect(verifyUnsubscribeToken("other-secret", token)).toBeNull();
    expect(verifyUnsubscribeToken(secret, `${userId}.refund.${signature}`)).toBeNull();
    expect(
      verifyUnsubscribeToken(secret, `1f8fad5b-d9cb-469f-a165-70867728950e.announcement.${signature}`),
    ).toBeNull();
    for (const bad of ["", "x", `${token}.x`, `${userId}.announcement.`, "a.b.c", "é".repeat(300)])
      expect(verifyUnsubscribeToken(secret, bad)).toBeNull();
  });
});

describe("how a notification reads", () => {
  it("says it in the reader's language, with the link in that language", () => {
    const data = {
      path: "/courses/3#announcement-7",
      courseTitle: "Web",
      courseTitleAr: "الويب",
      title: "Hi",
    };
    const en = i18nFor("en").getFixedT("en", "notifications");
    const ar = i18nFor("ar").getFixedT("ar", "notifications");
    expect(describeNotification(en, "en", "USD", { type: "announcement", data })).toContain("Web");
    expect(describeNotification(ar, "ar", "USD", { type: "announcement", data })).toContain("الويب");
    expect(localizedNotificationPath(data.path, "ar")).toBe("/ar/courses/3#announcement-7");
    expect(localizedNotificationPath(data.path, "en")).toBe("/courses/3#announcement-7");
    expect(localizedNotificationPath("//evil.example/x", "en")).toBe("/notifications");
  });

  it("tells an approved top-up from a declined one", () => {
    const en = i18nFor("en").getFixedT("en", "notifications");
    const approved = describeNotification(en, "en", "USD", {
      type: "topup_decided",
      data: { path: "/account/wallet", amount: 1050, approved: true },
    });
    const declined = describeNotification(en, "en", "USD", {
      type: "topup_decided",
      data: { path: "/account/wallet", amount: 1050, approved: false },
    });
    expect(approved).toMatch(/approved/);
    expect(approved).toContain("10.50");
    expect(declined).toMatch(/declined/);
  });
});
