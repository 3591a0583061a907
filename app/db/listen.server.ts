// LISTEN on a PostgreSQL connection of its own that comes back by itself: node-postgres gives a client that
// reports a lost connection once ('error', then 'end') and is then done, so this opens a new one, with a
// growing pause, until PostgreSQL answers again.
import pg from "pg";
import { logger } from "../lib/logger.server";

export type Listener = {
  /** Stops reconnecting and closes the connection. */
  close: () => Promise<void>;
};

export type ListenOptions = {
  /** Connection settings for each new client (the URL, the connect timeout, keep-alive). */
  client: pg.ClientConfig;
  channel: string;
  onNotification: (payload: string) => void;
  /** After a reconnect: notifications sent while the connection was away are lost. */
  onReconnect: () => void;
  log?: (message: string) => void;
  /** The pause before the first new attempt, doubled after each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
};

/**
 * Resolves once the first connection listens (rejects if it cannot: the caller decides when to try again);
 * from then on, a lost connection is replaced until `close()`.
 */
export async function listenWithReconnects(options: ListenOptions): Promise<Listener> {
  const { channel, onNotification, onReconnect } = options;
  const log = options.log ?? ((message: string) => logger("db").warn(message));
  const retryMs = options.retryMs ?? 200;
  const maxRetryMs = options.maxRetryMs ?? 2_000;
  let current: pg.Client | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function connect(): Promise<void> {
    const client = new pg.Client(options.client);
    // Without a listener, a lost connection's 'error' event would be an uncaught exception.
    client.on("error", () => {});
    client.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
    client.once("end", () => {
      if (current !== client) return;
      current = null;
      if (closed) return;
      log(`The ${channel} listener lost its database connection; reconnecting.`);
      retry(retryMs);
    });
  }

  function retry(delayMs: number) {
    timer = setTimeout(() => {
      connect().then(
        () => {
          if (closed) return;
          log(`The ${channel} listener is back.`);
          onReconnect();
        },
        () => {
          if (!closed) retry(Math.min(delayMs * 2, maxRetryMs));
        },
      );
    }, delayMs);
    // A reconnect alone never keeps the process alive.
    timer.unref();
  }

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await current?.end().catch(() => {});
      current = null;
    },
  };
}
