// nginx in front of the test's app servers, as README's "Running in production" deploys it: one upstream
// group, idempotent requests retried on the next server when one fails (a refused or reset connection, a
// 502/503), request bodies streamed to the app (tus uploads), the visitor's address passed on. Debian's
// nginx (.ci/run installs it) runs as a child process with everything it writes in a temporary folder.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort, HOST, send } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");
/** The configuration deployments use (compose.yaml mounts it); the test fills in its own ports. */
export const NGINX_TEMPLATE = path.join(root, "deploy/nginx/manara.conf.template");

export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(candidate)) return candidate;
  return null;
}

export type LoadBalancer = { port: number; errorLog: () => Promise<string>; stop: () => Promise<void> };

/**
 * Renders the template's `${NAME}` placeholders. Anything else with a dollar sign is nginx's own variable
 * ($host, $remote_addr) and stays.
 */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export async function startLoadBalancer(upstreamPorts: number[]): Promise<LoadBalancer> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (apt-get install nginx-light; .ci/run does it)");
  const port = await freePort();
  const prefix = await mkdtemp(path.join(tmpdir(), "manara-nginx-"));
  // nginx's workers run as an unprivileged user when the test runs as root: they write request bodies and
  // buffered responses under the prefix.
  await chmod(prefix, 0o777);
  const site = renderTemplate(await readFile(NGINX_TEMPLATE, "utf8"), {
    LISTEN: `${HOST}:${port}`,
    UPSTREAM_SERVERS: upstreamPorts
      .map((upstream) => `server ${HOST}:${upstream} max_fails=1 fail_timeout=2s;`)
      .join("\n    "),
  });
  const main = `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  ${site}
}
`;
  const config = path.join(prefix, "nginx.conf");
  await writeFile(config, main);
  const child: ChildProcess = spawn(binary, ["-p", prefix, "-c", config, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let startupErrors = "";
  child.stderr?.on("data", (chunk: Buffer) => (startupErrors += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${startupErrors}`);
    try {
      await send(port, "GET", "/healthz");
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${startupErrors}`);
      await sleep(100);
    }
  }
  return {
    port,
    errorLog: async () => readFile(path.join(prefix, "error.log"), "utf8").catch(() => ""),
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
