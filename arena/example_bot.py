#!/usr/bin/env python3
"""A complete Quarto arena bot in one file, standard library only (Python 3.9 or later).

The Python twin of arena/example-bot.ts, written the way a bot author would start: an HTTP server that
answers the bot protocol (README, section The arena: GET / for its name, POST /move for a move,
POST /end for how a game ended), checks the arena's Standard Webhooks signature on every call, and
plays a small strategy on purpose: win when it can, otherwise never hand over a piece that wins at
once while a safe one exists. Replace choose_move() with your own.

    python3 arena/example_bot.py --port 9003 --secret whsec_...

Or, with no public URL, as a connected bot (registered with "connection": "stream"): it connects out,
reads its event stream and posts its moves, reconnecting when the stream drops, through the service's
Python client (clients/python: pip install ./clients/python; from this repository it is found as is):

    python3 arena/example_bot.py --connect http://localhost:8787 --bot-id ID --token TOKEN

The secret is the one POST /v1/bots answered (or QUARTO_BOT_SECRET); without one the bot answers
anybody, which is fine for `npm run arena` on your own machine only. Check it with the conformance
check before entering it in a tournament. Roles: the request's `seat` is the bot's role (`first` made
the opening give), not a match seat index (docs/rules.md, section Who is who).
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# ---- the rules this strategy needs ----

# The 10 lines (4 rows, 4 columns, 2 diagonals) and the 9 2x2 squares, as cell indexes 0-15 (a1 = 0,
# d1 = 3, a4 = 12: row by row from the top left).
LINES = [[r * 4 + c for c in range(4)] for r in range(4)] + [[r * 4 + c for r in range(4)] for c in range(4)] + [[0, 5, 10, 15], [3, 6, 9, 12]]
SQUARES = [[r * 4 + c, r * 4 + c + 1, r * 4 + c + 4, r * 4 + c + 5] for r in range(3) for c in range(3)]
# A piece id has one bit per attribute.
ATTRIBUTE_BITS = {"height": 8, "color": 4, "shape": 2, "fill": 1}


def read_board(position):
    """The 16 cells of a position string (a piece id, or None when empty)."""
    return [None if ch == "." else int(ch, 16) for ch in position[:16]]


def is_quarto(pieces, mask):
    """Four pieces share a value of an attribute that counts: all have its bit, or none has."""
    if len(pieces) != 4 or any(piece is None for piece in pieces):
        return False
    together = pieces[0] & pieces[1] & pieces[2] & pieces[3]
    apart = pieces[0] | pieces[1] | pieces[2] | pieces[3]
    return (together & mask) != 0 or (~apart & mask) != 0


def completes(board, cell, piece, rules):
    """Does placing `piece` on the empty `cell` complete a Quarto under `rules`?"""
    mask = sum(ATTRIBUTE_BITS[name] for name in rules.get("attributes", list(ATTRIBUTE_BITS)))
    shapes = LINES + (SQUARES if rules.get("squares") else [])
    after = list(board)
    after[cell] = piece
    return any(cell in shape and is_quarto([after[i] for i in shape], mask) for shape in shapes)


def choose_move(request):
    """The answer to one move request (the parsed JSON body): a dict with place / give / quarto / claim."""
    if request.get("canClaim"):
        return {"claim": True}
    rules = request["rules"]
    board = read_board(request["position"])
    empty = request["emptyCells"]
    pieces = request["availablePieces"]  # what can be given after this move's placement
    in_hand = request["positionJson"]["inHand"]

    def safe_gives(after):
        open_cells = [cell for cell in range(16) if after[cell] is None]
        return [piece for piece in pieces if not any(completes(after, cell, piece, rules) for cell in open_cells)]

    if request["phase"] == "give":  # the opening: only choose a piece to hand over
        return {"give": (safe_gives(board) or pieces)[0]}
    # 1. Win when the piece in hand completes a Quarto (announced, which announce: manual needs).
    for cell in empty:
        if completes(board, cell, in_hand, rules):
            return {"place": cell, "quarto": True}
    # 2. The last placement gives nothing.
    if not pieces:
        return {"place": empty[0]}
    # 3. Otherwise a placement and a give the opponent cannot win with at once, if there is one.
    for cell in empty:
        after = list(board)
        after[cell] = in_hand
        safe = safe_gives(after)
        if safe:
            return {"place": cell, "give": safe[0]}
    return {"place": empty[0], "give": pieces[0]}


# ---- the arena's signature (Standard Webhooks) ----

TOLERANCE_SECONDS = 5 * 60


def signature_ok(secret, headers, body):
    """True when `webhook-signature` is the HMAC-SHA256 of `id.timestamp.body` under the secret, and
    `webhook-timestamp` is within five minutes of now."""
    message_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not message_id or not timestamp or not signatures:
        return False
    try:
        if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
            return False
        key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    except ValueError:
        return False
    signed = f"{message_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for entry in signatures.split(" "):
        version, _, value = entry.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return True
    return False


# ---- the HTTP server ----

INFO = {"name": "example-py", "author": "you", "version": "1"}


def make_handler(secret):
    class BotHandler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def send(self, status, payload=None):
            body = b"" if payload is None else json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def read_checked_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            # Refuse calls that do not come from the arena holding our secret.
            if secret and not signature_ok(secret, {k.lower(): v for k, v in self.headers.items()}, body):
                self.send(401, {"error": "bad signature"})
                return None
            return body

        def do_GET(self):
            if self.read_checked_body() is None:
                return
            if self.path.rstrip("/") == "":
                return self.send(200, INFO)
            self.send(404, {"error": "not found"})

        def do_POST(self):
            body = self.read_checked_body()
            if body is None:
                return
            if self.path == "/end":
                return self.send(200, {"received": True})
            if self.path != "/move":
                return self.send(404, {"error": "not found"})
            try:
                return self.send(200, choose_move(json.loads(body)))
            except (ValueError, KeyError, TypeError, IndexError) as error:
                return self.send(422, {"error": str(error)})

        def log_message(self, format, *args):  # quiet: one line per game would be noise
            pass

    return BotHandler


def quarto_client():
    """The Python client of the service (pip install ./clients/python), or this repository's copy of it."""
    try:
        import quarto_client
    except ImportError:
        sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients", "python"))
        import quarto_client
    return quarto_client


