"""A network table as this page sees it: the view the host sent made into a state the board draws,
the turn, the status line, the board's context and the log in words (:mod:`parlour.web.netplay`'s
pure part, split from it so that each module compiles in a short task: decision 0114)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from parlour import games
from parlour.engine import JSON, Event, Game, Outcome
from parlour.i18n import catalogue
from parlour.net.guest import check_view
from parlour.net.lobby import AI, LOBBY, OVER, PLAYING
from parlour.web import boards, match_log, play
from parlour.web.context import BoardContext, Decision, Turn
from parlour.web.session import LocalSession

T = Callable[..., str]


def now_ms() -> int:
    """Epoch milliseconds (``Date.now()`` in the browser): the host's match clock survives a reload."""
    return int(time.time() * 1000)


def view_state(game: Game[Any, Any], view: JSON) -> Any:
    """A state the board can draw from a player's view: the game's ``from_view`` when it has one,
    else its ``decode_state`` (for a game of open information, the view holds the whole position).

    The state made from the last view is kept: a page redraws many times for one view (a selection,
    a tick, a peer's connection), and a long Wooly Bully field took 5 ms on CPython to rebuild. A
    view is never changed once received (a new message brings a new one), so the same object gives
    the same state."""
    global _LAST_VIEW
    if _LAST_VIEW is not None and _LAST_VIEW[0] is game and _LAST_VIEW[1] is view:
        return _LAST_VIEW[2]
    from_view = getattr(game, "from_view", None)
    state = from_view(view) if callable(from_view) else game.decode_state(view)
    _LAST_VIEW = (game, view, state)
    return state


_LAST_VIEW: tuple[Any, Any, Any] | None = None
"""The game, the view and the state :func:`view_state` made last."""


def held_view(game: Game[Any, Any], view: JSON, state: Any, seat: int | None) -> None:
    """The host's page: :func:`view_state` of its seat's ``view`` made from the ``state`` the host
    holds (the game's ``seen_by``), not read back from the view and checked again: the host's own
    state needs no check, and a Wooly Bully field read back took 15-30 ms a move in the browser
    (issue #17). A game without ``seen_by`` reads the view as before."""
    global _LAST_VIEW
    seen_by = getattr(game, "seen_by", None)
    if callable(seen_by) and not (_LAST_VIEW and _LAST_VIEW[0] is game and _LAST_VIEW[1] is view):
        _LAST_VIEW = (game, view, seen_by(state, seat))


def checked_view(game_id: str, view: JSON, seat: int | None) -> None:
    """A guest's check of each view the host sends (:func:`parlour.net.guest.check_view`: a view no
    rule allows is refused), decoding it through :func:`view_state`, so the page's redraw that
    follows draws the state already made instead of decoding the same view a second time."""
    game = games.load(game_id)
    if callable(getattr(game, "check_view", None)):
        check_view(game_id, view, seat)
    else:
        view_state(game, view)


def events_of(entries: list[Any]) -> list[Event]:
    """Events as the protocol carries them (``{"kind": ..., **data}``) back into :class:`Event`."""
    out = []
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("kind"), str):
            out.append(Event(entry["kind"], {k: v for k, v in entry.items() if k != "kind"}))
    return out


@dataclass
class NetBoardContext(BoardContext):
    """A :class:`BoardContext` for a networked match: the board draws the player's view and may be
    used whenever the host says this player acts (there is no local session and no undo)."""

    net_game: Any = None
    live: bool = False

    @property
    def game(self) -> Any:
        return self.net_game

    @property
    def interactive(self) -> bool:
        return self.live and self.replay is None


@dataclass
class Table:
    """What both sides draw: the lobby message's fields and the latest view fields."""

    lobby: dict[str, Any]
    table: dict[str, Any]
    seat: int | None
    log: list[Any] = field(default_factory=list)
    log_from: int = 0
    """The ply of ``log[0]`` (a very long game's snapshot leaves out the oldest entries)."""
    says: list[Any] = field(default_factory=list)
    """Each entry of ``log`` in words as this seat may know it: ``[key, params]`` or ``None``."""


