"""Practice mode (BO-D5): solvable puzzles, the solution on demand, animation frames."""

from __future__ import annotations

from parlour.games.boo.practice import frames, make_puzzle, solution
from parlour.games.boo.route import check_route


def test_bo_d5_puzzles_are_solvable_and_the_solution_checks():
    """BO-D5."""
    for seed in range(5):
        puzzle = make_puzzle(seed, forbidden=2)
        p = puzzle.problem
        assert len(p.forbidden) == 2 and p.ghost != p.visitor
        routes = solution(puzzle)
        assert routes and len({len(r.steps) for r in routes}) == 1
        for r in routes:
            check_route(p.castle, p.ghost, p.visitor, p.specials, p.forbidden, r)
        assert make_puzzle(seed, 2) == puzzle
        assert puzzle.to_json()["forbidden"] and len(puzzle.to_json()["arrangement"]) == 9


def test_bo_d5_frames_follow_the_route_step_by_step():
    """BO-D5."""
    puzzle = make_puzzle("frames")
    route = solution(puzzle)[0]
    shown = frames(route, puzzle.problem.ghost)
    assert len(shown) == len(route.steps) + 1
    assert shown[0]["how"] == "start" and shown[-1]["cell"] == puzzle.to_json()["visitor"]
    assert shown[-1]["colour"] == ["white", "red", "blue", "green", "yellow", "purple"][route.last_colour]
