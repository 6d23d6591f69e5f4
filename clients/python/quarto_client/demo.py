"""A short demonstration against a running service: a move, an evaluation, an error, and a whole hosted
match against the engine.

    python3 -m quarto_client http://localhost:8787
"""

from __future__ import annotations

from typing import List

from .client import QuartoClient, QuartoError
from .schemas import Match


def play_against_engine(quarto: QuartoClient, level: str = "easy", seed: int = 1) -> Match:
    """A whole hosted match: our seat 0 plays the engine's suggestions at `level` against the engine
    (level random). Returns the finished state."""
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


def main(argv: List[str]) -> int:
    base_url = argv[1] if len(argv) > 1 else "http://localhost:8787"
    quarto = QuartoClient(base_url)
    verdict = quarto.validate_move("0A3.............5", "c3-6")
    print("c3-6 is legal:", verdict["legal"], "->", verdict["position"]["string"])
    evaluation = quarto.evaluate("..5.A...D3EF90.67", distance=True, max_nodes=200000)
    print("..5.A...D3EF90.67 is a", evaluation["value"], "in", evaluation.get("pliesToEnd"), "placements")
    try:
        quarto.evaluate("89AB.............")
    except QuartoError as error:
        print("a finished game:", error.code)
    state = play_against_engine(quarto)
    result = state["result"]
    winner = "nobody" if result["winner"] is None else f"seat {result['winner']} ({result['winnerRole']})"
    print(f"match {state['id']}: {result['reason']}, won by {winner}; {state['text']}")
    return 0