def may_act(view: Table) -> bool:
    """Whether the person at this page may act now: the host's view lists their seat to act."""
    return (
        view.lobby.get("phase") == PLAYING
        and view.seat is not None
        and view.seat in view.table.get("act", [])
        and not view.table.get("outcome")
    )


def seat_name(t: T, lobby: dict[str, Any], index: int) -> str:
    """The name the seat's player gave in the lobby; the computer's seat says so in the page's
    language ("Computer (hard)"), whatever the host's page called it."""
    seats = lobby.get("seats", [])
    seat = seats[index] if 0 <= index < len(seats) else {}
    if seat.get("kind") == AI:
        level = seat.get("level") or "random"
        name = t("net.seat.ai", level=t(f"app.level.{level}"))
        twins = [s for s in seats if s.get("kind") == AI and (s.get("level") or "random") == level]
        return name + " · " + t("app.net.at-seat", n=index + 1) if len(twins) > 1 else name
    return str(seat.get("name") or t("app.seat.n", n=index + 1))


def names_of(t: T, lobby: dict[str, Any]) -> list[str]:
    """Every seat's player as the lobby names them: the names people gave, the computer's level."""
    return [seat_name(t, lobby, i) for i in range(len(lobby.get("seats", [])))]


def turn_of(game: Game[Any, Any], view: Table) -> Turn:
    """The shared screen's :class:`parlour.web.context.Turn` of a network table."""
    table, lobby = view.table, view.lobby
    ended = table.get("outcome") if isinstance(table.get("outcome"), dict) else None
    outcome = None
    if ended is not None:
        scores = ended.get("scores")
        outcome = Outcome(
            tuple(int(w) for w in ended.get("winners") or []),
            None if scores is None else tuple(float(x) for x in scores),
            str(ended.get("reason") or ""),
        )
    seats = lobby.get("seats", [])
    acting = tuple(int(a) for a in table.get("act", [])) if lobby.get("phase") == PLAYING else ()
    here = view.seat if may_act(view) else None
    return Turn(
        acting=acting,
        outcome=outcome,
        ai=frozenset(i for i, seat in enumerate(seats) if seat.get("kind") == AI),
        here=here,
        realtime=bool(getattr(game, "realtime", False)),
        # Acting while another seat has the turn (Wooly Bully's wolves): "Anna, out of turn: ...".
        interrupting=here if here is not None and acting and acting[0] != here else None,
    )


def status_text(t: T, ctx: BoardContext, view: Table, turn: Turn, decision: Decision | None) -> str:
    """The status line of a network table: the shared screen's words while a game is on or over
    (the decision named, with the player's name), the table's phase otherwise."""
    phase = str(view.lobby.get("phase", LOBBY))
    if ctx.replay is not None:  # a moment of the log on show: "After move 12"
        return play.status(t, ctx, decision, turn=turn)
    mine = turn.acting and turn.acting[0] == turn.here
    if phase == PLAYING and mine and decision is None and not turn.realtime:
        return t("app.net.your-turn")
    if (phase == PLAYING and view.table) or (phase == OVER and turn.outcome is not None):
        return play.status(t, ctx, decision, turn=turn)
    return t(f"net.phase.{phase}")


def context(
    t: T,
    game: Game[Any, Any],
    view: Table,
    ui: dict[str, Any],
    animate: bool = False,
    private: dict[str, Any] | None = None,
    clock: int | None = None,
    fresh: bool | None = None,
) -> NetBoardContext:
    """What the board draws from and acts on at a network table: this seat's view, the names
    given in the lobby (also in ``ui["names"]``, where some boards read them), the last ply's
    events when the moment is ``fresh`` (drawn for the first time; by default when ``animate``),
    as a local match gives them with animation off too (Boo!'s reveal is in them); a real-time
    match's time now in ``ui["clock"]`` (what a board counts a lock-out or a trace's time left
    from; left out for any other game)."""
    names = names_of(t, view.lobby)
    ui["names"] = names
    if clock is None:
        ui.pop("clock", None)
    else:
        ui["clock"] = clock
    last = view.log[-1][1] if view.log else []
    return NetBoardContext(
        session=cast(LocalSession, None),  # a networked match has no local session
        t=t,
        state=view_state(game, view.table["view"]),
        viewer=view.seat,
        events=events_of(last) if (animate if fresh is None else fresh) else [],
        animate=animate,
        ui=ui,
        net_game=game,
        live=may_act(view),
        names=names,
        private=private,
    )


