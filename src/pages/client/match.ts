/**
 * The match page's script. It follows the match over its WebSocket (`state` on connect, an `event` with
 * the full state after every change) and re-renders with match-view.ts. A browser holding the seat's
 * token (kept by the home page, or got here with "Take the seat") authenticates on the socket and plays
 * by clicking: a cell for the piece in hand, then the piece to give; the placement alone when it ends
 * the game (asked of POST /v1/validate-move, so the page applies no rules of its own). It never scrolls
 * the window (only the move list, to its current move), and offers a finished match's seat holder a
 * rematch (POST /v1/matches, seats swapped). Bundled into public/scripts/match.js (see scripts.ts).
 */
import type { GameReviewOutput, MatchView } from "../../wire/index.ts";
import { boot, type ClientEnv } from "./boot.ts";
import type { MatchUi } from "../match-view.ts";
import type { BrowserSocket } from "./browser.ts";

export interface MatchPageConfig {
  id: string;
  state: MatchView;
}

type ServerMessage =
  | { type: "state"; state: MatchView }
  | { type: "event"; state: MatchView }
  | { type: "ok"; id: number | null; seat?: 0 | 1 }
  | { type: "error"; id: number | null; problem: { code: string; detail: string } };

function matchClient(env: ClientEnv, config: MatchPageConfig): void {
  const { kit, views, draw } = env;
  const { browser } = kit;
  const id = config.id;
  let view = config.state;
  let receivedAt = Date.now();
  let held = kit.heldSeat(id);
  // A bot seat whose bot this browser holds the token of (found by its name: names are unique) links each of its moves to its call.
  const heldBots = kit.heldBots();
  const callsOf = ([0, 1] as const).map((seat) => {
    const shown = view.seats[seat];
    return shown?.kind === "bot" ? (heldBots.find((bot) => bot.name === shown.name)?.id ?? null) : null;
  }) as [string | null, string | null];
  const ui: MatchUi = { seat: null, selectedCell: null, shownPly: null, busy: false, connected: false, callsOf };
  let socket: BrowserSocket | null = null;
  let retryMs = 500;
  let nextMessageId = 1;
  let awaiting: { id: number; timer: number } | null = null;
  let resignArmed = false;
  /** The finished match's review once the service has it (GET /v1/matches/{id}/review: 202 until then). */
  let review: GameReviewOutput | null = null;
  let reviewAsked = false;

  const el = {
    board: kit.byId("board-wrap"),
    hand: kit.byId("hand"),
    status: kit.byId("status"),
    seats: kit.byId("seats"),
    pool: kit.byId("pool"),
    moves: kit.byId("moves"),
    error: kit.byId("error"),
    live: kit.byId("live"),
    join: kit.byId("join"),
    invite: kit.byId("invite"),
    inviteLink: kit.byId("invite-link"),
    quarto: kit.byId("quarto-button"),
    claim: kit.byId("claim-button"),
    abort: kit.byId("abort-button"),
    resign: kit.byId("resign-button"),
    rematch: kit.byId("rematch-button"),
    analyze: kit.byId("analyze-link"),
    analyzeItem: kit.byId("analyze-item"),
  };

  function showError(message: string): void {
    el.error.textContent = message;
  }

  /** Time left per seat now, counting down the running clock since the state arrived. */
  function clocksNow(): (number | null)[] {
    const remaining = [...view.clocks.remainingMs];
    const running = view.clocks.running;
    if (running !== null && view.status === "active") {
      const left = remaining[running];
      if (left !== null) remaining[running] = Math.max(0, left - (Date.now() - receivedAt));
    }
    return remaining;
  }

  function analyzeHref(): string {
    const position = views.shownPosition(view, ui);
    const query = new URLSearchParams({ position: draw.positionString(position) });
    if (view.rules.squares) query.set("squares", "true");
    if (view.rules.attributes.length < 4) query.set("attributes", view.rules.attributes.join(","));
    return `/analyze?${query}`;
  }

  /**
   * Scrolls the move list (not the window: on a phone that would hide the board) so its current move
   * is in view, by whole rows: the first row shown starts at the top of the list, so no row is cut
   * there.
   */
  function scrollMovesToCurrent(): void {
    const list = el.moves.querySelector(".moves");
    const current = list?.querySelector(".current");
    if (!list || !current) return;
    const box = list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    if (item.bottom <= box.bottom + 1 && item.top >= box.top - 1) return;
    // Row tops and the current move's edges, in the list's content (scroll) coordinates.
    const inContent = (y: number) => y - box.top + list.scrollTop;
    const rows = [...new Set([...list.querySelectorAll("li")].map((li) => Math.round(inContent(li.getBoundingClientRect().top))))].sort((a, b) => a - b);
    const top = inContent(item.top);
    const bottom = inContent(item.bottom);
    // The first row (the least scroll) from which the current move shows whole, not below its own row.
    const fits = rows.find((row) => bottom - row <= list.clientHeight + 1 && row <= top + 1);
    list.scrollTop = fits ?? Math.round(top);
  }

  function render(): void {
    el.board.innerHTML = views.boardHtml(view, ui);
    el.hand.innerHTML = views.handHtml(view, ui);
    el.status.innerHTML = views.statusHtml(view, ui);
    el.seats.innerHTML = views.seatsHtml(view, ui, clocksNow());
    el.pool.innerHTML = views.poolHtml(view, ui);
    el.moves.innerHTML = views.movesHtml(view, ui, review);
    if (view.status === "finished" && !reviewAsked) {
      reviewAsked = true;
      void loadReview();
    }
    scrollMovesToCurrent();
    const can = views.actions(view, ui);
    el.quarto.hidden = !can.quarto;
    el.claim.hidden = !can.claim;
    el.abort.hidden = !can.abort;
    el.resign.hidden = !can.resign;
    el.rematch.hidden = !can.rematch;
    el.analyzeItem.hidden = !can.analyze;
    kit.byId("again-link").hidden = view.status !== "finished";
    el.resign.textContent = resignArmed ? "Click again to resign" : "Resign";
    el.join.hidden = !can.join || held !== null;
    const joinName = kit.byId("join-name");
    if (!el.join.hidden && joinName.value === "") {
      // A rematch keeps the opponent's name on the seat it leaves open for them.
      const open = view.seats.find((seat) => seat.kind === "human" && !seat.taken);
      if (open?.name) joinName.value = open.name;
    }
    const inviting = ui.seat !== null && view.status === "waiting";
    el.invite.hidden = !inviting;
    if (inviting) el.inviteLink.value = `${browser.location.origin}/matches/${id}`;
    el.live.className = `live ${ui.connected ? "on" : "off"}`;
    el.live.textContent = ui.connected ? "live" : "reconnecting…";
    el.analyze.setAttribute("href", analyzeHref());
    browser.document.title = `${views.myTurn(view, ui) ? "Your turn · " : ""}Match ${id.slice(0, 6)} · Quarto`;
  }

  function tick(): void {
    const clocks = clocksNow();
    for (const seat of [0, 1]) {
      const clock = browser.document.getElementById(`clock-${seat}`);
      if (clock) clock.textContent = views.clockText(clocks[seat] ?? null);
    }
  }

  function accept(state: MatchView): void {
    if (state.ply !== view.ply || state.status !== view.status) ui.selectedCell = null;
    view = state;
    receivedAt = Date.now();
    render();
  }

  // ---- the socket ----

  function send(message: Record<string, unknown>): void {
    if (socket?.readyState !== 1) {
      showError("Not connected: reconnecting, try again in a moment.");
      return;
    }
    const messageId = nextMessageId++;
    ui.busy = true;
    const timer = browser.setTimeout(() => {
      if (awaiting?.id !== messageId) return;
      awaiting = null;
      ui.busy = false;
      showError("No answer from the server; the move may not have been played.");
      render();
    }, 10_000);
    awaiting = { id: messageId, timer };
    showError("");
    socket.send(JSON.stringify({ ...message, id: messageId }));
    render();
  }

  function settle(messageId: number | null): void {
    if (awaiting && awaiting.id === messageId) {
      browser.clearTimeout(awaiting.timer);
      awaiting = null;
      ui.busy = false;
    }
  }

  function onMessage(message: ServerMessage): void {
    switch (message.type) {
      case "state":
      case "event":
        accept(message.state);
        return;
      case "ok":
        if (message.id === 0 && message.seat !== undefined) ui.seat = message.seat;
        settle(message.id);
        render();
        return;
      case "error":
        if (message.id === 0) {
          // The token this browser kept is not a seat of this match: watch instead.
          held = null;
          ui.seat = null;
        } else {
          settle(message.id);
          ui.selectedCell = null;
          showError(message.problem.detail);
        }
        render();
        return;
    }
  }

  function connect(): void {
    const scheme = browser.location.protocol === "https:" ? "wss:" : "ws:";
    const current = new browser.WebSocket(`${scheme}//${browser.location.host}/v1/matches/${id}/ws`);
    socket = current;
    current.addEventListener("open", () => {
      retryMs = 500;
      ui.connected = true;
      // Authenticate with id 0, so the answer is told apart from the answers to commands.
      if (held) current.send(JSON.stringify({ type: "auth", token: held.token, id: 0 }));
      render();
    });
    current.addEventListener("message", (event) => {
      try {
        onMessage(JSON.parse(String(event.data)) as ServerMessage);
      } catch (error) {
        showError(`Unreadable message from the server (${String(error)}).`);
      }
    });
    current.addEventListener("close", () => {
      if (socket !== current) return;
      socket = null;
      ui.connected = false;
      if (awaiting) settle(awaiting.id);
      render();
      browser.setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    });
  }

  // ---- playing ----

  function playMove(move: { place?: number; give?: number; quarto?: boolean }): void {
    send({ type: "move", ply: view.ply, ...move });
  }

  /** A cell for the piece in hand: played at once when the placement ends the game, else a give is asked for. */
  async function chooseCell(cell: number): Promise<void> {
    ui.selectedCell = cell;
    ui.busy = true;
    render();
    const ply = view.ply;
    const answer = await kit.api<{ legal: boolean; code?: string }>("POST", "/v1/validate-move", {
      position: view.position.string,
      move: { place: cell },
      rules: view.rules,
    });
    ui.busy = false;
    if (view.ply !== ply || ui.selectedCell !== cell) return render();
    if (!answer.ok) {
      ui.selectedCell = null;
      showError(answer.detail);
      return render();
    }
    if (answer.body.legal) return playMove({ place: cell });
    render();
  }

  kit.onActivate(el.board, ".cell.playable", (target) => {
    if (!views.myTurn(view, ui)) return;
    void chooseCell(Number(target.dataset.cell));
  });

  kit.onActivate(el.pool, ".pool-piece.playable", (target) => {
    if (!views.myTurn(view, ui)) return;
    const give = Number(target.dataset.piece);
    playMove(view.turn?.phase === "place" ? { place: ui.selectedCell ?? undefined, give } : { give });
  });

  el.quarto.addEventListener("click", () => {
    if (ui.selectedCell !== null) playMove({ place: ui.selectedCell, quarto: true });
  });
  el.claim.addEventListener("click", () => send({ type: "claim", ply: view.ply }));
  el.abort.addEventListener("click", () => send({ type: "abort" }));
  el.resign.addEventListener("click", () => {
    if (!resignArmed) {
      resignArmed = true;
      render();
      browser.setTimeout(() => {
        resignArmed = false;
        render();
      }, 4000);
      return;
    }
    resignArmed = false;
    send({ type: "resign" });
  });

  kit.byId("join-button").addEventListener("click", async () => {
    const name = (kit.byId("join-name").value ?? "").trim();
    const answer = await kit.api<{ seat: 0 | 1; token: string; state: MatchView }>("POST", `/v1/matches/${id}/join`, name ? { name } : {});
    if (!answer.ok) return showError(answer.detail);
    held = { seat: answer.body.seat, token: answer.body.token };
    kit.holdSeat(id, held);
    ui.seat = held.seat;
    if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: "auth", token: held.token, id: 0 }));
    accept(answer.body.state);
  });

  el.rematch.addEventListener("click", async () => {
    const mySeat = ui.seat;
    if (mySeat === null) return;
    ui.busy = true;
    render();
    const answer = await kit.api<{ id: string; tokens: { seat: 0 | 1; token: string }[] }>("POST", "/v1/matches", views.rematchRequest(view, ui));
    ui.busy = false;
    if (!answer.ok) {
      showError(answer.detail);
      return render();
    }
    // This browser's seat in the rematch is the other one; the new page shows the link to send when a person is awaited.
    const token = answer.body.tokens.find((entry) => entry.seat === 1 - mySeat);
    if (token) kit.holdSeat(answer.body.id, token);
    browser.location.assign(`/matches/${answer.body.id}`);
  });

  // Copying says what happened: "Copied" for a moment, or (no clipboard, or it refused) to copy the selected link by hand.
  const copyButton = kit.byId("copy-link");
  copyButton.addEventListener("click", () => {
    el.inviteLink.select?.();
    const said = (text: string) => {
      copyButton.textContent = text;
      browser.setTimeout(() => {
        copyButton.textContent = "Copy";
      }, 2000);
    };
    const clipboard = browser.navigator.clipboard;
    if (!clipboard) return said("Select and copy");
    void clipboard.writeText(el.inviteLink.value).then(
      () => said("Copied ✓"),
      () => said("Select and copy"),
    );
  });

  // ---- the review of a finished match ----

  /** Asks for the review until it is ready (the service computes it in the background as the game ends). */
  async function loadReview(): Promise<void> {
    const section = kit.byId("review");
    for (let tries = 0; tries < 60; tries++) {
      const answer = await kit.api<GameReviewOutput | { status: "pending"; retryAfterS: number }>("GET", `/v1/matches/${id}/review`);
      if (!answer.ok) return;
      if (answer.body.status === "ready") {
        review = answer.body;
        section.innerHTML = views.reviewHtml(view, review);
        section.hidden = false;
        render();
        return;
      }
      section.hidden = false;
      section.innerHTML = `<h2>Review</h2><p class="muted">The engine is reviewing this game…</p>`;
      const wait = answer.body.retryAfterS;
      await new Promise<void>((resolve) => browser.setTimeout(() => resolve(), Math.max(1, wait) * 1000));
    }
  }
  kit.delegate(kit.byId("review"), "click", "[data-review-show]", (target) => show(Number(target.dataset.reviewShow)));

  // ---- stepping through the moves ----

  function show(ply: number): void {
    const clamped = Math.max(0, Math.min(ply, view.moves.length));
    ui.shownPly = clamped === view.moves.length ? null : clamped;
    ui.selectedCell = null;
    render();
  }
  kit.delegate(el.moves, "click", "[data-ply]", (target) => show(Number(target.dataset.ply)));
  kit.delegate(browser.document.querySelector(".steps") ?? el.moves, "click", "[data-step]", (target) => {
    const at = ui.shownPly ?? view.moves.length;
    const steps: Record<string, number> = { first: 0, prev: at - 1, next: at + 1, last: view.moves.length };
    show(steps[target.dataset.step ?? "last"] ?? view.moves.length);
  });
  browser.document.addEventListener("keydown", (event) => {
    const typing = event.target?.closest("input, select, textarea");
    if (typing) return;
    const at = ui.shownPly ?? view.moves.length;
    if (event.key === "ArrowLeft") show(at - 1);
    if (event.key === "ArrowRight") show(at + 1);
  });

  ui.seat = held?.seat ?? null;
  render();
  connect();
  browser.setInterval(tick, 200);
}

boot(matchClient);
