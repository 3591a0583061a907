// The catalog's sort orders; shared by the server query and the sort <select>.
export const COURSE_SORTS = ["newest", "price-asc", "price-desc"] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];
