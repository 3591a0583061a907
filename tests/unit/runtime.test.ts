// The project runs on the Node it carries (node_modules/.bin/node, Node 24): Vitest itself is started by an
// npm script, so this process is the proof; and a process on an older release line is refused.
import { describe, expect, it } from "vitest";
import { assertSupportedNode, MINIMUM_NODE_MAJOR } from "../../server/runtime.mjs";

describe("the runtime", () => {
  it("runs the tests on Node 24 or newer", () => {
    expect(Number.parseInt(process.versions.node, 10)).toBeGreaterThanOrEqual(MINIMUM_NODE_MAJOR);
    expect(() => assertSupportedNode()).not.toThrow();
  });

  it("refuses an older release line, naming it", () => {
    expect(() => assertSupportedNode("v20.20.2")).toThrow(/Node 24 or newer.*v20\.20\.2/);
    expect(() => assertSupportedNode("v22.22.0")).toThrow(/v22\.22\.0/);
    expect(() => assertSupportedNode("not a version")).toThrow();
    expect(() => assertSupportedNode("v24.21.0")).not.toThrow();
    expect(() => assertSupportedNode("v26.1.0")).not.toThrow();
  });
});
