// Folds a search query the same way the courses.search_text column folds titles and descriptions, so
// "اداره" finds "إدارة" and a stray diacritic does not hide a course.

const ARABIC_MARKS = /[\u064B-\u0652\u0640]/g; // harakat and tatweel
const FOLDS: Record<string, string> = { أ: "ا", إ: "ا", آ: "ا", ٱ: "ا", ى: "ي", ة: "ه" };

export function foldSearchText(text: string): string {
  return text
    .normalize("NFC")
    .replace(ARABIC_MARKS, "")
    .replace(/[أإآٱىة]/g, (letter) => FOLDS[letter] ?? letter)
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** An ILIKE pattern that matches `text` literally anywhere: %, _ and \ in the query are not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
