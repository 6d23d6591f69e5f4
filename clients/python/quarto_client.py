#!/usr/bin/env python3
"""A client of the Quarto service in one file, standard library only (Python 3.9 or later).

Copy it next to your program, or run it for a demonstration against a running service:

    python3 clients/python/quarto_client.py http://localhost:8787

Every method sends one request of the API (openapi/openapi.json describes them all) and returns the
parsed JSON answer; an error answer (an RFC 9457 problem document) raises QuartoError with its stable
`code`. Seats, roles and names: a match numbers its seats 0 and 1; positions and results also give the
role, `first` (made the opening give) or `second` (docs/rules.md, section Who is who).

    quarto = QuartoClient("http://localhost:8787")
    quarto.validate_move("0A3.............5", {"place": "c3", "give": 6})["legal"]      # True
    quarto.evaluate("..5.A...D3EF90.67", distance=True)["value"]                      # "win"
"""

import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

__all__ = ["QuartoClient", "QuartoError"]


class QuartoError(Exception):
    """An error answer: `status`, the problem document's `code` and `detail`, and the whole `problem`."""

    def __init__(self, status, problem):
        self.status = status
        self.problem = problem
        self.code = problem.get("code", "unknown")
        self.detail = problem.get("detail", "")
        super().__init__(f"{status} {self.code}: {self.detail}")


