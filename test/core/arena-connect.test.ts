/**
 * The local bridge (`npm run arena -- connect`, arena/connect.ts) against a stand-in for the
 * service on 127.0.0.1: it reads the event stream, forwards each move request to a local webhook bot as
 * a signed POST /move (the bot refuses unsigned calls), posts the bot's answer, passes end notices on,
 * and after the stream drops it reconnects, gets the open request again and does not answer it twice.
 */
import { spawn } from "node:child_process";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EndNotice, generateBotSecret, builtInAnswer } from "../../src/bots/index.ts";
import { botFetchHandler, examples } from "../../src/wire/index.ts";
import { type RunningServer, serveFetch } from "../../arena/node-server.ts";
import { startBridge } from "../../arena/connect.ts";

const TOKEN = "token-of-the-bot";
const BOT_ID = "b4n6xr2mq7tz3kc5vj3wd2hp6e";
const secret = generateBotSecret();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Service {
  server: RunningServer;
  connections: number;
  answers: { requestId: string; body: unknown }[];
  /** Writes a line to the open stream. */
  push(line: unknown): void;
  /** Ends the open stream (as a replaced connection or a restart does). */
  drop(): void;
}

let local: RunningServer;
let service: Service;
const ends: EndNotice[] = [];
const request = (ply: number) => ({ ...examples.bots.moveRequest, matchId: "k3v7tq2mz5xj4c6rb3wn2hd5fa", ply });

beforeAll(async () => {
  local = await serveFetch(
    botFetchHandler({
      info: { name: "local" },
      secret,
      move: (checked) => builtInAnswer("easy", checked, { maxNodes: 5_000 }),
      onEnd: (notice) => ends.push(notice),
    }),
    { port: 0 },
  );
  // The service's side, on node:http (the stream must reach the bridge line by line, not at its end).
  const open = new Set<ServerResponse>();
  const state: Omit<Service, "server"> = {
    connections: 0,
    answers: [],
    push: (line) => {
      for (const response of open) response.write(`${JSON.stringify(line)}\n`);
    },
    drop: () => {
      for (const response of open) response.end();
      open.clear();
    },
  };
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://service.test");
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(403, { "content-type": "application/problem+json" }).end(JSON.stringify({ code: "registry/wrong_token", detail: "wrong token" }));
      return;
    }
    if (url.pathname === `/v1/bots/${BOT_ID}/events`) {
      state.connections++;
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      open.add(res);
      // Every (re)connect: the request r-3 (sent again even once answered: the bridge must not answer it twice), then a keep-alive.
      res.write(`${JSON.stringify({ type: "move", requestId: "r-3", request: request(3) })}\n{"type":"keepAlive"}\n`);
      return;
    }
    const answered = /^\/v1\/bots\/[^/]+\/moves\/(.+)$/.exec(url.pathname);
    if (!answered || req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const requestId = decodeURIComponent(answered[1]);
      if (state.answers.some((answer) => answer.requestId === requestId)) {
        res
          .writeHead(409, { "content-type": "application/problem+json" })
          .end(JSON.stringify({ code: "connection/request_closed", detail: "answered already" }));
        return;
      }
      state.answers.push({ requestId, body: JSON.parse(body) });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ accepted: true, requestId }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const server: RunningServer = {
    server: http,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        http.closeAllConnections();
        http.close(() => done());
      }),
  };
  service = Object.assign(state, { server }) as Service;
});

afterAll(async () => {
  await service?.server.close();
  await local?.close();
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe("npm run arena -- connect", () => {
  it("forwards move requests to a local webhook bot (signed), posts its answers, survives a dropped stream and answers nothing twice", async () => {
    const lines: string[] = [];
    const bridge = startBridge({
      service: service.server.url,
      botId: BOT_ID,
      token: TOKEN,
      bot: { url: local.url, secret },
      log: (line) => lines.push(line),
      backoffMs: 50,
    });
    try {
      await until(() => service.answers.length === 1, `the first answer (${lines.join(" / ")})`);
      expect(service.answers[0]).toMatchObject({ requestId: "r-3", body: expect.objectContaining({ place: expect.any(Number) }) });
      // The stream drops; on reconnect the service sends the (already answered) request again: not answered twice.
      service.drop();
      await until(() => service.connections === 2, "the reconnect");
      await sleep(100);
      expect(service.answers).toHaveLength(1);
      // A new request on the new stream, then the game's end.
      service.push({ type: "move", requestId: "r-5", request: request(5) });
      await until(() => service.answers.length === 2, "the second answer");
      service.push({ type: "end", notice: examples.bots.endNotice });
      await until(() => ends.length === 1, "the end notice at the local bot");
      expect(bridge.answered).toBe(2);
      expect(lines.some((line) => line.startsWith("connected to "))).toBe(true);
      expect(lines.some((line) => /reconnecting in \d+ ms/.test(line))).toBe(true);
    } finally {
      await bridge.stop();
    }
  });

  it("stops with a reason on a wrong token, and answers with a built-in level in-process", async () => {
    const lines: string[] = [];
    const refused = startBridge({
      service: service.server.url,
      botId: BOT_ID,
      token: "wrong",
      bot: { level: "easy" },
      log: (line) => lines.push(line),
      backoffMs: 50,
    });
    await until(() => lines.some((line) => line.endsWith("; stopping")), "the refusal");
    await refused.stop();
    expect(lines.at(-1)).toMatch(/403.*wrong token; stopping$/);
  });
});

describe("python3 arena/example_bot.py --connect", () => {
  it("plays as a connected bot through the Python client: reads the stream, posts its move, reconnects without answering twice", async () => {
    service.answers.length = 0;
    const child = spawn("python3", ["arena/example_bot.py", "--connect", service.server.url, "--bot-id", BOT_ID, "--token", TOKEN], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    try {
      await until(() => service.answers.length === 1, "the Python bot's answer");
      expect(service.answers[0]).toMatchObject({ requestId: "r-3", body: expect.objectContaining({ place: expect.any(Number) }) });
      expect(output).toMatch(/^connected to /);
      // The stream drops; the bot connects again (after 1 s), and r-3, sent again, is not answered twice.
      const before = service.connections;
      service.drop();
      await until(() => service.connections > before && (output.match(/^connected to /gm) ?? []).length === 2, "the reconnection");
      expect(output).toContain("the service closed the stream; reconnecting");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(service.answers.length).toBe(1);
      expect(output).not.toContain("refused move");
    } finally {
      child.kill();
    }
  });

  it("stops on a wrong token, saying why", async () => {
    // Asynchronously: the service answers from this process.
    const child = spawn("python3", ["arena/example_bot.py", "--connect", service.server.url, "--bot-id", BOT_ID, "--token", "wrong"], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const status = await new Promise((resolve) => child.once("exit", resolve));
    expect(status).toBe(1);
    expect(output).toMatch(/the service refused the stream: 403 registry\/wrong_token/);
  });
});
