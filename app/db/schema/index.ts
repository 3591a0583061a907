// The whole schema, split by domain and re-exported for drizzle and drizzle-kit.
export * from "./announcements";
export * from "./auth";
export * from "./captions";
export * from "./commerce";
export * from "./contact";
export * from "./content";
export * from "./courses";
export * from "./favorites";
export * from "./learning";
export * from "./media";
export * from "./notifications";
export * from "./payments";
export * from "./qa";
export * from "./quizzes";
export * from "./renditions";
export * from "./reviews";
export * from "./users";
