import { describe, expect, it } from "vitest";
import { translateTechTerms } from "../../app/courses/glossary";
import { containsPattern, foldSearchText, walkBudget } from "../../app/courses/search";

describe("search folding", () => {
  it("folds Arabic letter variants, diacritics and tatweel like the database column", () => {
    expect(foldSearchText("إدارة")).toBe("اداره");
    expect(foldSearchText("الْبَيَانَات")).toBe("البيانات");
    expect(foldSearchText("مـــرحبا")).toBe("مرحبا");
    expect(foldSearchText("مستوى")).toBe("مستوي");
  });

  it("lower-cases Latin text and squeezes whitespace", () => {
    expect(foldSearchText("  React   Native ")).toBe("react native");
  });

  it("escapes LIKE wildcards so they match literally", () => {
    expect(containsPattern("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});

describe("technology glossary", () => {
  it("replaces Arabic-script technology names with their Latin names, longest first, whole words only", () => {
    expect(translateTechTerms(foldSearchText("بايثون"))).toBe("python");
    expect(translateTechTerms(foldSearchText("دورة بايثون"))).toBe("دوره python");
    expect(translateTechTerms(foldSearchText("جافا سكربت"))).toBe("javascript");
    expect(translateTechTerms(foldSearchText("جافا"))).toBe("java");
    expect(translateTechTerms(foldSearchText("تحليل البيانات"))).toBeNull();
    expect(translateTechTerms(foldSearchText("جافات"))).toBeNull();
  });
});

describe("a search's walk budget", () => {
  it("lets a walk test fifty rows for each row it must pass", () => {
    expect(walkBudget({ offset: 0, limit: 12 })).toBe(600);
    expect(walkBudget({ offset: 12, limit: 12 })).toBe(1_200);
  });

  it("never tests more than 5,000 rows", () => {
    expect(walkBudget({ offset: 588, limit: 12 })).toBe(5_000);
    expect(walkBudget({ offset: 4_988, limit: 12 })).toBe(5_000);
  });

  it("is 0, no walk, when the page lies deeper than that", () => {
    expect(walkBudget({ offset: 4_989, limit: 12 })).toBe(0);
    expect(walkBudget({ offset: 50_000, limit: 12 })).toBe(0);
  });
});