def board_markup(
    t: T,
    game: Game[Any, Any],
    view: Table,
    ui: dict[str, Any],
    animate: bool,
    private: dict[str, Any] | None = None,
    clock: int | None = None,
) -> str:
    """The board's own markup for this page's view of the table (empty before the first view);
    ``clock`` is a real-time match's time now (see :func:`context`)."""
    board = boards.board(game.id)
    if board is None or not view.table:
        return ""
    return str(board.render(context(t, game, view, ui, animate, private, clock)))


def move_words(t: T, name: str, say: Any) -> tuple[str, str]:
    """A ply's words and notation on a network page: the host's words for this seat (``[key,
    params]``, decision 0074) said in this page's language with the player's name, else the name
    alone (a move this seat may not know, or a host that sent no words)."""
    if not (isinstance(say, list) and len(say) == 2 and isinstance(say[0], str) and isinstance(say[1], dict)):
        return name, ""
    key, params = say
    if key not in catalogue("en"):
        return name, ""
    try:
        words = t(key, **{**match_log.worded(t, dict(params)), "player": name})
    except (KeyError, TypeError, ValueError):  # a host's parameters that do not fit the sentence
        return name, ""
    if name and name not in words:  # a sentence naming the colour ("Orange places…"), not the person
        words = t("app.net.log-by", name=name, words=words)
    notation = params.get("move")
    return words, notation if isinstance(notation, str) else ""


def log_items(
    t: T,
    board: Any,
    ctx: BoardContext,
    view: Table,
    start: int,
    shown: Callable[[int], bool] = bool,
    memo: dict[Any, Any] | None = None,
    first: int = 0,
) -> list[match_log.LogItem]:
    """The table's log as the shared screen lists it, from ply ``first`` on (the log's own start
    ``start`` at the earliest): each ply in words as this seat may know it (its player by name),
    with one line per event this seat saw; ``shown(step)`` says whether this page can show the
    moment after ply ``step`` again (it kept the view, decision 0075).

    ``memo`` (kept by the page between redraws) holds each entry worded: an entry whose ply, events
    and words are the same as last time, in the same language for the same seat and names, is not
    worded again (issue #17: a long game's log was most of a network page's redraw)."""
    memo = {} if memo is None else memo
    stamp = (t("app.seat.n", n=1), t("app.log"), ctx.viewer, tuple(ctx.names or ()), ctx.game.id)
    if memo.get("stamp") != stamp:
        memo.clear()
        memo["stamp"] = stamp
    items = []
    skip = max(0, first - start)
    for offset, entry in enumerate(view.log[skip:], skip):
        index = start + offset
        say = view.says[offset] if offset < len(view.says) else None
        replayable = shown(index + 1)
        hit = memo.get(index)
        if hit is not None and hit[0] == entry and hit[1] == say:
            item = hit[2]
            items.append(item if item.replayable == replayable else replace(item, replayable=replayable))
            continue
        player, events = (
            (entry[0], entry[1]) if isinstance(entry, list | tuple) and len(entry) == 2 else (0, [])
        )
        name = play.player_name(t, ctx, int(player)) if isinstance(player, int) else ""
        words, notation = move_words(t, name, say)
        lines, rule = match_log.ruled_lines(t, board, ctx, events_of(list(events)), words)
        item = match_log.LogItem(
            index,
            words,
            notation,
            tuple(text for text, _ in lines),
            replayable,
            rules=tuple(r for _, r in lines),
            rule=rule,
        )
        memo[index] = (entry, say, item)
        items.append(item)
    return items
