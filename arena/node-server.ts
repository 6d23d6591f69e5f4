/**
 * Runs a fetch handler `(Request) => Response` on node:http, so a bot served by the arena is the same
 * code the Worker serves at `/bots/{name}`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  const method = incoming.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks);
  return new Request(new URL(incoming.url ?? "/", origin), { method, headers, body });
}

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Listens on `host:port` (port 0: any free port) and resolves once listening. */
export function serveFetch(handler: (request: Request) => Promise<Response>, options: { port: number; host?: string }): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer((incoming, outgoing) => {
    const origin = `http://${incoming.headers.host ?? host}`;
    toRequest(incoming, origin)
      .then(handler)
      .then(async (response) => {
        const headers: Record<string, string> = {};
        for (const [key, value] of response.headers) headers[key] = value;
        outgoing.writeHead(response.status, headers);
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        if (!outgoing.headersSent) outgoing.writeHead(500, { "content-type": "text/plain" });
        outgoing.end(`internal error: ${error instanceof Error ? error.message : String(error)}`);
      });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
