// Run by react-dom-text-writes.test.ts with NODE_ENV=production, so React and its server renderer load the
// production builds Node loads in production. Prints the bytes of two renders as JSON (base64), and how many
// times anything ran an AsyncLocalStorage.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement as h, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { renderToReadableStream } from "react-dom/server.edge";

// The patch's second part (decision 035): the renderer never runs an AsyncLocalStorage. Counted from here on.
let storageRuns = 0;
for (const method of ["run", "enterWith"]) {
  const original = AsyncLocalStorage.prototype[method];
  AsyncLocalStorage.prototype[method] = function (...args) {
    storageRuns += 1;
    return original.apply(this, args);
  };
}

/** A page with the text the patch handles: Arabic, surrogate pairs, a piece over 4 KB, many small pieces. */
function Page({ children }) {
  const items = Array.from({ length: 400 }, (_, index) =>
    h("li", { key: index, className: `item-${index}`, "data-n": index }, `دورة ${index} — “course” 😀 <&>`),
  );
  return h(
    "html",
    { lang: "ar", dir: "rtl" },
    h("head", null, h("title", null, "منارة"), h("style", null, "a{color:red}".repeat(600))),
    h(
      "body",
      null,
      h(
        "main",
        null,
        h("h1", { title: "عنوان" }, "منارة ✨"),
        h("p", null, "x".repeat(5000)),
        h("ul", null, items),
      ),
      children,
    ),
  );
}

/** Renders through the Node build (the patched one); `onShell` sees what was sent when the shell was out. */
function renderNode(element, onShell = () => {}) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    const sink = new PassThrough();
    sink.on("data", (chunk) => chunks.push(Buffer.from(chunk)));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    const stream = renderToPipeableStream(element, {
      bootstrapScripts: ["/app.js"],
      onShellReady() {
        stream.pipe(sink);
        setTimeout(() => onShell(Buffer.concat(chunks)), 20);
      },
      onShellError: reject,
    });
  });
}

// The edge build encodes each piece as it comes, as the Node build did before the patch: the reference.
async function renderEdge(element) {
  const stream = await renderToReadableStream(element, { bootstrapScripts: ["/app.js"] });
  return Buffer.from(await new Response(stream).arrayBuffer());
}

let resolveLate = () => {};
const late = new Promise((resolve) => {
  resolveLate = resolve;
});
function Late() {
  return h("section", null, use(late));
}
let shell = Buffer.alloc(0);
const streamed = await renderNode(
  h(Page, null, h(Suspense, { fallback: h("p", null, "…تحميل") }, h(Late))),
  (sent) => {
    shell = sent;
    resolveLate("جاهز 😀");
  },
);

const result = {
  // Whether the Node render went through the file the patch changes (and not, say, a development build).
  loadedPatchedFile: Object.keys(createRequire(import.meta.url).cache).some((file) =>
    file.endsWith(path.join("react-dom", "cjs", "react-dom-server.node.production.js")),
  ),
  node: (await renderNode(h(Page))).toString("base64"),
  edge: (await renderEdge(h(Page))).toString("base64"),
  shell: shell.toString("base64"),
  streamed: streamed.toString("base64"),
  storageRuns,
};
process.stdout.write(JSON.stringify(result));
