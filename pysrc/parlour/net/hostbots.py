"""A network host's bots, asked one question at a time: the host says what a bot sees, the bot answers.

The host (:class:`parlour.net.host.HostSession`) never searches on its own thread when something else
can: for each AI seat that may act it writes a *question* (JSON text: the table, ply and seat it is
about, the bot's level, the seat's :meth:`Game.view`, its legal moves and the seed of its dice) and
:func:`decide` answers it (the move, encoded, or ``None``: the bot waits). On a web page a worker with
its own Python answers (:mod:`parlour.web.bots`, the same worker local bots think in); without one the
host answers its own question on the spot, through the very same :func:`decide`. Either way the bot
sees only its seat's view, exactly as JSON carries it, and the same dice, so a match plays the same
wherever its bots ran.

An answer names the question it answers (:attr:`Question.key`); one for a position the table has left
(a guest moved first, a rematch, the seat changed hands) is dropped by the host.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from parlour.engine import JSON, Game, Rng
from parlour.engine.bots import Bot, BotFactory, RandomBot

KIND = "host-bot"
"""The ``kind`` of a question (the worker also answers local sessions' requests, which have none)."""
KEEP_BOTS = 64
"""Bots an answerer keeps between questions (a bot may remember between its moves); more are forgotten."""


@dataclass(frozen=True)
class Question:
    """What one AI seat is asked at one position of one table."""

    key: str
    """``sid:round:ply:seat:level``: the answer carries it back, so the host can tell a stale one."""
    text: str
    """The question as JSON text (what goes to the worker)."""


def key_of(table: str, ply: int, seat: int, level: str) -> str:
    """The key of a question: which table (``sid:round``), ply, seat and level it is about."""
    return f"{table}:{ply}:{seat}:{level}"


def ask(
    game: Game[Any, Any], state: Any, *, table: str, ply: int, seat: int, level: str, seed: str
) -> Question:
    """The question for the bot of ``seat`` (at ``level``) at ``state``, ply ``ply`` of ``table``
    (``sid:round``); its dice come from ``seed``, a value only the host knows."""
    key = key_of(table, ply, seat, level)
    data = {
        "kind": KIND,
        "game": game.id,
        "key": key,
        "bot": f"{table}:{seat}:{level}",
        "seat": seat,
        "level": level,
        "seed": seed,
        "view": game.view(state, seat),
        "legal": [game.encode_move(m) for m in game.legal_moves(state, seat)],
    }
    return Question(key, json.dumps(data, separators=(",", ":")))


def decide(
    data: Mapping[str, Any],
    game: Game[Any, Any],
    factories: Mapping[str, BotFactory],
    bots: MutableMapping[str, Bot],
) -> str:
    """The answer to a question (parsed from :attr:`Question.text`): ``{"key", "move"}`` as JSON text,
    ``move`` being the bot's choice encoded, or ``None`` when it chose to wait.

    ``factories`` are the game's bot levels (an unknown level plays as ``random``); ``bots`` keeps
    each table's seat's bot between questions (at most :data:`KEEP_BOTS`)."""
    name = str(data["bot"])
    bot = bots.get(name)
    if bot is None:
        if len(bots) >= KEEP_BOTS:
            bots.clear()
        factory: Callable[[], Bot] = factories.get(str(data["level"])) or factories.get("random") or RandomBot
        bot = bots[name] = factory()
    legal = [game.decode_move(m) for m in data["legal"]]
    seat = int(data["seat"])
    move = bot.choose(game, data["view"], seat, legal, Rng.from_seed(str(data["seed"])))
    encoded: JSON = None if move is None else game.encode_move(move)
    return json.dumps({"key": data["key"], "move": encoded}, separators=(",", ":"))


def answer_of(reply: str) -> tuple[str, JSON] | None:
    """``(key, encoded move or None)`` from :func:`decide`'s answer; ``None`` if it is not one."""
    try:
        data = json.loads(reply)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("key"), str) or "move" not in data:
        return None
    return data["key"], data["move"]
