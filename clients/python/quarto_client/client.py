"""The client: one method for each operation of the API (openapi/openapi.json), standard library only.

Every method sends its request and returns the parsed answer, typed with the spec's schemas
(quarto_client.schemas, generated from the spec); an error answer, an RFC 9457 problem document, raises
QuartoError with its stable `code`. The newline-delimited JSON streams (a match's live updates, a
connected bot's events) and a match's WebSocket are iterators. A request refused with 429 or 503 is
sent again after the `Retry-After` the service gave, a few times at most, when sending it twice is
safe: a GET, PUT or DELETE, or a POST with an `Idempotency-Key` (the creating POSTs get a new one by
default).

    quarto = QuartoClient("http://localhost:8787")
    quarto.validate_move("0A3.............5", {"place": "c3", "give": 6})["legal"]      # True
    quarto.evaluate("..5.A...D3EF90.67", distance=True)["value"]                      # "win"
"""

from __future__ import annotations

import email.utils
import json
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, TypeVar, Union, cast

from .schemas import (
    Bot,
    BotCallPage,
    DailyPuzzle,
    BotEndNotice,
    BotEndReceipt,
    BotEventsPage,
    BotInfo,
    BotList,
    BotMoveAnswer,
    BotMoveReceipt,
    BotMoveRequest,
    BotStreamEvent,
    BotDetail,
    CreatedMatch,
    CreatedTournament,
    Evaluation,
    GameReview,
    Health,
    JoinedMatch,
    LadderBot,
    LadderEntry,
    LadderPage,
    Match,
    MatchRecord,
    MatchStreamMessage,
    MoveReply,
    MoveSuggestion,
    MoveVerdict,
    ProblemType,
    ProblemTypeList,
    Puzzle,
    PuzzleVerdict,
    RegisteredBot,
    Replay,
    ReviewPending,
    ServiceIndex,
    Tournament,
    TournamentGamePage,
    WinCheck,
)
from .websocket import MatchSocket, SocketRefused

__all__ = ["QuartoClient", "QuartoError", "operation"]

#: Methods that may be sent twice with the effect of once (RFC 9110, section 9.2.2).
IDEMPOTENT_METHODS = {"GET", "HEAD", "PUT", "DELETE", "OPTIONS"}
#: The statuses worth a retry: a rate limit (429) and a busy engine or a failing check (503).
RETRIED_STATUSES = {429, 503}

F = TypeVar("F", bound=Callable[..., Any])
#: A request's timeout when none is given: the client's own.
_CLIENT_TIMEOUT: Any = object()


def operation(*operation_ids: str) -> Callable[[F], F]:
    """Marks a method as the client's form of these operations of the spec (by operationId)."""

    def mark(method: F) -> F:
        method.operation_ids = operation_ids  # type: ignore[attr-defined]
        return method

    return mark


class QuartoError(Exception):
    """An error answer: its `status`, the problem document's `code` and `detail`, the whole `problem`,
    and `retry_after` (seconds, when the answer said when to try again)."""

    def __init__(self, status: int, problem: Dict[str, Any], retry_after: Optional[float] = None):
        self.status = status
        self.problem = problem
        self.code: str = problem.get("code", "unknown")
        self.detail: str = problem.get("detail", "")
        self.retry_after = retry_after
        super().__init__(f"{status} {self.code}: {self.detail}")


