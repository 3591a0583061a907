import { describe, expect, it } from "vitest";
import { pagePath } from "../../app/lib/page-path";

describe("the page a request path names", () => {
  it.each([
    ["/", "/"],
    ["/courses", "/courses"],
    ["/courses.data", "/courses"],
    ["/ar.data", "/ar"],
    ["/ar/courses/3.data", "/ar/courses/3"],
    ["/_.data", "/"],
    ["/courses/_.data", "/courses/"],
    ["/blog/my.data.post", "/blog/my.data.post"],
  ])("%s names %s", (path, page) => {
    expect(pagePath(path)).toBe(page);
  });
});
