/**
 * The puzzles page's script: draws a puzzle (GET /v1/puzzles/{id} or /v1/puzzles/next near the
 * solver's rating), lets the solver place the piece in hand by clicking a cell and give a piece by
 * clicking it (a placement that ends the game, as POST /v1/validate-move tells, is sent at once), sends
 * the move with the position it was made from (POST /v1/puzzles/{id}/moves), and shows the verdict:
 * wrong at once, or right with the defence played on the board, or solved with the Quarto glowing.
 * The solver's Glicko-2 rating and streak are kept in localStorage. Bundled into
 * public/scripts/puzzles.js (see scripts.ts).
 */
import { boot, type ClientEnv } from "./boot.ts";

/** The page's starting point, read from its query by the server. */
export interface PuzzlesConfig {
  id: string | null;
  squares: boolean;
}

interface Puzzle {
  id: string;
  position: { string: string; toMove: "first" | "second" };
  rules: { squares: boolean; attributes: string[]; announce: string; missedClaim: boolean };
  moves: number;
  rating: number;
  deviation: number;
  attempts: number;
}

interface SolverRating {
  rating: number;
  deviation: number;
  volatility: number;
}

interface Verdict {
  correct: boolean;
  solved: boolean;
  move: string;
  reply?: string;
  position?: { string: string };
  shapes?: { cells: number[]; cellNames: string[]; attributes: string[] }[];
  puzzle: { rating: number; deviation: number; attempts: number };
  solver?: SolverRating;
}