def _query_value(value: Any) -> str:
    """A query parameter's text: booleans as true/false, lists comma-separated, as the API reads them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(item) for item in value)
    return str(value)


def _fields(**fields: Any) -> Dict[str, Any]:
    """The fields that were given (None means: leave it out, the service's default applies)."""
    return {key: value for key, value in fields.items() if value is not None}


def _retry_after(header: Optional[str]) -> Optional[float]:
    """Retry-After in seconds: a number of seconds, or an HTTP date (RFC 9110, section 10.2.3)."""
    if header is None:
        return None
    text = header.strip()
    if text.isdigit():
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _segment(value: Any) -> str:
    """A path segment, escaped."""
    return urllib.parse.quote(str(value), safe="")


class QuartoClient:
    """A client of the service at `base_url`.

    `retries`: how many times a request refused with 429 or 503 is sent again (0: never), when it is
    safe to (see the module's docstring); it waits what `Retry-After` says, or 1, 2, 4... seconds
    without one, and gives up at once when the wait would be over `max_retry_wait` seconds.
    """

    def __init__(
        self,
        base_url: str = "http://localhost:8787",
        timeout: float = 30.0,
        *,
        retries: int = 3,
        max_retry_wait: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.max_retry_wait = max_retry_wait
        self.sleep = sleep
        # Move requests this client answered, so that a reconnected event stream does not yield them again.
        self._answered: Set[str] = set()

    @classmethod
    def operations(cls) -> Dict[str, str]:
        """The spec's operations this client covers: operationId -> method name."""
        covered: Dict[str, str] = {}
        for name in dir(cls):
            for operation_id in getattr(getattr(cls, name), "operation_ids", ()):
                covered[operation_id] = name
        return covered

    # ---- one request ----

    def _open(self, request: urllib.request.Request, timeout: Optional[float]) -> Any:
        """Sends a request (every request of the client goes through here)."""
        return urllib.request.urlopen(request, timeout=timeout)

    def _send(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Dict[str, Any]] = None,
        body: Any = None,
        token: Optional[str] = None,
        accept: str = "application/json",
        headers: Optional[Dict[str, str]] = None,
        timeout: Optional[float] = _CLIENT_TIMEOUT,
    ) -> Any:
        """Sends one request, retried as the class says; the open response (read within `timeout`
        seconds, the client's by default; None: no limit). Raises QuartoError."""
        url = self.base_url + path
        given = {key: value for key, value in (query or {}).items() if value is not None}
        if given:
            url += "?" + urllib.parse.urlencode({key: _query_value(value) for key, value in given.items()})
        sent = {"Accept": accept, **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        retryable = method in IDEMPOTENT_METHODS or "Idempotency-Key" in sent
        attempt = 0
        while True:
            request = urllib.request.Request(url, data=data, method=method, headers=sent)
            try:
                return self._open(request, self.timeout if timeout is _CLIENT_TIMEOUT else timeout)
            except urllib.error.HTTPError as error:
                failure = self._error(error)
            wait = failure.retry_after if failure.retry_after is not None else float(2**attempt)
            if not retryable or failure.status not in RETRIED_STATUSES or attempt >= self.retries or wait > self.max_retry_wait:
                raise failure
            attempt += 1
            self.sleep(wait)

    @staticmethod
    def _error(error: urllib.error.HTTPError) -> QuartoError:
        payload = error.read().decode(errors="replace")
        try:
            problem = json.loads(payload)
            if not isinstance(problem, dict):
                raise ValueError
        except ValueError:
            problem = {"code": "unknown", "detail": payload}
        return QuartoError(error.code, problem, _retry_after(error.headers.get("Retry-After")))

    def request(self, method: str, path: str, *, query: Optional[Dict[str, Any]] = None, body: Any = None, token: Optional[str] = None, text: bool = False, headers: Optional[Dict[str, str]] = None) -> Any:
        """Sends one request; the answer as parsed JSON (or text with text=True). Raises QuartoError."""
        with self._send(method, path, query=query, body=body, token=token, accept="text/plain" if text else "application/json", headers=headers) as response:
            payload = response.read().decode()
        if text:
            return payload
        return json.loads(payload) if payload else None

    def _lines(
        self,
        path: str,
        *,
        query: Optional[Dict[str, Any]] = None,
        token: Optional[str] = None,
        timeout: Optional[float] = _CLIENT_TIMEOUT,
        on_open: Optional[Callable[[], None]] = None,
    ) -> Iterator[Any]:
        """A newline-delimited JSON stream, one parsed value a line, until the service ends it."""
        with self._send("GET", path, query=query, token=token, accept="application/x-ndjson", timeout=timeout) as stream:
            if on_open is not None:
                on_open()
            for raw in stream:
                line = raw.decode().strip()
                if line:
                    yield json.loads(line)

    @staticmethod
    def _creating(idempotency_key: Optional[str]) -> Dict[str, str]:
        """The Idempotency-Key of a creating POST: the caller's, or a new one, so that a retry is safe."""
        return {"Idempotency-Key": idempotency_key or str(uuid.uuid4())}

    # ---- the service ----

    @operation("serviceIndex")
    def service_index(self) -> ServiceIndex:
        return self.request("GET", "/")

    @operation("health")
    def health(self, deep: bool = False) -> Health:
        """`{"status": "ok"}`; with deep=True each Durable Object class and the opening books are checked too."""
        return self.request("GET", "/healthz", query={"deep": "1"} if deep else None)

    @operation("listProblemTypes")
    def list_problem_types(self) -> ProblemTypeList:
        return self.request("GET", "/problems")

    @operation("getProblemType")
    def get_problem_type(self, code: str) -> ProblemType:
        """One problem code (`position/bad_character`): its status, title and description."""
        namespace, _, name = code.partition("/")
        return self.request("GET", f"/problems/{_segment(namespace)}/{_segment(name)}")

    @operation("openApiDocument")
    def openapi_document(self) -> Dict[str, Any]:
        return self.request("GET", "/openapi.json")

    @operation("apiReference")
    def api_reference(self) -> str:
        """The interactive reference's HTML page."""
        with self._send("GET", "/docs", accept="text/html") as response:
            return response.read().decode()

    # ---- the rules ----

    @operation("validateMove", "validateMoveQuery")
    def validate_move(self, position: Any, move: Union[str, Dict[str, Any]], rules: Optional[Dict[str, Any]] = None) -> MoveVerdict:
        """Tries a move: as a dict ({"place": "c3", "give": 6}, sent as POST) or in text notation
        ("c3-6", sent as the GET form)."""
        if isinstance(move, str):
            return self.request("GET", "/v1/validate-move", query={"position": position, "move": move, **(rules or {})})
        return self.request("POST", "/v1/validate-move", body=_fields(position=position, move=move, rules=rules))

    @operation("checkWin", "checkWinQuery")
    def check_win(self, position: Any, rules: Optional[Dict[str, Any]] = None, *, query_form: bool = False) -> WinCheck:
        """Who has won, and with which shapes; query_form=True sends the GET form (the same answer)."""
        if query_form:
            return self.request("GET", "/v1/check-win", query={"position": position, **(rules or {})})
        return self.request("POST", "/v1/check-win", body=_fields(position=position, rules=rules))

    # ---- the engine ----

    @operation("suggestMove", "suggestMoveQuery")
    def suggest_move(
        self,
        position: Any,
        *,
        level: Optional[str] = None,
        max_nodes: Optional[int] = None,
        seed: Optional[int] = None,
        rules: Optional[Dict[str, Any]] = None,
        query_form: bool = False,
    ) -> MoveSuggestion:
        fields = _fields(position=position, level=level, maxNodes=max_nodes, seed=seed)
        if query_form:
            return self.request("GET", "/v1/suggest-move", query={**fields, **(rules or {})})
        return self.request("POST", "/v1/suggest-move", body=_fields(rules=rules, **fields))

    @operation("evaluate", "evaluateQuery")
    def evaluate(
        self,
        position: Any,
        *,
        moves: Optional[bool] = None,
        distance: Optional[bool] = None,
        max_nodes: Optional[int] = None,
        rules: Optional[Dict[str, Any]] = None,
        query_form: bool = False,
    ) -> Evaluation:
        """The value of a position; query_form=True sends the GET form (the same answer)."""
        fields = _fields(position=position, moves=moves, distance=distance, maxNodes=max_nodes)
        if query_form:
            return self.request("GET", "/v1/evaluate", query={**fields, **(rules or {})})
        return self.request("POST", "/v1/evaluate", body=_fields(rules=rules, **fields))

    # ---- hosted matches ----

    @operation("createMatch")
    def create_match(
        self,
        *,
        rules: Optional[Dict[str, Any]] = None,
        clock: Optional[Dict[str, Any]] = None,
        first_seat: Optional[int] = None,
        opening: Optional[str] = None,
        seats: Optional[List[Dict[str, Any]]] = None,
        idempotency_key: Optional[str] = None,
    ) -> CreatedMatch:
        """A new match; the answer has its `id`, the `tokens` of the seats taken and its `state`."""
        body = _fields(rules=rules, clock=clock, firstSeat=first_seat, opening=opening, seats=seats)
        return self.request("POST", "/v1/matches", body=body, headers=self._creating(idempotency_key))

    @operation("getMatch")
    def get_match(self, match_id: str, *, after_ply: Optional[int] = None, wait: Optional[int] = None) -> Match:
        """The match's state; with after_ply, waits (at most `wait` seconds) until it is past that ply."""
        return self.request("GET", f"/v1/matches/{_segment(match_id)}", query=_fields(afterPly=after_ply, wait=wait))

    @operation("joinMatch")
    def join_match(self, match_id: str, *, seat: Optional[int] = None, name: Optional[str] = None, idempotency_key: Optional[str] = None) -> JoinedMatch:
        return self.request("POST", f"/v1/matches/{_segment(match_id)}/join", body=_fields(seat=seat, name=name), headers=self._creating(idempotency_key))

    @operation("playMatchMove")
    def play_move(self, match_id: str, token: str, ply: int, *, place: Any = None, give: Any = None, quarto: Optional[bool] = None) -> MoveReply:
        return self.request("POST", f"/v1/matches/{_segment(match_id)}/moves", token=token, body=_fields(ply=ply, place=place, give=give, quarto=quarto))

    @operation("claimQuarto")
    def claim(self, match_id: str, token: str, *, ply: Optional[int] = None, quarto: Optional[bool] = None) -> MoveReply:
        return self.request("POST", f"/v1/matches/{_segment(match_id)}/claim", token=token, body=_fields(ply=ply, quarto=quarto))

    @operation("resignMatch")
    def resign(self, match_id: str, token: str) -> MoveReply:
        return self.request("POST", f"/v1/matches/{_segment(match_id)}/resign", token=token)

    @operation("abortMatch")
    def abort(self, match_id: str, token: str) -> MoveReply:
        """Ends a match before its first placement, with no result."""
        return self.request("POST", f"/v1/matches/{_segment(match_id)}/abort", token=token)

    @operation("getMatchRecord")
    def match_record(self, match_id: str, *, text: bool = False) -> MatchRecord:
        """The game record: JSON (replays with replay()), or one line of text with text=True."""
        return self.request("GET", f"/v1/matches/{_segment(match_id)}/record", query={"format": "text"} if text else None, text=text)

    @operation("streamMatch")
    def stream_match(self, match_id: str, *, timeout: Optional[float] = None) -> Iterator[MatchStreamMessage]:
        """The match's live updates: its state first, then one message after every change, until it
        ends (or the service restarts the match's object: then call again, the first message is the state).
        The stream is quiet while nobody moves: by default (timeout=None) it waits as long as the match
        does; a number of seconds gives up on a quiet stream sooner (socket.timeout)."""
        return self._lines(f"/v1/matches/{_segment(match_id)}/stream", timeout=timeout)

    @operation("matchWebSocket")
    def match_socket(self, match_id: str, token: Optional[str] = None, *, timeout: Optional[float] = None) -> MatchSocket:
        """The match's WebSocket, open: iterate it for the server's messages (the state, then an event per
        change), send() a player's messages (with `token`, the seat's). A refusal raises QuartoError.
        Opening it takes at most the client's timeout; then, by default, it waits for messages as long
        as the match does (`timeout`: seconds to give up on a quiet socket)."""
        try:
            return MatchSocket(self.match_socket_url(match_id, token), timeout=self.timeout, read_timeout=timeout)
        except SocketRefused as refused:
            try:
                problem = json.loads(refused.body.decode(errors="replace"))
                if not isinstance(problem, dict):
                    raise ValueError
            except ValueError:
                problem = {"code": "unknown", "detail": refused.body.decode(errors="replace")}
            raise QuartoError(refused.status, problem, _retry_after(refused.headers.get("retry-after"))) from None

    def match_socket_url(self, match_id: str, token: Optional[str] = None) -> str:
        """The match's WebSocket address (for another WebSocket library)."""
        scheme, rest = self.base_url.split("://", 1)
        query = f"?token={urllib.parse.quote(token, safe='')}" if token else ""
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/v1/matches/{_segment(match_id)}/ws{query}"

    @operation("getMatchReview")
    def match_review(self, match_id: str) -> Union[GameReview, ReviewPending]:
        """The finished match's exact review, or `{"status": "pending", ...}` while it is being computed
        (wait_for_review() asks again until it is there)."""
        return self.request("GET", f"/v1/matches/{_segment(match_id)}/review")

    def wait_for_review(self, match_id: str, timeout: float = 120.0) -> GameReview:
        """Asks for the match's review until it is computed, waiting what each pending answer says."""
        deadline = time.monotonic() + timeout
        while True:
            review = self.match_review(match_id)
            if review.get("status") != "pending":
                return cast(GameReview, review)
            if time.monotonic() > deadline:
                raise TimeoutError(f"the review of match {match_id} still pending after {timeout} s")
            self.sleep(float(cast(Dict[str, Any], review).get("retryAfterS", 1)))

    @operation("reviewRecord")
    def review(self, record: Dict[str, Any], *, opening_plies: Optional[int] = None) -> GameReview:
        """The exact review of a game record in any form replay() takes."""
        return self.request("POST", "/v1/review", body={**record, **_fields(openingPlies=opening_plies)})

    @operation("replayRecord")
    def replay(self, record: Dict[str, Any]) -> Replay:
        return self.request("POST", "/v1/replay", body=record)

    # ---- bots ----

    @operation("registerBot")
    def register_bot(
        self,
        name: str,
        url: Optional[str] = None,
        *,
        connection: Optional[str] = None,
        entry: Optional[str] = None,
        ladder: Optional[bool] = None,
        secret: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> RegisteredBot:
        """Registers a bot: a webhook bot at `url`, or connection="stream" for a connected bot (no URL).
        `secret` is the bot's own signing secret (whsec_, at least 128 bits), which signs even the
        registration's GET /; without it the service makes one. The answer's `secret` and `token` are
        shown only once."""
        body = _fields(name=name, url=url, connection=connection, entry=entry, ladder=ladder, secret=secret)
        return self.request("POST", "/v1/bots", body=body, headers=self._creating(idempotency_key))

    @operation("listBots")
    def list_bots(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> BotList:
        return self.request("GET", "/v1/bots", query=_fields(limit=limit, cursor=cursor))

    @operation("getBot")
    def get_bot(self, bot_id: str) -> BotDetail:
        return self.request("GET", f"/v1/bots/{_segment(bot_id)}")

    @operation("updateBot")
    def update_bot(self, bot_id: str, token: str, *, entry: Optional[str] = None) -> Bot:
        return self.request("PATCH", f"/v1/bots/{_segment(bot_id)}", token=token, body=_fields(entry=entry))

    @operation("deleteBot")
    def delete_bot(self, bot_id: str, token: str) -> Bot:
        return self.request("DELETE", f"/v1/bots/{_segment(bot_id)}", token=token)

    @operation("rotateBotCredentials")
    def rotate_bot_credentials(
        self, bot_id: str, token: str, *, secret: Optional[str] = None, idempotency_key: Optional[str] = None
    ) -> RegisteredBot:
        """A new secret (`secret`, the bot's own, or one the service makes) and token for the bot (the old
        ones stop working); shown only once."""
        return self.request(
            "POST", f"/v1/bots/{_segment(bot_id)}/rotate", token=token, body=_fields(secret=secret), headers=self._creating(idempotency_key)
        )

    @operation("listBotCalls")
    def bot_calls(
        self, bot_id: str, token: str, *, match_id: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None
    ) -> BotCallPage:
        """A page of the bot's call log, newest first: each move request and end notice with its status,
        latency, the move answered and the forfeit it was (`match_id`: one match's only)."""
        return self.request(
            "GET", f"/v1/bots/{_segment(bot_id)}/calls", token=token, query=_fields(matchId=match_id, limit=limit, cursor=cursor)
        )

    @operation("streamBotEvents")
    def bot_events(self, bot_id: str, token: str, *, timeout: Optional[float] = 60.0) -> Iterator[BotStreamEvent]:
        """A connected bot's event stream, one event at a time (keep-alives included), until the service
        closes it. connected_bot() reconnects and skips what needs no answer."""
        return self._lines(f"/v1/bots/{_segment(bot_id)}/events", token=token, timeout=timeout)

    def poll_bot_events(self, bot_id: str, token: str, wait: int = 25) -> BotEventsPage:
        """The long poll form of the event stream: the open move requests, or the events within `wait` seconds."""
        return self.request("GET", f"/v1/bots/{_segment(bot_id)}/events", token=token, query={"wait": wait})

    @operation("answerBotMove")
    def answer_bot_move(self, bot_id: str, token: str, request_id: str, move: BotMoveAnswer) -> BotMoveReceipt:
        """A connected bot's move for the move request `request_id` of its events."""
        receipt = self.request("POST", f"/v1/bots/{_segment(bot_id)}/moves/{_segment(request_id)}", token=token, body=move)
        self._answered.add(request_id)
        return receipt

    def connected_bot(
        self,
        bot_id: str,
        token: str,
        *,
        reconnect: bool = True,
        max_backoff: float = 30.0,
        on_connect: Optional[Callable[[], None]] = None,
        on_disconnect: Optional[Callable[[Optional[Exception]], None]] = None,
    ) -> Iterator[BotStreamEvent]:
        """A connected bot's events as one iterator across reconnections: each move request (answer it
        with answer_bot_move()) and each end notice. Keep-alives are dropped, and a move request this
        client answered already is not yielded again (the service sends the open ones again on every
        connect). When the stream drops it connects again, waiting 1, 2, 4... seconds (at most
        `max_backoff`; `on_connect` is called on each connect, `on_disconnect` with the error when it
        drops, None when the service closed it); a refusal (a wrong token, an unknown or webhook bot) raises QuartoError."""
        backoff = 1.0

        def opened() -> None:
            nonlocal backoff
            backoff = 1.0
            if on_connect is not None:
                on_connect()

        while True:
            try:
                for event in self._lines(f"/v1/bots/{_segment(bot_id)}/events", token=token, timeout=60.0, on_open=opened):
                    if event.get("type") == "keepAlive":
                        continue
                    if event.get("type") == "move" and event.get("requestId") in self._answered:
                        continue
                    yield event
            except QuartoError as error:
                if error.status in (401, 403, 404, 409, 422) or not reconnect:
                    raise
                if on_disconnect is not None:
                    on_disconnect(error)
            except (urllib.error.URLError, OSError, ValueError) as error:
                if not reconnect:
                    raise
                if on_disconnect is not None:
                    on_disconnect(error)
            else:
                if not reconnect:
                    return
                if on_disconnect is not None:
                    on_disconnect(None)
            self.sleep(backoff)
            backoff = min(backoff * 2, max_backoff)

    # ---- the built-in bots, served with the bot protocol ----

    @operation("builtInBotInfo")
    def built_in_bot_info(self, name: str) -> BotInfo:
        return self.request("GET", f"/bots/{_segment(name)}")

    @operation("builtInBotMove")
    def built_in_bot_move(self, name: str, move_request: BotMoveRequest) -> BotMoveAnswer:
        """The built-in bot's move for a move request of the bot protocol."""
        return self.request("POST", f"/bots/{_segment(name)}/move", body=move_request)

    @operation("builtInBotEnd")
    def built_in_bot_end(self, name: str, notice: BotEndNotice) -> BotEndReceipt:
        return self.request("POST", f"/bots/{_segment(name)}/end", body=notice)

    # ---- tournaments ----

    @operation("createTournament")
    def create_tournament(
        self,
        bots: List[Any],
        *,
        name: Optional[str] = None,
        games_per_pair: Optional[int] = None,
        kind: Optional[str] = None,
        rounds: Optional[int] = None,
        openings: Optional[str] = None,
        concurrency: Optional[int] = None,
        sprt: Optional[Dict[str, Any]] = None,
        rules: Optional[Dict[str, Any]] = None,
        clock: Optional[Dict[str, Any]] = None,
        seed: Optional[int] = None,
        idempotency_key: Optional[str] = None,
    ) -> CreatedTournament:
        """A tournament between bots (built-in names, or {"id", "token"} of registered ones); the answer
        has its `id` and its management `token` (shown once)."""
        body = _fields(
            bots=bots, name=name, gamesPerPair=games_per_pair, kind=kind, rounds=rounds, openings=openings,
            concurrency=concurrency, sprt=sprt, rules=rules, clock=clock, seed=seed,
        )
        return self.request("POST", "/v1/tournaments", body=body, headers=self._creating(idempotency_key))

    @operation("getTournament")
    def get_tournament(self, tournament_id: str) -> Tournament:
        return self.request("GET", f"/v1/tournaments/{_segment(tournament_id)}")

    @operation("listTournamentGames")
    def tournament_games(self, tournament_id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> TournamentGamePage:
        return self.request("GET", f"/v1/tournaments/{_segment(tournament_id)}/games", query=_fields(limit=limit, cursor=cursor))

    @operation("cancelTournament")
    def cancel_tournament(self, tournament_id: str, token: str) -> Tournament:
        return self.request("POST", f"/v1/tournaments/{_segment(tournament_id)}/cancel", token=token)

    def wait_for_tournament(self, tournament_id: str, timeout: float = 120.0, poll: float = 0.25) -> Tournament:
        """Polls a tournament until it is no longer running; its final state."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.get_tournament(tournament_id)
            if state["status"] != "running":
                return state
            if time.monotonic() > deadline:
                raise TimeoutError(f"tournament {tournament_id} still running after {timeout} s")
            time.sleep(poll)

    # ---- the ladder ----

    @operation("getLadder")
    def ladder(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> LadderPage:
        return self.request("GET", "/v1/ladder", query=_fields(limit=limit, cursor=cursor))

    @operation("getLadderBot")
    def ladder_bot(self, bot_id: str) -> LadderBot:
        return self.request("GET", f"/v1/ladder/{_segment(bot_id)}")

    @operation("joinLadder")
    def join_ladder(self, bot_id: str, token: str) -> LadderEntry:
        """Puts the bot on the ladder (or back on it)."""
        return self.request("PUT", f"/v1/ladder/{_segment(bot_id)}", token=token)

    @operation("leaveLadder")
    def leave_ladder(self, bot_id: str, token: str) -> LadderEntry:
        return self.request("DELETE", f"/v1/ladder/{_segment(bot_id)}", token=token)

    # ---- puzzles ----

    @operation("nextPuzzle")
    def next_puzzle(self, rules: Optional[Dict[str, Any]] = None, *, rating: Optional[float] = None) -> Puzzle:
        """A puzzle under these rules (the classic game by default), near the solver's rating."""
        return self.request("GET", "/v1/puzzles/next", query=_fields(rating=rating, **(rules or {})))

    @operation("dailyPuzzle")
    def daily_puzzle(self) -> DailyPuzzle:
        """Today's puzzle (UTC): the same for everyone."""
        return self.request("GET", "/v1/puzzles/daily")

    @operation("getPuzzle")
    def get_puzzle(self, puzzle_id: str) -> Puzzle:
        return self.request("GET", f"/v1/puzzles/{_segment(puzzle_id)}")

    @operation("movePuzzle")
    def puzzle_move(self, puzzle_id: str, position: str, move: str, *, solver: Optional[Dict[str, float]] = None) -> PuzzleVerdict:
        """Tries a move from `position` (the puzzle's start, or the position the last verdict answered);
        with the solver's rating, the verdict that ends the attempt answers it updated."""
        return self.request("POST", f"/v1/puzzles/{_segment(puzzle_id)}/moves", body=_fields(position=position, move=move, solver=solver))

