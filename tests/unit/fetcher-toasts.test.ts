// Which toast a fetcher's finished answer asks for (app/components/fetcher-toasts.tsx).
import { describe, expect, it } from "vitest";
import { answerToast } from "../../app/components/fetcher-toasts";

describe("answerToast", () => {
  it("is green with the answer's message", () => {
    expect(answerToast({ ok: true, message: "Removed from your cart." })).toEqual({
      kind: "success",
      message: "Removed from your cart.",
    });
  });

  it("says nothing for a success without a message", () => {
    expect(answerToast({ ok: true })).toBeNull();
    expect(answerToast({ ok: true, message: "" })).toBeNull();
    expect(answerToast({ ok: true, message: 42 })).toBeNull();
  });

  it("is red with the refusal's error, or with no message for the generic one", () => {
    expect(answerToast({ ok: false, error: "Not enough in your wallet." })).toEqual({
      kind: "error",
      message: "Not enough in your wallet.",
    });
    expect(answerToast({ ok: false })).toEqual({ kind: "error", message: null });
    expect(answerToast({ ok: false, error: { nested: true } })).toEqual({ kind: "error", message: null });
  });

  it("ignores what is not an answer: a redirect's empty data, a loader's data", () => {
    expect(answerToast(undefined)).toBeNull();
    expect(answerToast(null)).toBeNull();
    expect(answerToast({ items: [] })).toBeNull();
    expect(answerToast("ok")).toBeNull();
  });
});
