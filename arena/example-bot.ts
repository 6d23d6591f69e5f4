/**
 * A complete bot in one file, written the way a bot author would: node:http, the Standard Webhooks
 * library to verify the arena's signature, and the rules core for legal moves. Its strategy is
 * small on purpose: win when it can, otherwise never hand over a piece that wins at once when a safe
 * one exists. Run it with `npm exec -- node arena/example-bot.ts --port 9002 [--secret whsec_...]`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import { Webhook } from "standardwebhooks";
import {
  completedShapes,
  emptyCells,
  legalMoves,
  makeRules,
  type Move,
  playMove,
  type Position,
  positionFromTrustedSetup,
  readPosition,
  type Rules,
  type RulesInput,
} from "../src/rules/index.ts";

/** Does placing the piece in hand on `cell` complete a Quarto? */
function completes(position: Position, cell: number, rules: Rules): boolean {
  const board = [...position.board];
  board[cell] = position.inHand;
  return completedShapes(positionFromTrustedSetup({ board, inHand: null }), rules, cell).length > 0;
}

/** The answer to one move request body (already parsed JSON). */
export function chooseMove(request: { position: string; rules?: RulesInput; canClaim?: boolean }): Move | { claim: true } {
  if (request.canClaim) return { claim: true };
  const rules = makeRules(request.rules ?? {});
  const read = readPosition(request.position, rules);
  if (!read.ok) throw new Error(read.error.detail);
  const position = read.value;
  // 1. Win when the piece in hand completes a Quarto (announced, for announce: manual).
  if (position.inHand !== null) {
    const cell = emptyCells(position).find((empty) => completes(position, empty, rules));
    if (cell !== undefined) return { place: cell, quarto: true };
  }
  // 2. Otherwise the first legal move after which the opponent cannot win with the piece given.
  const moves = legalMoves(position, rules);
  const safe = moves.find((move) => {
    const played = playMove(position, move, rules);
    if (!played.ok) return false;
    const next = played.value.position;
    return played.value.outcome.status !== "ongoing" || !emptyCells(next).some((empty) => completes(next, empty, rules));
  });
  return safe ?? moves[0];
}

/** The node:http handler: GET /, POST /move, POST /end, each checked against `secret` when given. */
export function exampleBotHandler(secret?: string): (request: IncomingMessage, response: ServerResponse) => void {
  const webhook = secret ? new Webhook(secret) : null;
  return (request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const send = (status: number, payload?: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(payload === undefined ? undefined : JSON.stringify(payload));
      };
      try {
        // Refuse calls that do not come from the arena holding our secret.
        webhook?.verify(body, request.headers as Record<string, string>);
      } catch {
        return send(401, { error: "bad signature" });
      }
      if (request.method === "GET" && request.url === "/") return send(200, { name: "example", author: "you", version: "1" });
      if (request.method === "POST" && request.url === "/end") return send(204);
      if (request.method === "POST" && request.url === "/move") {
        try {
          return send(200, chooseMove(JSON.parse(body)));
        } catch (error) {
          return send(422, { error: (error as Error).message });
        }
      }
      send(404, { error: "not found" });
    });
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: "string", default: "9002" }, secret: { type: "string" } } });
  const server = createServer(exampleBotHandler(values.secret));
  server.listen(Number(values.port), "127.0.0.1", () => console.log(`example bot on http://127.0.0.1:${values.port}`));
}
