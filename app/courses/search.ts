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

/**
 * How many rows of the search table a search's walk in the page's order may test before it gives up (decision 036):
 * fifty for each row the walk must pass, so a term in at least one course in fifty near the start of the order
 * finds its page, and no more than 5,000 (2-3 ms at 100,000 courses: what a walk that comes back short adds to
 * collecting the matches). 0 when the page lies deeper than that: no walk.
 */
export function walkBudget({ offset, limit }: { offset: number; limit: number }): number {
  const budget = Math.min((offset + limit) * 50, MAX_WALK);
  return budget >= offset + limit ? budget : 0;
}

const MAX_WALK = 5_000;
