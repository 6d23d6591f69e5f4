/**
 * Real bot servers on 127.0.0.1 (ephemeral ports) for the arena and bot-client tests: a well-behaved
 * bot and one for each misbehaviour the forfeit policy names. Each records the calls it received
 * (path, body, headers) so tests can check signatures and what was sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { legalMoves, type Move } from "../../src/rules/index.ts";
import { readMoveRequest } from "../../src/wire/bot-server.ts";

export interface ReceivedCall {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string>;
}

export interface TestBot {
  url: string;
  calls: ReceivedCall[];
  close(): Promise<void>;
}

type Responder = (call: ReceivedCall, response: ServerResponse, request: IncomingMessage) => void;

export async function startBot(respond: Responder): Promise<TestBot> {
  const calls: ReceivedCall[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers)) if (typeof value === "string") headers[key] = value;
      const call = { method: request.method ?? "", path: request.url ?? "", body: Buffer.concat(chunks).toString("utf8"), headers };
      calls.push(call);
      respond(call, response, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sendJson = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};

/** The first legal move of the position in the request (announcing a Quarto it completes). */
export function firstLegalMove(body: string): Move {
  const checked = readMoveRequest(JSON.parse(body));
  if (!checked.ok) throw new Error(checked.error);
  const moves = legalMoves(checked.value.position, checked.value.rules);
  return moves.find((move) => move.quarto) ?? moves[0];
}

/** Answers GET / and POST /end normally and hands /move to `move`. */
function withIdentity(name: string, move: Responder): Responder {
  return (call, response, request) => {
    if (call.method === "GET" && call.path === "/") return sendJson(response, { name, version: "test" });
    if (call.path === "/end") return void response.writeHead(204).end();
    move(call, response, request);
  };
}

export const goodBot = (name = "good") => startBot(withIdentity(name, (call, response) => sendJson(response, firstLegalMove(call.body))));

/** Accepts the connection and never answers a move. */
export const hangingBot = () => startBot(withIdentity("hang", () => {}));

/** Sends the headers at once, then the body one byte every 100 ms: slower than any small timeout. */
export const tricklingBot = () =>
  startBot(
    withIdentity("trickle", (_call, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const text = JSON.stringify({ give: 0, padding: "x".repeat(40) });
      let index = 0;
      const timer = setInterval(() => {
        if (index >= text.length || response.destroyed) return clearInterval(timer);
        response.write(text[index++]);
      }, 100);
      response.on("close", () => clearInterval(timer));
    }),
  );

export const errorBot = () => startBot(withIdentity("error", (_call, response) => sendJson(response, { error: "boom" }, 500)));

export const garbageBot = () =>
  startBot(
    withIdentity("garbage", (_call, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("<html>this is not json</html>");
    }),
  );

/** A 1 MB JSON body, streamed without a content-length so the client must count. */
export const hugeBot = () =>
  startBot(
    withIdentity("huge", (call, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ...firstLegalMove(call.body), padding: "x".repeat(1 << 20) }));
    }),
  );

/** Redirects every move to `target` (which must never be called for it). */
export const redirectBot = (target: string) =>
  startBot(
    withIdentity("redirect", (_call, response) => {
      response.writeHead(307, { location: `${target}/move` });
      response.end();
    }),
  );

/** Answers a well-formed move that the rules refuse: a placement at the opening, else it gives the piece in hand. */
export const illegalBot = () =>
  startBot(
    withIdentity("illegal", (call, response) => {
      const request = JSON.parse(call.body);
      if (request.phase === "give") return sendJson(response, { place: 0, give: request.availablePieces[0] });
      sendJson(response, { place: request.emptyCells[0], give: request.positionJson.inHand });
    }),
  );

/** Plays its first move of each game, then drops the connection without answering. */
export const droppingBot = () =>
  startBot(
    withIdentity("dropping", (call, response, request) => {
      const body = JSON.parse(call.body);
      if (body.moves.some((move: { seat: string }) => move.seat === body.seat)) return void request.socket.destroy();
      sendJson(response, firstLegalMove(call.body));
    }),
  );

/** Drops the connection on its first `failures` move calls, then plays legal moves. */
export const flakyBot = (failures: number) => {
  let calls = 0;
  return startBot(
    withIdentity("flaky", (call, response, request) => {
      if (calls++ < failures) return void request.socket.destroy();
      sendJson(response, firstLegalMove(call.body));
    }),
  );
};

/** A URL where nothing listens: a server is started for a free port, then closed. */
export async function refusingUrl(): Promise<string> {
  const bot = await startBot(() => {});
  await bot.close();
  return bot.url;
}