def _query_value(value):
    """A query parameter's text: booleans as true/false, lists comma-separated, as the API reads them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(item) for item in value)
    return str(value)


def _fields(**fields):
    """The fields that were given (None means: leave it out, the service's default applies)."""
    return {key: value for key, value in fields.items() if value is not None}


class QuartoClient:
    def __init__(self, base_url="http://localhost:8787", timeout=30.0):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    # ---- one request ----

    def request(self, method, path, *, query=None, body=None, token=None, text=False):
        """Sends one request; the answer as parsed JSON (or text with text=True). Raises QuartoError."""
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode({key: _query_value(value) for key, value in query.items() if value is not None})
        headers = {"Accept": "text/plain" if text else "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = response.read().decode()
        except urllib.error.HTTPError as error:
            payload = error.read().decode()
            try:
                problem = json.loads(payload)
            except ValueError:
                problem = {"code": "unknown", "detail": payload}
            raise QuartoError(error.code, problem) from None
        if text:
            return payload
        return json.loads(payload) if payload else None

    # ---- the rules ----

    def validate_move(self, position, move, rules=None):
        """Tries a move: `move` as a dict ({"place": "c3", "give": 6}) or in text notation ("c3-6")."""
        if isinstance(move, str):
            return self.request("GET", "/v1/validate-move", query={"position": position, "move": move, **(rules or {})})
        return self.request("POST", "/v1/validate-move", body=_fields(position=position, move=move, rules=rules))

    def check_win(self, position, rules=None):
        return self.request("POST", "/v1/check-win", body=_fields(position=position, rules=rules))

    # ---- the engine ----

    def suggest_move(self, position, *, level=None, max_nodes=None, seed=None, rules=None):
        return self.request("POST", "/v1/suggest-move", body=_fields(position=position, level=level, maxNodes=max_nodes, seed=seed, rules=rules))

    def evaluate(self, position, *, moves=None, distance=None, max_nodes=None, rules=None, query_form=False):
        """The value of a position; query_form=True sends the GET form (the same answer)."""
        fields = _fields(position=position, moves=moves, distance=distance, maxNodes=max_nodes)
        if query_form:
            return self.request("GET", "/v1/evaluate", query={**fields, **(rules or {})})
        return self.request("POST", "/v1/evaluate", body=_fields(rules=rules, **fields))

    # ---- hosted matches ----

    def create_match(self, *, rules=None, clock=None, first_seat=None, seats=None):
        """A new match; the answer has its `id`, the `tokens` of the seats taken and its `state`."""
        return self.request("POST", "/v1/matches", body=_fields(rules=rules, clock=clock, firstSeat=first_seat, seats=seats))

    def get_match(self, match_id, *, after_ply=None, wait=None):
        """The match's state; with after_ply, waits (at most `wait` seconds) until it is past that ply."""
        return self.request("GET", f"/v1/matches/{match_id}", query=_fields(afterPly=after_ply, wait=wait))

    def join_match(self, match_id, *, seat=None, name=None):
        return self.request("POST", f"/v1/matches/{match_id}/join", body=_fields(seat=seat, name=name))

    def play_move(self, match_id, token, ply, *, place=None, give=None, quarto=None):
        return self.request("POST", f"/v1/matches/{match_id}/moves", token=token, body=_fields(ply=ply, place=place, give=give, quarto=quarto))

    def claim(self, match_id, token, *, ply=None, quarto=None):
        return self.request("POST", f"/v1/matches/{match_id}/claim", token=token, body=_fields(ply=ply, quarto=quarto))

    def resign(self, match_id, token):
        return self.request("POST", f"/v1/matches/{match_id}/resign", token=token)

    def match_record(self, match_id, *, text=False):
        """The game record: JSON (replays with replay()), or one line of text with text=True."""
        return self.request("GET", f"/v1/matches/{match_id}/record", query={"format": "text"} if text else None, text=text)

    def replay(self, record):
        return self.request("POST", "/v1/replay", body=record)

    # ---- bots and tournaments ----

    def list_bots(self):
        return self.request("GET", "/v1/bots")

    def register_bot(self, name, url):
        """Registers an HTTP bot; the answer's `secret` and `token` are shown only once."""
        return self.request("POST", "/v1/bots", body={"name": name, "url": url})

    def create_tournament(self, bots, *, name=None, games_per_pair=None, rules=None, clock=None, seed=None):
        return self.request("POST", "/v1/tournaments", body=_fields(bots=bots, name=name, gamesPerPair=games_per_pair, rules=rules, clock=clock, seed=seed))

    def get_tournament(self, tournament_id):
        return self.request("GET", f"/v1/tournaments/{tournament_id}")

    def wait_for_tournament(self, tournament_id, timeout=120.0, poll=0.25):
        """Polls a tournament until it is no longer running; its final state."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.get_tournament(tournament_id)
            if state["status"] != "running":
                return state
            if time.monotonic() > deadline:
                raise TimeoutError(f"tournament {tournament_id} still running after {timeout} s")
            time.sleep(poll)


def play_against_engine(quarto, level="easy", seed=1):
    """A whole hosted match: our seat 0 plays the engine's suggestions at `level` against the engine.
    Returns the finished state."""
    created = quarto.create_match(seats=[{"kind": "human", "take": True, "name": "python"}, {"kind": "engine", "level": "random"}])
    match_id, token = created["id"], created["tokens"][0]["token"]
    state = created["state"]
    while state["status"] != "finished":
        if state["turn"]["seat"] != 0:
            state = quarto.get_match(match_id, after_ply=state["ply"], wait=10)
            continue
        move = quarto.suggest_move(state["position"]["string"], level=level, seed=seed + state["ply"])["move"]
        state = quarto.play_move(match_id, token, state["ply"], place=move.get("place"), give=move.get("give"), quarto=move.get("quarto"))["state"]
    return state


def main(argv):
    base_url = argv[1] if len(argv) > 1 else "http://localhost:8787"
    quarto = QuartoClient(base_url)
    verdict = quarto.validate_move("0A3.............5", "c3-6")
    print("c3-6 is legal:", verdict["legal"], "->", verdict["position"]["string"])
    evaluation = quarto.evaluate("..5.A...D3EF90.67", distance=True, max_nodes=200000)
    print("..5.A...D3EF90.67 is a", evaluation["value"], "in", evaluation["pliesToEnd"], "placements")
    try:
        quarto.evaluate("89AB.............")
    except QuartoError as error:
        print("a finished game:", error.code)
    state = play_against_engine(quarto)
    result = state["result"]
    winner = "nobody" if result["winner"] is None else f"seat {result['winner']} ({result['winnerRole']})"
    print(f"match {state['id']}: {result['reason']}, won by {winner}; {state['text']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
