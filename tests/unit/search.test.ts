import { describe, expect, it } from "vitest";
import { translateTechTerms } from "../../app/courses/glossary";
import { containsPattern, foldSearchText } from "../../app/courses/search";

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
