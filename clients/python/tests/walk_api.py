"""Calls every operation of the API through QuartoClient against a running service, and prints what it
saw as one JSON object: which operations were sent (read off the requests themselves) and the answers
test/core/python-clients.test.ts checks.

    python3 clients/python/tests/walk_api.py http://127.0.0.1:8787
"""

import json
import re
import sys
import uuid

from quarto_client import QuartoClient, QuartoError
from quarto_client.schemas import OPERATIONS

# The operations' paths as patterns: `/v1/matches/{id}` matches `/v1/matches/abc`.
PATTERNS = [
    (operation_id, method, re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"))
    for operation_id, (method, path) in OPERATIONS.items()
]


class RecordingClient(QuartoClient):
    """Records the operation of every request it sends (a GET form and a POST form are two operations)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sent = set()

    def match_socket(self, match_id, token=None, **options):
        # The WebSocket is not an HTTP request of urllib's: recorded when it is opened.
        self.sent.add("matchWebSocket")
        return super().match_socket(match_id, token, **options)

    def _open(self, request, timeout):
        path = request.selector.split("?")[0]
        query = request.selector.partition("?")[2]
        found = [operation_id for operation_id, method, pattern in PATTERNS if method == request.get_method() and pattern.match(path)]
        # GET /v1/validate-move and friends: the one whose path matches; /bots/{name} against /problems/...
        self.sent.update(found)
        if not found:
            self.sent.add(f"unknown {request.get_method()} {path}?{query}")
        return super()._open(request, timeout)


def problem_of(call):
    try:
        call()
    except QuartoError as error:
        return {"status": error.status, "code": error.code}
    return None


def main(base_url):
    q = RecordingClient(base_url)
    out = {}

    # The service.
    out["index"] = q.service_index()["name"]
    out["health"] = q.health()["status"]
    out["problemTypes"] = len(q.list_problem_types()["problems"])
    out["problemType"] = q.get_problem_type("position/bad_character")["status"]
    out["openapi"] = q.openapi_document()["openapi"]
    out["reference"] = "<!doctype html>" in q.api_reference()

    # The rules and the engine, each in both forms.
    out["validate"] = [q.validate_move("0A3.............5", {"place": "c3", "give": 6})["legal"], q.validate_move("0A3.............5", "a1-6")["legal"]]
    out["checkWin"] = [q.check_win("89AB.............")["winner"], q.check_win("89AB.............", query_form=True)["winner"]]
    out["badPosition"] = problem_of(lambda: q.check_win("0A3x............5"))
    out["suggest"] = [
        q.suggest_move("..5.A...D3EF90.67", seed=7, max_nodes=200000)["value"],
        q.suggest_move("..5.A...D3EF90.67", seed=7, max_nodes=200000, query_form=True)["value"],
    ]
    out["evaluate"] = [
        q.evaluate("..5.A...D3EF90.67", distance=True, max_nodes=200000)["pliesToEnd"],
        q.evaluate("..5.A...D3EF90.67", distance=True, max_nodes=200000, query_form=True)["pliesToEnd"],
    ]

    # A match between two people: join, a move, a claim refused, a resignation, its record and stream.
    created = q.create_match(first_seat=0, seats=[{"kind": "human", "take": True, "name": "ada"}, {"kind": "human"}])
    match_id, first = created["id"], created["tokens"][0]["token"]
    second = q.join_match(match_id, seat=1, name="grace")["token"]
    q.play_move(match_id, first, 0, give=8)
    out["claim"] = problem_of(lambda: q.claim(match_id, second, ply=1))
    out["resigned"] = q.resign(match_id, second)["state"]["result"]["reason"]
    out["afterPly"] = q.get_match(match_id, after_ply=0, wait=1)["status"]
    record = q.match_record(match_id)
    out["recordText"] = q.match_record(match_id, text=True).strip()
    out["replay"] = q.replay(record)["valid"]
    out["stream"] = [message["type"] for message in q.stream_match(match_id, timeout=30)]
    out["review"] = {"match": len(q.wait_for_review(match_id, timeout=60)["moves"]), "record": len(q.review(record)["moves"])}
    out["socketUrl"] = q.match_socket_url(match_id, first)
    # The WebSocket: a player's socket gets the state, plays the opening give, and hears it back.
    live_match = q.create_match(first_seat=0, seats=[{"kind": "human", "take": True}, {"kind": "human", "take": True}])
    with q.match_socket(live_match["id"], live_match["tokens"][0]["token"], timeout=30) as live:
        state = live.receive()
        live.send({"type": "move", "id": 1, "ply": 0, "give": 5})
        heard = []
        for message in live:
            heard.append(message["type"] if message["type"] != "event" else f"event:{message['event']['kind']}")
            if "ok" in heard and "event:move" in heard:
                break
    out["socket"] = {"first": state["type"], "seat": state["seat"], "heard": sorted(set(heard))}
    out["socketRefused"] = problem_of(lambda: q.match_socket("a" * 26))
    # A match aborted before its first placement.
    aborted = q.create_match(first_seat=0, seats=[{"kind": "human", "take": True}, {"kind": "engine", "level": "random"}])
    out["aborted"] = q.abort(aborted["id"], aborted["tokens"][0]["token"])["state"]["status"]

    # A connected bot: registered, settings changed, a game through its event stream (the built-in easy
    # bot chooses its moves, and hears how the game ended), credentials rotated, the ladder, deleted.
    name = "py-" + uuid.uuid4().hex[:8]
    bot = q.register_bot(name, connection="stream")
    bot_id, token = bot["id"], bot["token"]
    out["listed"] = any(entry["id"] == bot_id for entry in q.list_bots(limit=200)["bots"])
    out["entry"] = q.update_bot(bot_id, token, entry="owner")["entry"]
    out["polled"] = q.poll_bot_events(bot_id, token, wait=1)["events"]
    out["info"] = q.built_in_bot_info("easy")["name"]
    game = q.create_match(first_seat=0, seats=[{"kind": "bot", "bot": bot_id, "token": token}, {"kind": "engine", "level": "random"}])
    moves = 0
    for event in q.connected_bot(bot_id, token):
        if event["type"] == "move":
            answer = q.built_in_bot_move("easy", event["request"])
            q.answer_bot_move(bot_id, token, event["requestId"], answer)
            moves += 1
        elif event["type"] == "end" and event["notice"]["matchId"] == game["id"]:
            out["ended"] = {"outcome": event["notice"]["outcome"], "received": q.built_in_bot_end("easy", event["notice"])["received"]}
            break
    out["botMoves"] = moves
    out["botDetail"] = q.get_bot(bot_id)["name"] == name
    # Its call log (written in the background: the game's calls show within moments).
    out["calls"] = isinstance(q.bot_calls(bot_id, token, match_id=game["id"], limit=20)["calls"], list)
    token = q.rotate_bot_credentials(bot_id, token)["token"]
    out["ladder"] = [q.join_ladder(bot_id, token)["status"], q.ladder_bot(bot_id)["status"], any(entry["bot"]["id"] == bot_id for entry in q.ladder(limit=200)["bots"])]
    out["left"] = q.leave_ladder(bot_id, token)["status"]
    out["deleted"] = q.delete_bot(bot_id, token)["id"] == bot_id

    # Tournaments: one played to the end and its games, one cancelled.
    played = q.create_tournament(["random", "easy"], seed=11)
    out["tournament"] = q.wait_for_tournament(played["id"], timeout=60)["status"]
    out["games"] = len(q.tournament_games(played["id"], limit=1)["games"])
    # Long enough to be cancelled while it runs (random against easy can finish within the request).
    cancelled = q.create_tournament(["hard", "perfect"], games_per_pair=100, seed=12)
    out["cancelled"] = q.cancel_tournament(cancelled["id"], cancelled["token"])["status"]

    # Puzzles: one drawn, read again, today's, and a first move tried (right or wrong, the verdict says).
    puzzle = q.next_puzzle({"squares": True}, rating=1500)
    out["puzzle"] = [q.get_puzzle(puzzle["id"])["id"] == puzzle["id"], q.daily_puzzle()["rules"]["squares"]]
    verdict = q.puzzle_move(puzzle["id"], puzzle["position"]["string"], q.evaluate(puzzle["position"]["string"], rules={"squares": True}, moves=True)["moves"][0]["move"]["text"])
    out["puzzleVerdict"] = isinstance(verdict["correct"], bool)

    out["sent"] = sorted(q.sent)
    out["covered"] = sorted(QuartoClient.operations())
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
