// Each demo course has its own cover (issue 50, item 6), shipped in public/ where the seed says it is.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedCourses } from "../../app/seed/data/courses";

describe("the demo courses' covers", () => {
  it("are one picture per course, each a file in public/", () => {
    const images = seedCourses.map((course) => course.image);
    expect(new Set(images).size).toBe(seedCourses.length);
    for (const course of seedCourses) {
      expect(course.image, course.slug).toBe(`/images/courses/${course.slug}.jpg`);
      expect(existsSync(path.join("public", course.image)), course.image).toBe(true);
    }
  });
});
