// Technology names as Arabic speakers often type them, in Arabic script, mapped to the Latin name our
// course texts use in both languages (Arabic course pages also write "Python", "React"…). Keys are in
// folded form (see foldSearchText): أ/إ/آ → ا, ة → ه, ى → ي, no diacritics.
const GLOSSARY: Record<string, string> = {
  بايثون: "python",
  بيثون: "python",
  "جافا سكربت": "javascript",
  "جافا سكريبت": "javascript",
  جافاسكربت: "javascript",
  جافاسكريبت: "javascript",
  "تايب سكربت": "typescript",
  "تايب سكريبت": "typescript",
  تايبسكربت: "typescript",
  تايبسكريبت: "typescript",
  جافا: "java",
  رياكت: "react",
  "نود جي اس": "node.js",
  اكسبريس: "express",
  اكسبرس: "express",
  جانغو: "django",
  جانجو: "django",
  دجانغو: "django",
  دجانجو: "django",
  "بوستجري اس كيو ال": "postgresql",
  بوستجريس: "postgresql",
  بوستغريس: "postgresql",
  بوستجرس: "postgresql",
  "اس كيو ال": "sql",
  بانداس: "pandas",
  باندز: "pandas",
  "سايكيت ليرن": "scikit-learn",
  "باي تورش": "pytorch",
  بايتورش: "pytorch",
  تنسرفلو: "tensorflow",
  تنسورفلو: "tensorflow",
  فلاتر: "flutter",
  كوتلن: "kotlin",
  سويفت: "swift",
  يونيتي: "unity",
  يونتي: "unity",
  دوكر: "docker",
  دوكير: "docker",
  كوبرنيتس: "kubernetes",
  كوبرنيتيس: "kubernetes",
  لينكس: "linux",
  اندرويد: "android",
  "اتش تي ام ال": "html",
  "سي اس اس": "css",
  "جي اس": "js",
  جيت: "git",
  "جيت هب": "github",
  ماتبلوتليب: "matplotlib",
  "ام ال اوبس": "mlops",
};

// Longest first, so "جافا سكربت" becomes "javascript" before "جافا" could become "java".
const TERMS = Object.keys(GLOSSARY).sort((a, b) => b.length - a.length);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Whole words only: "جافا" inside another word is not Java.
const PATTERN = new RegExp(`(?<!\\p{L})(${TERMS.map(escapeRegExp).join("|")})(?!\\p{L})`, "gu");

/**
 * The folded query with the Arabic-script technology names it contains replaced by their Latin names,
 * or null when it contains none: "دورة بايثون" → "دوره python".
 */
export function translateTechTerms(folded: string): string | null {
  let changed = false;
  const translated = folded.replace(PATTERN, (term: string) => {
    changed = true;
    return GLOSSARY[term] ?? term;
  });
  return changed ? translated : null;
}
