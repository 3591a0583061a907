import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatLayout,
  isRearrangement,
  type Layout,
  lessonPositions,
  moveLessonTo,
  parseLayout,
  sectionDeletionRefusal,
  stepLesson,
  stepSection,
  withLesson,
  withoutLesson,
} from "../../app/studio/layout";

const layout: Layout = [
  { sectionId: 10, lessonIds: [1, 2] },
  { sectionId: 20, lessonIds: [] },
  { sectionId: 30, lessonIds: [3] },
];

describe("lessonPositions", () => {
  it("numbers lessons 1..n in section order, each section a contiguous run", () => {
    expect(lessonPositions(layout)).toEqual([
      { lessonId: 1, sectionId: 10, position: 1 },
      { lessonId: 2, sectionId: 10, position: 2 },
      { lessonId: 3, sectionId: 30, position: 3 },
    ]);
  });
});

describe("stepLesson", () => {
  it("swaps within a section", () => {
    expect(stepLesson(layout, 2, "up")?.[0]?.lessonIds).toEqual([2, 1]);
  });
  it("crosses into the neighbouring section, empty ones included", () => {
    expect(stepLesson(layout, 2, "down")).toEqual([
      { sectionId: 10, lessonIds: [1] },
      { sectionId: 20, lessonIds: [2] },
      { sectionId: 30, lessonIds: [3] },
    ]);
    expect(stepLesson(layout, 3, "up")?.[1]?.lessonIds).toEqual([3]);
  });
  it("stays put at the course's ends, and answers null for a lesson not in the course", () => {
    expect(stepLesson(layout, 1, "up")).toEqual(layout);
    expect(stepLesson(layout, 3, "down")).toEqual(layout);
    expect(stepLesson(layout, 99, "up")).toBeNull();
  });
  it("does not change the layout it was given", () => {
    const before = structuredClone(layout);
    stepLesson(layout, 2, "down");
    expect(layout).toEqual(before);
  });
});

describe("moveLessonTo", () => {
  it("inserts at a 1-based position in the target section, clamped to its ends", () => {
    expect(moveLessonTo(layout, 1, 30, 1)?.[2]?.lessonIds).toEqual([1, 3]);
    expect(moveLessonTo(layout, 1, 30, 99)?.[2]?.lessonIds).toEqual([3, 1]);
    expect(moveLessonTo(layout, 1, 30, -5)?.[2]?.lessonIds).toEqual([1, 3]);
    expect(moveLessonTo(layout, 2, 10, 1)?.[0]?.lessonIds).toEqual([2, 1]);
  });
  it("refuses an unknown lesson or section", () => {
    expect(moveLessonTo(layout, 99, 30, 1)).toBeNull();
    expect(moveLessonTo(layout, 1, 99, 1)).toBeNull();
  });
});

describe("sections", () => {
  it("steps a section with its lessons", () => {
    expect(stepSection(layout, 30, "up")?.map((section) => section.sectionId)).toEqual([10, 30, 20]);
    expect(stepSection(layout, 10, "up")).toEqual(layout);
    expect(stepSection(layout, 99, "up")).toBeNull();
  });
  it("deletes only an empty section that is not the last one", () => {
    expect(sectionDeletionRefusal(layout, 10)).toBe("section_not_empty");
    expect(sectionDeletionRefusal(layout, 20)).toBeNull();
    expect(sectionDeletionRefusal([{ sectionId: 1, lessonIds: [] }], 1)).toBe("last_section");
    expect(sectionDeletionRefusal(layout, 99)).toBe("section_not_found");
  });
});

describe("isRearrangement", () => {
  it("accepts the same sections and lessons in any arrangement", () => {
    expect(
      isRearrangement(layout, [
        { sectionId: 30, lessonIds: [2, 3] },
        { sectionId: 10, lessonIds: [] },
        { sectionId: 20, lessonIds: [1] },
      ]),
    ).toBe(true);
  });
  it("refuses a missing, repeated or foreign id", () => {
    expect(isRearrangement(layout, [{ sectionId: 10, lessonIds: [1, 2, 3] }])).toBe(false);
    expect(
      isRearrangement(layout, [
        { sectionId: 10, lessonIds: [1, 1] },
        { sectionId: 20, lessonIds: [] },
        { sectionId: 30, lessonIds: [3] },
      ]),
    ).toBe(false);
    expect(
      isRearrangement(layout, [
        { sectionId: 10, lessonIds: [1, 2] },
        { sectionId: 20, lessonIds: [] },
        { sectionId: 30, lessonIds: [4] },
      ]),
    ).toBe(false);
  });
});

describe("any sequence of changes", () => {
  const operation = fc.oneof(
    fc.record({ kind: fc.constant("step" as const), lesson: fc.nat(6), up: fc.boolean() }),
    fc.record({
      kind: fc.constant("move" as const),
      lesson: fc.nat(6),
      section: fc.nat(3),
      position: fc.integer({ min: -2, max: 9 }),
    }),
    fc.record({ kind: fc.constant("section" as const), section: fc.nat(3), up: fc.boolean() }),
    fc.record({ kind: fc.constant("add" as const), section: fc.nat(3) }),
    fc.record({ kind: fc.constant("remove" as const), lesson: fc.nat(6) }),
  );
  it("keeps every lesson exactly once, in a contiguous run of its section, numbered 1..n", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), (operations) => {
        let current: Layout = [
          { sectionId: 0, lessonIds: [0, 1] },
          { sectionId: 1, lessonIds: [2] },
          { sectionId: 2, lessonIds: [] },
          { sectionId: 3, lessonIds: [3, 4] },
        ];
        let nextId = 5;
        const expected = new Set([0, 1, 2, 3, 4]);
        for (const op of operations) {
          if (op.kind === "step") current = stepLesson(current, op.lesson, op.up ? "up" : "down") ?? current;
          if (op.kind === "move")
            current = moveLessonTo(current, op.lesson, op.section, op.position) ?? current;
          if (op.kind === "section")
            current = stepSection(current, op.section, op.up ? "up" : "down") ?? current;
          if (op.kind === "add") {
            current = withLesson(current, op.section, nextId) ?? current;
            expected.add(nextId++);
          }
          if (op.kind === "remove") {
            current = withoutLesson(current, op.lesson);
            expected.delete(op.lesson);
          }
        }
        const positions = lessonPositions(current);
        expect(positions.map((entry) => entry.position)).toEqual(positions.map((_, index) => index + 1));
        expect(new Set(positions.map((entry) => entry.lessonId))).toEqual(expected);
        expect(positions.length).toBe(expected.size);
        const runs = positions.map((entry) => entry.sectionId).filter((id, i, all) => id !== all[i - 1]);
        expect(new Set(runs).size).toBe(runs.length);
      }),
    );
  });
});

describe("formatLayout and parseLayout", () => {
  it("round-trip a layout, empty sections included", () => {
    expect(formatLayout(layout)).toBe("10:1,2;20:;30:3");
    expect(parseLayout(formatLayout(layout))).toEqual(layout);
  });
  it("refuse anything else", () => {
    for (const bad of ["", "10", "10:1,", "0:1", "10:01", "10:1;;20:", "10:1 ", "10:99999999999", "a:1"])
      expect(parseLayout(bad), bad).toBeNull();
  });
});
