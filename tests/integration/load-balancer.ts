// nginx in front of the test's app servers, configured by the file deployments use (deploy/nginx.conf, which
// compose.yaml runs): one upstream group, idempotent requests retried on the other server when one fails (a
// refused or reset connection, a 502/503), request bodies streamed to the app (tus uploads). Debian's nginx
// (.ci/run installs it) runs as a child process with every path under a temporary prefix.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort, HOST, send } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");
/** The configuration deployments use; the test fills in its own ports. */
export const NGINX_TEMPLATE = path.join(root, "deploy/nginx.conf");

export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(candidate)) return candidate;
  return null;
}

export type LoadBalancer = { port: number; errorLog: () => string; stop: () => Promise<void> };

/**
 * Renders the template's `${NAME}` placeholders as `envsubst` given their names does. Anything else with a
 * dollar sign is nginx's own variable ($host, $remote_addr) and stays.
 */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** nginx on a free port in front of exactly two servers (the template's two upstreams). */
export async function startLoadBalancer([first, second]: [number, number]): Promise<LoadBalancer> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (apt-get install nginx-light; .ci/run does it)");
  const port = await freePort();
  const prefix = await mkdtemp(path.join(tmpdir(), "manara-nginx-"));
  // nginx's workers run as an unprivileged user when the test runs as root: they write request bodies and
  // buffered responses under the prefix.
  await chmod(prefix, 0o777);
  const config = renderTemplate(await readFile(NGINX_TEMPLATE, "utf8"), {
    MANARA_UPSTREAM_1: `${HOST}:${first}`,
    MANARA_UPSTREAM_2: `${HOST}:${second}`,
    NGINX_LISTEN: `${HOST}:${port}`,
  });
  await writeFile(path.join(prefix, "nginx.conf"), config);
  const child: ChildProcess = spawn(binary, ["-p", `${prefix}/`, "-c", "nginx.conf"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
    try {
      await send(port, "GET", "/healthz");
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${errors}`);
      await sleep(100);
    }
  }
  return {
    port,
    errorLog: () => errors,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await Promise.race([gone, sleep(5_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
