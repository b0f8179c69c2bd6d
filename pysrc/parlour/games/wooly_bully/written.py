"""Wooly Bully's moves and events in words, each with the rule behind it (the log, the embeds'
captions). :class:`parlour.games.wooly_bully.rules.WoolyBully` answers with these (decision 0113)."""

from __future__ import annotations

from parlour.engine import JSON, Event
from parlour.games.wooly_bully import moves as mv
from parlour.games.wooly_bully.legal import ID
from parlour.games.wooly_bully.moves import Move
from parlour.games.wooly_bully.state import WoolyState
from parlour.games.wooly_bully.tiles import COLOURS, tile

PLAY_RULES = {
    "place-wolf": "WB-8",
    "place-hunter": "WB-9",
    "place-on-hunter": "WB-9",  # a hunter laid on a wolf
    "place-on-wolf": "WB-V4",  # the hungry wolf eats a hunter
}
"""The rule behind each way of laying a wolf or a hunter (a landscape tile: WB-3)."""
EVENT_RULES = {"passed": "WB-3", "discarded": "WB-V1", "final-plays": "WB-13", "turn": "WB-4"}
"""The rule behind an event that always has the same one."""


def describe_move(state: WoolyState, player: int, move: Move) -> tuple[str, dict[str, JSON]]:
    params: dict[str, JSON] = {"player": player, "move": mv.encode(move)}
    if move.kind == "place":
        t = tile(move.tile)
        params.update(tile=move.tile, kind=t.kind, design=t.design, x=move.pos[0], y=move.pos[1])
        # One sentence per kind, so every language names the tile without nesting words.
        key = "place-on" if move.pos in state.board.cells else "place"
        if t.kind in ("wolf", "hunter"):
            key += f"-{t.kind}"
        return (f"{ID}.log.{key}", params)
    if move.kind == "reveal":
        # A catalogue key, so the log says the colour in the reader's language.
        params.update(colour=f"{ID}.colour.{COLOURS[state.colours[player]]}", x=move.pos[0], y=move.pos[1])
    if move.kind == "discard":
        params.update(tile=move.tile, design=tile(move.tile).design)
    return (f"{ID}.log.{move.kind}", params)


def describe_event(event: Event) -> tuple[str, dict[str, JSON], str] | None:
    """Every event in words with the rule that made it happen. A tile laid, a reveal, a pass
    and a discard say what the move's own line says (the screen gives that line the rule); a
    draw says how many tiles, never which (only the drawer's view holds them)."""
    data, kind = event.data, event.kind
    who: dict[str, JSON] = {"player": data["player"]} if "player" in data else {}
    if kind == "tile-placed":
        what = tile(int(data["tile"])).kind
        key = ("place-on" if data["on"] else "place") + (f"-{what}" if what in ("wolf", "hunter") else "")
        return f"{ID}.log.{key}", {**who, "x": data["x"], "y": data["y"]}, PLAY_RULES.get(key, "WB-3")
    if kind == "revealed":
        params = {**who, "colour": f"{ID}.colour.{data['colour']}", "x": data["x"], "y": data["y"]}
        return f"{ID}.log.reveal", params, "WB-12"
    if kind in ("passed", "discarded"):
        return f"{ID}.log.{'pass' if kind == 'passed' else 'discard'}", who, EVENT_RULES[kind]
    if kind == "drew":
        count = len(data["tiles"]) if "tiles" in data else int(data["count"])
        return f"{ID}.event.drew", {**who, "count": count}, str(data["rule"])
    if kind == "extra-turn":
        return f"{ID}.event.extra-turn", {**who, "count": data["count"]}, str(data["rule"])
    if kind == "left":
        return f"{ID}.event.left", {**who, "bonus": data["bonus"]}, "WB-13"
    if kind in ("final-plays", "turn"):
        return f"{ID}.event.{kind}", who, EVENT_RULES[kind]
    if kind == "game-over":
        return str(data["reason"]), {}, "WB-14"
    return None