def connect(service, bot_id, token, log=print):
    """Plays as a connected bot with the service's Python client: its connected_bot() iterator reads the
    bot's event stream (reconnecting with backoff when it drops, skipping keep-alives and the move
    requests answered already), and answer_bot_move() posts each move. Returns 1 on a refusal (a wrong
    token, a bot that is not a connected one)."""
    client = quarto_client()
    quarto = client.QuartoClient(service)

    def announce():
        log(f"connected to {service} as bot {bot_id}", flush=True)

    def dropped(error):
        log("the service closed the stream; reconnecting" if error is None else f"stream lost ({error}); reconnecting", flush=True)

    try:
        for event in quarto.connected_bot(bot_id, token, on_connect=announce, on_disconnect=dropped):
            if event["type"] == "end":
                notice = event["notice"]
                log(f"game over: {notice.get('outcome')} ({notice.get('reason')})", flush=True)
                continue
            try:
                quarto.answer_bot_move(bot_id, token, event["requestId"], choose_move(event["request"]))
            except client.QuartoError as error:
                log(f"the service refused move {event['requestId']}: {error}", flush=True)
    except client.QuartoError as error:
        log(f"the service refused the stream: {error}", flush=True)
        return 1
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description="A Quarto arena bot (the bot protocol over HTTP).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9003, help="0 picks a free port")
    parser.add_argument("--secret", default=os.environ.get("QUARTO_BOT_SECRET"), help="the whsec_... secret of the registered bot")
    parser.add_argument("--connect", metavar="SERVICE", help="play as a connected bot on this service (no server of its own)")
    parser.add_argument("--bot-id", help="with --connect: the bot's id")
    parser.add_argument("--token", default=os.environ.get("QUARTO_BOT_TOKEN"), help="with --connect: the bot's management token")
    args = parser.parse_args(argv)
    if args.connect:
        if not args.bot_id or not args.token:
            parser.error("--connect needs --bot-id and --token")
        try:
            return connect(args.connect, args.bot_id, args.token)
        except KeyboardInterrupt:
            return 0
    server = ThreadingHTTPServer((args.host, args.port), make_handler(args.secret))
    print(f"example bot on http://{args.host}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    sys.exit(main())
