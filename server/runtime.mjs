// The Node.js release line Manara runs on. The project carries its own runtime (the `node-linux-*` packages
// in optionalDependencies put Node 24 in node_modules/.bin, which npm scripts find first on PATH), so a
// process on an older Node was started around npm: refuse it rather than run on a release without fixes
// (docs/decisions/037-node-24-from-npm.md).

export const MINIMUM_NODE_MAJOR = 24;

/** Throws when `version` (as in process.version) is older than the supported release line. */
export function assertSupportedNode(version = process.version) {
  const major = Number.parseInt(version.replace(/^v/, ""), 10);
  if (!(major >= MINIMUM_NODE_MAJOR))
    throw new Error(
      `Manara needs Node ${MINIMUM_NODE_MAJOR} or newer, and this is Node ${version}. ` +
        "Run it through npm (npm start, npm test, npm run …), which uses the Node in node_modules/.bin.",
    );
}
