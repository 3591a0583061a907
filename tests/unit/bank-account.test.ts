// The bank account an admin types: IBANs by ISO 13616 (length per country and mod-97), BICs by ISO 9362.
import { describe, expect, it } from "vitest";
import {
  BankAccountInput,
  normalizeBic,
  normalizeIban,
  printedIban,
  transferReference,
} from "../../app/wallet/bank-account";

describe("IBAN", () => {
  it("accepts registry examples as people type them, in electronic form", () => {
    expect(normalizeIban("SA0380000000608010167519")).toBe("SA0380000000608010167519");
    expect(normalizeIban("sa03 8000 0000 6080 1016 7519")).toBe("SA0380000000608010167519");
    // Kuwait (30 characters), the UAE (23) and Egypt (29): the Gulf and Egypt, where our learners bank.
    expect(normalizeIban("KW81CBKU0000000000001234560101")).toBe("KW81CBKU0000000000001234560101");
    expect(normalizeIban("AE070331234567890123456")).toBe("AE070331234567890123456");
    expect(normalizeIban("EG380019000500000000263180002")).toBe("EG380019000500000000263180002");
  });

  it("reads Arabic-Indic digits typed on an Arabic keyboard", () => {
    expect(normalizeIban("SA٠٣٨٠٠٠٠٠٠٠٦٠٨٠١٠١٦٧٥١٩")).toBe("SA0380000000608010167519");
  });

  it("refuses a wrong check digit, a wrong length and an unknown country", () => {
    expect(normalizeIban("SA0380000000608010167518")).toBeNull(); // one digit changed: mod-97 fails
    expect(normalizeIban("SA04 8000 0000 6080 1016 7519")).toBeNull();
    expect(normalizeIban("SA038000000060801016751")).toBeNull(); // 23 characters, Saudi IBANs have 24
    expect(normalizeIban("XX0380000000608010167519")).toBeNull();
    expect(normalizeIban("")).toBeNull();
  });

  it("prints in groups of four", () => {
    expect(printedIban("SA0380000000608010167519")).toBe("SA03 8000 0000 6080 1016 7519");
  });
});

describe("BIC", () => {
  it("accepts 8 and 11 characters in any case, refuses the rest", () => {
    expect(normalizeBic("rjhisari")).toBe("RJHISARI");
    expect(normalizeBic("NBOK KW KW XXX")).toBe("NBOKKWKWXXX");
    expect(normalizeBic("RJHI")).toBeNull();
    expect(normalizeBic("12345678")).toBeNull();
  });
});

describe("BankAccountInput", () => {
  const valid = { bankName: " Al Rajhi ", accountHolder: "Manara", iban: "sa03 8000 0000 6080 1016 7519" };

  it("normalises what it keeps and treats empty optional fields as absent", () => {
    expect(BankAccountInput.parse({ ...valid, swift: "", instructions: " ", instructionsAr: "" })).toEqual({
      bankName: "Al Rajhi",
      accountHolder: "Manara",
      iban: "SA0380000000608010167519",
      swift: null,
      instructions: null,
      instructionsAr: null,
    });
  });

  it("names the field that is wrong", () => {
    const result = BankAccountInput.safeParse({ ...valid, iban: "SA0380000000608010167518", swift: "RJHI" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
    );
    expect(messages).toEqual({ iban: "bank.errors.ibanInvalid", swift: "bank.errors.swiftInvalid" });
    expect(BankAccountInput.safeParse({ ...valid, bankName: "  " }).success).toBe(false);
  });
});

it("a transfer reference is the request's number, padded", () => {
  expect(transferReference(42)).toBe("TU-000042");
  expect(transferReference(1_234_567)).toBe("TU-1234567");
});