function puzzlesClient(env: ClientEnv, config: PuzzlesConfig): void {
  const { kit, draw } = env;
  const { browser } = kit;
  const e = draw.escapeHtml;
  const SOLVER_KEY = "quarto:puzzles:solver";
  const STREAK_KEY = "quarto:puzzles:streak";

  const el = {
    status: kit.byId("puzzle-status"),
    task: kit.byId("puzzle-task"),
    meta: kit.byId("puzzle-meta"),
    board: kit.byId("board-wrap"),
    hand: kit.byId("hand"),
    pool: kit.byId("pool"),
    poolTitle: kit.byId("pool-title"),
    retry: kit.byId("retry"),
    next: kit.byId("next"),
    squares: kit.byId("squares"),
    error: kit.byId("error"),
    solver: kit.byId("solver"),
    moves: kit.byId("moves"),
  };

  let puzzle: Puzzle | null = null;
  /** The position the solver is at (a string the API answered), and the moves played on the line. */
  let at = "";
  let played: { text: string; by: "you" | "them"; wrong?: boolean }[] = [];
  let placing: number | null = null;
  let highlight: number[] = [];
  let last: number | null = null;
  /** "solve": the solver's turn; "wait": a request is out; "over": solved or wrong. */
  let phase: "solve" | "wait" | "over" = "wait";

  function stored<T>(key: string, fallback: T): T {
    try {
      const value = JSON.parse(browser.localStorage.getItem(key) ?? "null") as T | null;
      return value ?? fallback;
    } catch {
      return fallback;
    }
  }
  const solverRating = (): SolverRating | null => stored<SolverRating | null>(SOLVER_KEY, null);
  /** A solver who has not tried a puzzle: Glicko-2's new player. */
  const NEW_SOLVER: SolverRating = { rating: 1500, deviation: 350, volatility: 0.06 };
  const streak = (): number => stored<number>(STREAK_KEY, 0);

  function showSolver(): void {
    const rating = solverRating();
    el.solver.innerHTML =
      rating === null
        ? `<span class="muted">Your rating appears after your first puzzle.</span> Streak: <strong>${streak()}</strong>`
        : `Rating <strong>${Math.round(rating.rating)}</strong> <span class="muted">(±${Math.round(rating.deviation)})</span> · streak <strong>${streak()}</strong>`;
  }

  function setStatus(text: string, kind: "" | "your-turn" | "finished" | "wrong"): void {
    el.status.textContent = text;
    el.status.className = `status${kind ? ` ${kind}` : ""}`;
  }

  function render(): void {
    const state = draw.readPositionString(at);
    if (!state) return;
    const empty = state.board.flatMap((piece, cell) => (piece === null ? [cell] : []));
    el.board.innerHTML = draw.boardSvg(state.board, {
      highlight,
      last,
      playable: phase === "solve" ? empty : [],
      tentative: placing === null || state.inHand === null ? null : { cell: placing, piece: state.inHand },
      marks: placing !== null && phase === "over" ? { [placing]: "loss" } : {},
      label: "The puzzle",
    });
    const inHand = state.inHand;
    const wrong = phase === "over" && played.at(-1)?.wrong === true;
    el.hand.innerHTML =
      inHand === null || (phase === "over" && !wrong)
        ? ""
        : wrong
          ? `${draw.pieceSvg(inHand, { size: 52 })}<span>You held <strong>${e(draw.pieceName(inHand))}</strong>: ${e(played.at(-1)?.text ?? "")} lets the win slip.</span>`
          : `${draw.pieceSvg(inHand, { size: 52 })}<span>You hold <strong>${e(draw.pieceName(inHand))}</strong>${placing === null ? ": click a cell to place it." : ` on ${draw.cellNames[placing]}.`}</span>`;
    const choosing = phase === "solve" && placing !== null;
    el.poolTitle.hidden = !choosing;
    el.pool.innerHTML = draw
      .availablePieces(state)
      .map((piece) =>
        choosing
          ? `<button type="button" class="pool-piece playable" data-piece="${piece}" title="Give ${e(draw.pieceName(piece))}">${draw.pieceSvg(piece, { size: 44 })}</button>`
          : `<span class="pool-piece">${draw.pieceSvg(piece, { size: 44 })}</span>`,
      )
      .join("");
    el.moves.innerHTML = played
      .map(
        (move, index) =>
          `<li><span class="move-line${move.wrong ? " wrong" : ""}"><span class="ply">${index + 1}. ${move.by === "you" ? "You" : "They"}</span> ${draw.moveHtml(move.text)}</span></li>`,
      )
      .join("");
  }

  function describe(current: Puzzle): void {
    const variant = current.rules.squares ? "2×2 squares count" : "classic rules";
    el.meta.textContent = `rating ${current.rating} · ${variant}`;
    el.task.textContent = `Find the win in ${current.moves} move${current.moves === 1 ? "" : "s"}: ${current.moves === 1 ? "complete a Quarto now" : "each right move is answered by your opponent's best defence"}.`;
  }

  function begin(next: Puzzle): void {
    puzzle = next;
    at = next.position.string;
    played = [];
    placing = null;
    highlight = [];
    last = null;
    phase = "solve";
    el.retry.hidden = true;
    el.error.textContent = "";
    describe(next);
    setStatus("Your move: place the piece you hold, then give one.", "your-turn");
    browser.history.replaceState(null, "", `/puzzles?id=${next.id}`);
    render();
  }

  async function load(id: string | null): Promise<void> {
    phase = "wait";
    setStatus("Finding a puzzle…", "");
    const rating = solverRating();
    const query = new URLSearchParams();
    if (el.squares.checked) query.set("squares", "true");
    if (rating) query.set("rating", String(Math.round(rating.rating)));
    const path = id === null ? `/v1/puzzles/next?${query}` : `/v1/puzzles/${id}`;
    let answer = await kit.api<Puzzle>("GET", path);
    // "Next" is drawn among the nearest in rating: the same puzzle again is drawn once more.
    if (id === null && answer.ok && answer.body.id === puzzle?.id) answer = await kit.api<Puzzle>("GET", path);
    if (!answer.ok) {
      setStatus("No puzzle could be loaded.", "");
      el.error.textContent = answer.detail;
      return;
    }
    el.squares.checked = answer.body.rules.squares;
    begin(answer.body);
  }

  async function send(move: string): Promise<void> {
    if (!puzzle || phase !== "solve") return;
    phase = "wait";
    const current = puzzle;
    const from = at;
    setStatus(`Checking ${move}…`, "");
    const answer = await kit.api<Verdict>("POST", `/v1/puzzles/${current.id}/moves`, { position: from, move, solver: solverRating() ?? NEW_SOLVER });
    placing = null;
    if (answer.ok && !answer.body.correct) {
      // The wrong placement stays drawn faintly on its cell, so the solver sees what was tried.
      const cell = draw.cellNames.indexOf(move.slice(0, 2));
      placing = cell >= 0 ? cell : null;
    }
    if (!answer.ok) {
      phase = "solve";
      el.error.textContent = answer.detail;
      setStatus("Your move: place the piece you hold, then give one.", "your-turn");
      render();
      return;
    }
    const verdict = answer.body;
    if (verdict.solver) browser.localStorage.setItem(SOLVER_KEY, JSON.stringify(verdict.solver));
    el.meta.textContent = `rating ${verdict.puzzle.rating} · ${current.rules.squares ? "2×2 squares count" : "classic rules"}`;
    if (!verdict.correct) {
      browser.localStorage.setItem(STREAK_KEY, "0");
      played.push({ text: verdict.move, by: "you", wrong: true });
      phase = "over";
      el.retry.hidden = false;
      setStatus(`Wrong: ${verdict.move} lets the win slip. Try again, or take the next puzzle.`, "wrong");
    } else if (verdict.solved) {
      browser.localStorage.setItem(STREAK_KEY, String(streak() + 1));
      played.push({ text: verdict.move, by: "you" });
      at = verdict.position?.string ?? at;
      highlight = (verdict.shapes ?? []).flatMap((shape) => shape.cells);
      const shape = verdict.shapes?.[0];
      phase = "over";
      setStatus(`Solved! ${shape ? `${shape.cellNames.join(" ")}: all ${shape.attributes.join(", ")}.` : ""}`, "finished");
    } else {
      played.push({ text: verdict.move, by: "you" }, { text: verdict.reply ?? "", by: "them" });
      at = verdict.position?.string ?? at;
      last = /^([a-d][1-4])/.exec(verdict.reply ?? "") ? draw.cellNames.indexOf((verdict.reply ?? "").slice(0, 2)) : null;
      phase = "solve";
      setStatus(`Right! Your opponent answered ${verdict.reply}. Your move.`, "your-turn");
    }
    showSolver();
    render();
  }

  async function choose(cell: number): Promise<void> {
    if (phase !== "solve") return;
    const state = draw.readPositionString(at);
    if (!state || state.board[cell] !== null) return;
    placing = cell;
    render();
    // A placement that ends the game (a Quarto) is the whole move: the API says whether it is one.
    const check = await kit.api<{ legal: boolean }>("POST", "/v1/validate-move", { position: at, move: { place: cell }, rules: puzzle?.rules });
    if (check.ok && check.body.legal && placing === cell) await send(draw.cellNames[cell]);
  }

  kit.onActivate(el.board, ".cell.playable", (target) => {
    void choose(Number(target.dataset.cell));
  });
  kit.onActivate(el.pool, "button.pool-piece", (target) => {
    if (placing === null) return;
    void send(`${draw.cellNames[placing]}-${draw.pieceChar(Number(target.dataset.piece))}`);
  });
  el.next.addEventListener("click", () => {
    void load(null);
  });
  el.retry.addEventListener("click", () => {
    if (puzzle) begin(puzzle);
  });
  el.squares.addEventListener("change", () => {
    void load(null);
  });

  showSolver();
  void load(config.id);
}

boot(puzzlesClient);
