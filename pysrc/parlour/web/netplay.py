"""Peer-to-peer play in the browser: the host's table and the guest's page, over WebRTC.

:class:`NetPlay` drives a :class:`parlour.net.HostSession` or :class:`parlour.net.GuestSession`
with the events of the data channels (``rtc``: :mod:`parlour.web.rtc`, or a fake in tests) and
draws the lobby and the game's own board from the per-player view the session holds: every game
with a board gets network play without code of its own (moves in, views out).

Signalling is manual (decision 0060): the host's invite is a link carrying its connection offer
(and a QR code of it); the guest's page answers with a short code the host pastes. Seat tokens are
kept in the guest's storage per session, and the host's whole session in the host's storage, so
either side can reload and come back.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from parlour import games
from parlour.engine import JSON, Event, Game, IllegalMove, Outcome, ParlourError
from parlour.i18n import catalogue
from parlour.net import PALETTE, GuestSession, HostSession, Outgoing
from parlour.net.fairness import Problem, finish
from parlour.net.guest import check_view
from parlour.net.hostbots import Question
from parlour.net.lobby import AI, GONE, GUEST, HOST_PID, HOST_SEAT, LOBBY, OPEN, OVER, PAUSED, PLAYING
from parlour.web import boards, embed, play, qr, spent
from parlour.web.markup import attrs, button, esc, labelled, tag
from parlour.web.play import BoardContext, Decision, Refusal, Turn, decision_of
from parlour.web.screens import seat_label, settings_link
from parlour.web.session import LocalSession

HOST_KEY = "parlour.net.host.{sid}"
"""One hosted table's saved session (secret: seat tokens and the host's entropy), one key per table:
a second table (another tab, another game) never overwrites the first."""
LEGACY_HOST_KEY = "parlour.net.host"
"""Where earlier versions kept the one hosted table; moved to :data:`HOST_KEY` on first use."""
TABLES_KEY = "parlour.net.tables"
"""The tables this browser hosts: ``[{"sid", "game", "phase"}]``, oldest first ("your tables")."""
NEW_TABLE = "new"
"""``#/GAME/host?s=new`` opens a new table even when an unfinished one of the game is kept."""
GUEST_KEY = "parlour.net.guest.{sid}"
"""A guest's seat token for one hosted session."""
NAME_KEY = "parlour.net.name"
ICE_KEY = "parlour.net.ice"
RELAYS_KEY = "parlour.net.relays"
NOTES_KEY = "parlour.net.notes.{sid}"
"""This page's seat's private notes for a session (a pencilled hidden tile): they never leave the page."""
ROOM_KEY = "parlour.net.room.{sid}"
"""A table's room id, so a reload rejoins the same room."""
KEPT_UI = ("cursor", "home", "trace", "names", "view", "shown")
"""What a board remembers across moves at a network table (as :data:`parlour.web.app.KEPT_UI`)."""
TICK_MS = 1_000
CHECK_SLICE_MS = 12
"""A guest's check of a finished match runs in tasks of about this long (issue #17: none over 50 ms)."""
BOT_DELAY_MS = 400
"""A pause before an AI seat moves, so people see the last move land."""

T = Callable[..., str]


def now_ms() -> int:
    """Epoch milliseconds (``Date.now()`` in the browser): the host's match clock survives a reload."""
    return int(time.time() * 1000)


# --- pure helpers (tested on CPython) ------------------------------------------------------------
def parse_ice(text: str) -> list[dict[str, Any]]:
    """ICE servers from one line each: ``stun:host:port`` or ``turn:host:port user password``.
    Lines that are neither are ignored; none at all means LAN play only (host candidates)."""
    servers: list[dict[str, Any]] = []
    for line in text.splitlines():
        words = line.split()
        if not words or not words[0].startswith(("stun:", "stuns:", "turn:", "turns:")):
            continue
        server: dict[str, Any] = {"urls": words[0]}
        if words[0].startswith("turn") and len(words) >= 3:
            server["username"], server["credential"] = words[1], words[2]
        servers.append(server)
    return servers


def parse_relays(text: str) -> list[str]:
    """Nostr relays for rooms, one ``ws://`` or ``wss://`` URL a line (none: trystero's public ones)."""
    return [w for w in text.split() if w.startswith(("ws://", "wss://"))]


def invite_link(page_url: str, code: str, sid: str) -> str:
    """The link a guest opens: the offer code and the session id in the fragment (never sent to a
    server). The code's characters need no escaping in a fragment."""
    return f"{page_url}#/join?o={code}&s={sid}"


def room_link(page_url: str, room: str, sid: str) -> str:
    """The one link of automatic mode: the room (a secret: it also keys trystero's encryption)."""
    return f"{page_url}#/join?r={room}&s={sid}"


def parse_tables(text: str | None) -> list[dict[str, str]]:
    """The "your tables" index from storage (anything damaged reads as no table)."""
    try:
        data = json.loads(text or "[]")
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    keep = ("sid", "game", "phase")
    return [
        {k: str(item[k]) for k in keep}
        for item in data
        if isinstance(item, dict) and all(isinstance(item.get(k), str) for k in keep)
    ]


def with_table(tables: list[dict[str, str]], sid: str, game: str, phase: str) -> list[dict[str, str]]:
    """The index with one table's entry added or brought up to date (newest last)."""
    return [t for t in tables if t["sid"] != sid] + [{"sid": sid, "game": game, "phase": phase}]


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


# --- markup --------------------------------------------------------------------------------------
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


def side_panel(name: str, title: str, body: str, folded: frozenset[str] | None, **extra: object) -> str:
    """A side panel: in the lobby a plain section; beside a game the shared screen's panel, which
    folds away (``folded`` names the folded ones; narrow screens start with some folded)."""
    if folded is None:
        return tag("section", tag("h2", esc(title)) + body, class_="panel", id=f"{name}-panel", **extra)
    return play.panel(name, title, body, name not in folded)


def peers_panel(t: T, lobby: dict[str, Any], me: str | None, folded: frozenset[str] | None = None) -> str:
    """Who is at the table, each with a connection badge (connected, reconnecting, gone)."""
    items = []
    for peer in lobby.get("peers", []):
        state = str(peer.get("state", "connected"))
        where = (
            t("app.net.at-seat", n=int(peer["seat"]) + 1)
            if peer.get("seat") is not None
            else t("net.lobby.spectators")
        )
        ready = " · " + t("net.lobby.ready") if peer.get("ready") and lobby.get("phase") == LOBBY else ""
        you = " " + t("app.net.you") if peer.get("pid") == me else ""
        badge = tag("span", esc(t(f"net.peer.{state}")), class_=f"badge {state}")
        items.append(
            tag(
                "li",
                tag("span", esc(f"{peer.get('name', '')}{you} · {where}{ready}")) + " " + badge,
                data_pid=peer.get("pid"),
                data_state=state,
            )
        )
    return side_panel(
        "net-peers", t("app.net.peers"), tag("ul", "".join(items), class_="peers", id="net-peers"), folded
    )


def names_of(t: T, lobby: dict[str, Any]) -> list[str]:
    """Every seat's player as the lobby names them: the names people gave, the computer's level."""
    return [seat_name(t, lobby, i) for i in range(len(lobby.get("seats", [])))]


def turn_of(game: Game[Any, Any], view: Table) -> Turn:
    """The shared screen's :class:`parlour.web.play.Turn` of a network table."""
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
        words = t(key, **{**play.worded(t, dict(params)), "player": name})
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
) -> list[play.LogItem]:
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
        lines, rule = play.ruled_lines(t, board, ctx, events_of(list(events)), words)
        item = play.LogItem(
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


def qr_figure(t: T, text: str, label_key: str) -> str:
    try:
        svg = qr.svg(text, label=t(label_key))
    except ValueError:  # longer than the largest QR version we make: the text alone must do
        return ""
    return tag("figure", svg, class_="qr")


def copy_field(t: T, label_key: str, value: str, id_: str) -> str:
    return labelled(t(label_key), f"<textarea{attrs(readonly=True, id=id_, rows=3)}>{esc(value)}</textarea>")


def ice_settings(t: T, ice_text: str, relays_text: str = "") -> str:
    body = (
        tag("summary", esc(t("app.net.ice")))
        + tag("p", esc(t("app.net.ice-help")), class_="muted")
        + f"<textarea{attrs(id='net-ice', rows=3, data_action='net-ice')}>{esc(ice_text)}</textarea>"
        + tag("p", esc(t("app.net.relays-help")), class_="muted")
        + f"<textarea{attrs(id='net-relays', rows=2, data_action='net-relays')}>{esc(relays_text)}</textarea>"
    )
    return tag("details", body, class_="panel")


def room_panel(t: T, link: str, folded: frozenset[str] | None = None) -> str:
    """Automatic mode: one link through signalling relays, no codes to carry."""
    body = ""
    if not link:
        body += tag("p", esc(t("app.net.room-help")), class_="muted")
        body += button(t("app.net.open-room"), "net-room", id="net-room")
    else:
        body += tag("p", esc(t("app.net.room-link-help")), class_="muted")
        body += copy_field(t, "app.net.invite-link", link, "room-link")
        body += qr_figure(t, link, "app.net.invite-qr")
    return side_panel("net-room", t("app.net.room"), body, folded)


def tables_panel(
    t: T, tables: list[dict[str, str]], current: str, game_id: str, folded: frozenset[str] | None = None
) -> str:
    """ "Your tables": every table this browser hosts, to go back to (none is ever replaced unasked),
    and a new table of this game."""
    items = []
    for entry in reversed(tables):
        # The session id's start tells two tables of one game apart (it is also in their links).
        label = " · ".join(
            (t(f"game.{entry['game']}.name"), f"#{entry['sid'][:4]}", t(f"net.phase.{entry['phase']}"))
        )
        if entry["sid"] == current:
            items.append(tag("li", esc(label + " · " + t("app.net.this-table")), aria_current="true"))
        else:
            href = f"#/{entry['game']}/host?s={entry['sid']}"
            items.append(tag("li", tag("a", esc(label), href=href, data_sid=entry["sid"])))
    new = tag("a", esc(t("app.net.new-table")), href=f"#/{game_id}/host?s={NEW_TABLE}", id="net-new-table")
    body = tag("ul", "".join(items), id="net-tables", class_="tables") + tag("p", new, class_="actions")
    return side_panel("net-tables", t("app.net.your-tables"), body, folded)


def stalled_notice(t: T, lobby: dict[str, Any], host: bool) -> str:
    """After a seed drawing timed out: who held it up (and, for the host, what it can do)."""
    pids = [p for p in lobby.get("stalled", []) if isinstance(p, str)]
    if not pids:
        return ""
    names = {p.get("pid"): str(p.get("name", "")) for p in lobby.get("peers", []) if isinstance(p, dict)}
    who = ", ".join(names.get(pid) or pid for pid in pids)
    text = t("app.net.stalled", names=who, count=len(pids))
    if host:
        text += " " + t("app.net.stalled-host")
    return tag("p", esc(text), class_="notice", id="net-stalled", role="status")


def problems_notice(t: T, guest: GuestSession) -> str:
    """What the guest found wrong with the host's conduct, shown as soon as it is found."""
    codes = list(dict.fromkeys(p.code for p in guest.problems))
    if not codes:
        return ""
    # One sentence: a notice is a single line of the match screen's flow (and reads well aloud).
    words = t("app.net.host-problem") + " " + "; ".join(t(code) for code in codes) + "."
    return tag("p", esc(words), class_="notice error", id="net-problems", role="alert")


def title(t: T, game_id: str) -> str:
    return t(f"game.{game_id}.name") + " · " + t("net.lobby.title")


def header(t: T, game_id: str) -> str:
    return tag(
        "header",
        tag("a", "←", href="#/", class_="back", aria_label=t("app.back"))
        + tag("h1", esc(title(t, game_id)), id="screen-title", tabindex=-1)
        + settings_link(t),
        class_="bar",
    )


def seat_title(t: T, game_id: str, index: int, colour: str) -> str:
    """A seat as the game names it ("Orange" in boop.); games that name no seats show the number
    and the player's colour, which is then their only mark at the table."""
    named = seat_label(t, game_id, index)
    if named != t("app.seat.n", n=index + 1):
        return named
    return t("net.lobby.seat", number=index + 1) + (f" · {colour}" if colour else "")


def host_lobby(t: T, host: HostSession, levels: list[str]) -> str:
    me = host.members[HOST_PID].name
    rows = [
        labelled(
            t("net.lobby.name"),
            f"<input{attrs(id='net-host-name', value=me, maxlength=40, data_action='net-name')}>",
        )
    ]
    for seat in host.seats:
        current = seat.kind if seat.kind != AI else f"ai:{seat.level}"
        choices = [(OPEN, t("net.seat.open")), (HOST_SEAT, t("app.net.me"))]
        choices += [(f"ai:{lv}", t("net.seat.ai", level=t(f"app.level.{lv}"))) for lv in levels]
        if seat.kind == GUEST:
            choices.insert(0, (GUEST, seat.name))
        opts = "".join(tag("option", esc(label), value=v, selected=v == current) for v, label in choices)
        colour = t(f"net.colour.{seat.colour}") if seat.colour else ""
        rows.append(
            labelled(
                seat_title(t, host.game.id, seat.index, colour),
                tag(
                    "select",
                    opts,
                    data_action="net-seat-kind",
                    data_arg=seat.index,
                    id=f"net-seat-{seat.index}",
                ),
            )
        )
    game = host.game
    if game.min_players != game.max_players:
        counts = "".join(
            tag("option", esc(t("app.players-n", count=n)), value=n, selected=n == len(host.seats))
            for n in range(game.min_players, game.max_players + 1)
        )
        rows.insert(
            0,
            labelled(
                t("app.player-count"),
                tag("select", counts, data_action="net-players", id="net-players"),
            ),
        )
    for opt in (o for o in host.game.options if not o.hidden):
        value = host.options.get(opt.name, opt.default)
        if not opt.choices:
            if isinstance(opt.default, bool):  # a yes/no variant: a labelled checkbox
                box = f"<input{attrs(type='checkbox', checked=bool(value), data_action='net-option', data_arg=opt.name, id=f'net-opt-{opt.name}')}>"
                rows.append(labelled(t(opt.label), box))
            continue
        inner = "".join(
            tag("option", esc(t(f"{opt.label}.{c}")), value=str(c), selected=c == value) for c in opt.choices
        )
        rows.append(
            labelled(
                t(opt.label),
                tag("select", inner, data_action="net-option", data_arg=opt.name, id=f"net-opt-{opt.name}"),
            )
        )
    gone = "".join(
        tag("option", esc(t(f"net.gone.{k}")), value=k, selected=host.on_gone == k) for k in ("pause", "ai")
    )
    rows.append(
        labelled(t("app.net.on-gone"), tag("select", gone, data_action="net-on-gone", id="net-on-gone"))
    )
    reason = host.can_start()
    start = button(
        t("net.lobby.start"), "net-start", class_="primary", id="net-start", disabled=reason is not None
    )
    why = tag("p", esc(t(reason)), class_="muted", id="net-why") if reason else ""
    return tag("section", "".join(rows) + why + tag("div", start, class_="actions"), class_="setup")


def invite_panel(
    t: T, invite: dict[str, str] | None, link: str, waiting: bool, folded: frozenset[str] | None = None
) -> str:
    body = ""
    if invite is None:
        label = t("app.net.making-invite") if waiting else t("app.net.new-invite")
        body += button(label, "net-invite", id="net-invite", disabled=waiting)
    else:
        body += tag("p", esc(t("app.net.invite-help")), class_="muted")
        body += copy_field(t, "app.net.invite-link", link, "invite-link")
        body += qr_figure(t, link, "app.net.invite-qr")
        body += labelled(t("app.net.answer-code"), f"<textarea{attrs(id='answer-code', rows=2)}></textarea>")
        body += tag(
            "div",
            button(t("app.net.connect"), "net-accept", class_="primary", id="net-accept"),
            class_="actions",
        )
    return side_panel("net-invite", t("app.net.invite"), body, folded)


def guest_lobby(t: T, guest: GuestSession) -> str:
    lobby: dict[str, Any] = guest.lobby
    rows = []
    for i, seat in enumerate(lobby.get("seats", [])):
        kind = seat.get("kind")
        who = seat.get("name") or t(f"net.seat.{kind}", level=t(f"app.level.{seat.get('level') or 'random'}"))
        colour = t(f"net.colour.{seat['colour']}") if seat.get("colour") else ""
        mine = guest.seat == i
        action = "" if kind != OPEN or mine else button(t("net.seat.take"), "net-sit", i, id=f"net-sit-{i}")
        title = seat_title(t, str(lobby.get("game", "")), i, colour)
        rows.append(tag("li", esc(f"{title} · {who}") + " " + action))
    me: dict[str, Any] = next((p for p in lobby.get("peers", []) if p.get("pid") == guest.pid), {})
    controls = ""
    if guest.seat is not None:
        ready = bool(me.get("ready"))
        controls += button(
            t("net.lobby.ready"),
            "net-ready",
            "" if ready else "1",
            id="net-ready",
            aria_pressed="true" if ready else "false",
        )
        controls += button(t("net.lobby.join-watch"), "net-sit", "", id="net-watch")
        mine = lobby["seats"][guest.seat].get("colour", "")
        taken = {s.get("colour") for i, s in enumerate(lobby["seats"]) if i != guest.seat}
        colours = "".join(
            tag("option", esc(t(f"net.colour.{c}")), value=c, selected=c == mine)
            for c in PALETTE
            if c not in taken
        )
        controls = (
            labelled(t("net.lobby.colour"), tag("select", colours, data_action="net-colour", id="net-colour"))
            + controls
        )
    controls += button(t("net.lobby.leave"), "net-leave", id="net-leave")
    return tag(
        "section",
        tag("ul", "".join(rows), class_="seats", id="net-seats") + tag("div", controls, class_="actions"),
        class_="setup",
    )


def verification(t: T, problems: list[Problem] | None) -> str:
    """What the guest's check of the finished match found (``None``: still checking): the seed was
    fair and every view it was shown replays, or the first thing that does not check out."""
    if problems is None:
        return tag("p", esc(t("net.verify.checking")), class_="muted", id="net-verify")
    words = t("net.verify.ok") if not problems else t("net.verify.failed", problem=t(problems[0].code))
    return tag(
        "p", esc(words), class_="muted" if not problems else "error", id="net-verify", data_ok=not problems
    )


def guest_join(
    t: T, name: str, answer: str, waiting: bool, waiting_key: str = "app.net.making-answer"
) -> str:
    if answer:
        body = tag("p", esc(t("app.net.answer-help")), class_="muted")
        body += copy_field(t, "app.net.your-answer", answer, "answer-out")
        body += qr_figure(t, answer, "app.net.answer-qr")
        return tag("section", body, class_="setup", id="net-answer-panel")
    want = "".join(tag("option", esc(t(f"net.lobby.join-{w}")), value=w) for w in ("play", "watch"))
    body = labelled(t("net.lobby.name"), f"<input{attrs(id='net-name', value=name, maxlength=40)}>")
    body += labelled(t("app.net.as"), tag("select", want, id="net-want"))
    label = t(waiting_key) if waiting else t("net.lobby.join")
    body += tag(
        "div",
        button(label, "net-answer", class_="primary", id="net-answer", disabled=waiting),
        class_="actions",
    )
    return tag("section", body, class_="setup")


# --- the controller ------------------------------------------------------------------------------
class NetPlay:
    """The network screens of one page: hosting a table (``#/GAME/host``) or joining one
    (``#/join?o=OFFER&s=SID``). ``app`` is the :class:`parlour.web.app.App` (words, storage,
    rendering); ``rtc`` the WebRTC bridge."""

    def __init__(self, app: Any, rtc: Any) -> None:
        self.app, self.dom, self.rtc = app, app.dom, rtc
        self.role = ""
        self.host: HostSession | None = None
        self.guest: GuestSession | None = None
        self.game: Game[Any, Any] | None = None
        self.invite: dict[str, str] | None = None
        self.making = False
        self.conn = ""
        self.offer = ""
        self.sid = ""
        self.answer = ""
        self.room = ""
        self.lost = False
        self.ui: dict[str, Any] = {}
        self._notes: dict[str, Any] | None = None
        self.shown_ply = -1
        self.shown_replay: int | None = None
        self.replay: int | None = None
        self.announced = -1
        """The ply last said in the live region (a new one is said once)."""
        """The moment of the log on show (plies played then; decision 0072), read-only; ``None``:
        the live game. Drawn from the view this page received then (decision 0075)."""
        self.refused: Refusal | None = None
        """Why this page's last action on the board was refused (shown beside the board)."""
        self.refused_at = -1
        """The ply the refusal was made on: a later ply clears it."""
        self.target = ""
        """The element the last move sent was made on (a refusal from the host points there)."""
        self.ended = ""
        """The finished game whose end dialog was opened (it opens once per game)."""
        self.begun: bool | None = None
        """Whether the table's game had begun at the last drawing (the lobby is another screen)."""
        self._bots_at: int | None = None
        """When the bots' timer set last falls due (epoch ms), if it has not yet."""
        self._asking = False
        """The bots' questions are to be sent in a task already set (:meth:`ask_bots`)."""
        self._bots_timer = 0
        """Counts the bots' timers set: one superseded by an earlier one does nothing when it fires."""
        self.refusals_seen = 0
        self._saved: tuple[str, str] | None = None
        """The key and text of the hosted table (or a guest's seat token) last written to storage:
        the same is not written again."""
        self._indexed: tuple[str, str, str] | None = None
        """The "your tables" entry last written for it (sid, game, phase)."""
        self._verified: tuple[Any, list[Problem] | None] | None = None
        """The finished match the guest checks (its record, problems known) and what it found
        (``None`` while the check runs, a slice a task: :meth:`check_end`)."""
        self._log_words: dict[Any, Any] = {}
        self._log_markup: dict[Any, Any] = {}
        """The log's entries worded and drawn, kept between redraws (:func:`log_items`, :func:`play.log_panel`)."""
        self.earlier: tuple[object, int] | None = None
        """The table (its session) whose log the player asked to show from an earlier ply ("Show
        earlier moves"), and that ply; otherwise the log draws its newest moves (decision 0006)."""
        self._ticking = False
        self._ahead = ""
        """The game whose board :meth:`board_ahead` set to import."""
        self._wake_at: int | None = None
        """When the redraw set for the end of a lock-out falls due (epoch ms), if one is set."""
        rtc.listen(self.on_rtc)

    def t(self, key: str, **params: Any) -> str:
        return str(self.app.t(key, **params))

    def ice(self) -> list[dict[str, Any]]:
        return parse_ice(self.dom.storage_get(ICE_KEY) or "")

    def relays(self) -> list[str]:
        return parse_relays(self.dom.storage_get(RELAYS_KEY) or "")

    def settings_panel(self) -> str:
        return ice_settings(
            self.t, self.dom.storage_get(ICE_KEY) or "", self.dom.storage_get(RELAYS_KEY) or ""
        )

    def host_room(self) -> str:
        """The host's room id, when it has opened one for this session."""
        host = self.host
        return "" if host is None else self.dom.storage_get(ROOM_KEY.format(sid=host.sid)) or ""

    def open_room(self) -> None:
        """Host: join the session's room (a new one the first time) and wait for guests there."""
        host = self.host
        assert host is not None
        room = self.host_room() or secrets.token_urlsafe(12)
        self.keep(ROOM_KEY.format(sid=host.sid), room)
        self.room = room
        self.rtc.join_room(room, self.relays(), self.ice(), "host", host.sid)

    # --- routes ---------------------------------------------------------------------------------
    def tables(self) -> list[dict[str, str]]:
        """The tables this browser hosts (moving an earlier version's single save into the index)."""
        tables = parse_tables(self.dom.storage_get(TABLES_KEY))
        legacy = self.dom.storage_get(LEGACY_HOST_KEY)
        if legacy:
            try:
                data = json.loads(legacy)
                sid = HostSession.loads(legacy, now=now_ms()).sid
                if self.keep(HOST_KEY.format(sid=sid), legacy):
                    tables = with_table(tables, sid, str(data["game"]), str(data["phase"]))
                    self.keep(TABLES_KEY, json.dumps(tables))
                    self.dom.storage_remove(LEGACY_HOST_KEY)
            except (ValueError, KeyError, TypeError):
                self.dom.storage_remove(LEGACY_HOST_KEY)
        return tables

    def restore(self, sid: str, game_id: str) -> HostSession | None:
        """A kept table of ``game_id``, or ``None`` (a damaged save is dropped from the index)."""
        stored = self.dom.storage_get(HOST_KEY.format(sid=sid))
        try:
            restored = HostSession.loads(stored, now=now_ms()) if stored else None
        except ValueError:
            restored = None
        if restored is None:
            self.forget_table(sid)
            return None
        return restored if restored.game.id == game_id else None

    def open_host(self, game_id: str, sid: str = "") -> None:
        """``#/GAME/host?s=SID``: a table this browser hosts, restored from storage after a reload.
        Without a session id: the latest kept table of the game, else a new one; ``s=new``: a new
        one. The address then names the table, so a reload comes back to this very table."""
        self.role = "host"
        if self.host is not None and self.host.game.id == game_id and sid in ("", self.host.sid):
            self.dom.replace_hash(f"#/{game_id}/host?s={self.host.sid}")
            self.ensure_invite()
            return
        if self.host is not None:  # another table in this page: the old one's guests reconnect later
            for conn in list(self.host.conns):
                self.rtc.close(conn)
        self.game = games.load(game_id)
        self.host = None
        tables = self.tables()
        if sid and sid != NEW_TABLE:
            self.host = self.restore(sid, game_id)
        elif not sid:
            for entry in reversed(tables):
                if entry["game"] == game_id:
                    self.host = self.restore(entry["sid"], game_id)
                    if self.host is not None:
                        break
        if self.host is None:
            bots = dict(games.module(game_id).BOTS)
            name = self.dom.storage_get(NAME_KEY) or self.t("net.seat.host")
            self.host = HostSession(self.game, bots, entropy=secrets.token_hex(32), name=name, now=now_ms())
            self.save()
        self.dom.replace_hash(f"#/{game_id}/host?s={self.host.sid}")
        # The host's bots think in the page's bot worker when it has one (decision 0028).
        self.host.bots_elsewhere = callable(getattr(self.dom, "bot_think", None))
        self.start_ticking()
        self.schedule_bots()
        self.ensure_invite()
        if self.host_room():  # a reloaded host goes back to its room: guests find it there
            self.open_room()

    def ensure_invite(self) -> None:
        """The table's invite link, made (or restored, after a reload) as the host's page opens."""
        if self.invite is None and not self.making:
            self.making = True
            self.rtc.offer(self.ice())

    def open_join(self, params: dict[str, str]) -> None:
        """``#/join?o=OFFER&s=SID``: the guest's page for one invite."""
        self.role = "guest"
        offer, sid, room = params.get("o", ""), params.get("s", ""), params.get("r", "")
        if offer != self.offer or room != self.room:
            self.offer, self.room, self.sid, self.answer, self.lost = offer, room, sid, "", False
            if self.conn:
                self.rtc.close(self.conn)
            self.conn = ""

    # --- rendering ------------------------------------------------------------------------------
    def screen(self) -> str:
        t = self.t
        phase = self.host.phase if self.role == "host" and self.host is not None else ""
        if self.role == "guest" and self.guest is not None:
            phase = self.guest.phase or ""
        begun = phase not in ("", LOBBY)
        if self.begun is not None and begun != self.begun:
            self.ui["focus"] = "screen-title"  # the game begins (or a rematch's lobby): a new screen
            self.earlier = None  # a new game's log draws its newest moves
        self.begun = begun
        if self.role == "host" and self.host is not None:
            return self.host_screen()
        if self.role == "guest":
            return self.guest_screen()
        return tag("main", esc(t("app.not-found")), id="main")

    def fresh(self, view: Table) -> bool:
        """Whether the moment on show is drawn for the first time, its events given to the board:
        each moment's once (a live ply when it arrives, a past moment when it is opened; not a ply
        arriving while a past moment is on show, nor the live ply again on coming back to it)."""
        ply = int(view.table.get("ply", -1)) if view.table else -1
        if self.replay is None:
            fresh = ply != self.shown_ply
            self.shown_ply = ply
        else:
            fresh = self.replay != self.shown_replay
        self.shown_replay = self.replay
        return fresh

    def end_open(self, view: Table) -> bool:
        """Whether the end dialog shows: a game that has just ended opens it (once, with the focus
        in it); the player may close it to look at the board and reopen it (the app's end-close
        and end-open)."""
        over = view.lobby.get("phase") == OVER and bool(view.table.get("outcome"))
        key = f"{self.session_id()}:{view.table.get('ply')}" if over else ""
        if key != self.ended:
            self.ended = key
            if over:
                self.app.end_closed = False
                self.ui["focus"] = "net-rematch" if self.role == "host" else "end-close"
        return over and not self.app.end_closed

    def match_screen(
        self,
        game: Game[Any, Any],
        view: Table,
        notes: str,
        actions: str,
        again: str,
        side: str,
        **data: object,
    ) -> str:
        """A table whose game has begun, on the shared match screen (:func:`parlour.web.play.layout`):
        the status naming the decision with its buttons, the board, refusals beside it, the
        controls, the side panels beside the board or folded below it, and the end dialog.
        ``notes`` (connection state) open the turn region; ``actions`` are the table's own controls;
        ``again`` the end dialog's way to play again (the host's rematch)."""
        t = self.t
        board = boards.board(game.id)
        turn = turn_of(game, view)
        decision: Decision | None = None
        markup = ""
        past = self.past_view(view, self.replay) if self.replay is not None else None
        if past is None:
            self.replay = None
        if board is not None and view.table:
            clock = self.match_clock(game)
            fresh = self.fresh(view)
            animate = fresh and bool(self.app.settings.animate(self.dom.reduced_motion()))
            with spent.part("context"):
                ctx = context(t, game, view, self.ui, animate, self.notes(view), clock, fresh)
            self.wake_when_unlocked(view, game, clock)
            ctx.speed = float(self.app.settings.speed(self.dom.reduced_motion()))
            if self.refused is not None and view.table.get("ply") != self.refused_at:
                self.refused = None  # the game moved on
            ctx.refused = self.refused
            if past is not None and self.replay is not None:  # a moment of the log, read-only
                entry = self.replay - 1 - view.log_from
                events = view.log[entry][1] if 0 <= entry < len(view.log) else []
                ctx.state, ctx.replay, ctx.private, ctx.refused = (
                    view_state(game, past),
                    self.replay,
                    None,
                    None,
                )
                ctx.events = events_of(list(events)) if fresh else []
            with spent.part("board"):
                markup = str(board.render(ctx))
            decision = decision_of(board, ctx)
        else:  # the fair shuffle before the first view: nothing to draw yet
            names = names_of(t, view.lobby)
            ctx = NetBoardContext(
                session=cast(LocalSession, None),
                t=t,
                state=None,
                viewer=view.seat,
                net_game=game,
                names=names,
            )
        ending = self.end_open(view) and self.replay is None
        dialog = play.end_screen(t, ctx, board, turn.outcome, again) if ending else ""
        result = play.result_button(t) if turn.outcome is not None and not dialog else ""
        if view.table:  # "Embed this moment": the moment on show as the table saw it (decision 0077)
            actions += button(t("embed.moment.button"), "embed", id="embed")
        controls = tag(
            "div", result + actions + play.rules_link(t, game.id), class_="controls", id="controls"
        )
        folded = frozenset(self.app.panels_folded())
        shown = self.replayable(view)
        with spent.part("log"):
            first = self.log_start(view)
            items = (
                log_items(t, board, ctx, view, view.log_from, shown, self._log_words, first)
                if board is not None and view.table
                else []
            )
            self.announce_ply(view, items)
            log = play.log_panel(
                t, ctx, board, "log" not in folded, items=items, memo=self._log_markup, oldest=view.log_from
            )
        if ctx.state is not None and hasattr(board, "score_details"):  # a board's breakdown, as locally
            log = (
                play.board_panels(ctx, board, folded)  # first, as locally (play.game_screen)
                + play.score_panel(t, ctx, "score" not in folded, board)
                + log
            )
        with spent.part("layout"):
            return play.layout(
                t,
                title(t, game.id),
                play.turn_region(
                    t, ctx, decision, text=status_text(t, ctx, view, turn, decision), notes=notes
                ),
                markup,
                play.feedback(t, ctx),
                controls,
                "",
                log + side,
                dialog,
                **data,
            )

    def announce_ply(self, view: Table, items: list[play.LogItem]) -> None:
        """A new ply is said in the live region as the log says it (its words and the events this
        seat saw), as after a move at home: a screen reader hears the other players' moves too."""
        plies = int(view.table.get("ply", 0)) if view.table else -1
        if plies == self.announced:
            return
        if 0 <= self.announced < plies and items and items[-1].index == plies - 1:
            self.dom.announce(" ".join((items[-1].words, *items[-1].lines)))
        self.announced = plies

    def past_view(self, view: Table, step: int) -> JSON | None:
        """What this page's seat saw after ply ``step`` (plies played then), or ``None``: the host
        cuts it from its match; a guest kept the views it received (decision 0075: nothing new is
        sent). The newest moment is the live game itself (``None``)."""
        plies = int(view.table.get("ply", 0)) if view.table else 0
        if not 0 < step < plies or view.lobby.get("phase") not in (PLAYING, PAUSED, OVER):
            return None
        host = self.host
        if self.role == "host" and host is not None and host.match is not None:
            if step >= len(host.match.states):
                return None
            return cast(JSON, host.game.view(host.match.states[step], host.members[HOST_PID].seat))
        if self.role == "guest" and self.guest is not None:
            return self.guest.views.get(step)
        return None

    def moment(self, arg: str) -> str | None:
        """The embed fragment of the moment after ply ``arg`` (a log entry's), else of the moment on
        show: the position as everyone at the table saw it, made from this page's
        own view of it alone (decision 0077); ``None`` when this page never saw that moment."""
        found = self.current()
        if found is None or not found[1].table:
            return None
        game, view = found
        plies = int(view.table.get("ply", 0))
        step = int(arg) if arg.isdigit() else (plies if self.replay is None else self.replay)
        seen = view.table.get("view") if step == plies else self.past_view(view, step)
        if seen is None:
            return None
        return embed.table_fragment(game, seen, step, self.t)

    def replayable(self, view: Table) -> Callable[[int], bool]:
        """Which moments of the log this page can show again: the host every one; a guest those
        whose view it received (not the plies before it joined); the newest is the live game."""
        plies = int(view.table.get("ply", 0)) if view.table else 0
        if self.role == "host":
            return lambda step: 0 < step <= plies
        kept = self.guest.views if self.guest is not None else {}
        return lambda step: step == plies or (0 < step < plies and step in kept)

    def show_moment(self, action: str, arg: str) -> None:
        """A log entry clicked (``replay``: the moment after that ply, read-only) or "Back to the
        game" (``live``), as on a local match's screen (decision 0072)."""
        found = self.current()
        if action == "replay" and arg.isdigit() and found is not None:
            step = int(arg)
            self.replay = step if self.past_view(found[1], step) is not None else None
        else:
            self.replay = None
            if found is not None and found[1].table:  # the focus stays in the log, on the newest entry
                self.ui["focus"] = f"replay-{found[1].table.get('ply')}"

    def log_start(self, view: Table) -> int:
        """The first ply the table's log draws: its newest :data:`~parlour.web.play.LOG_SHOWN`,
        earlier ones when asked or when the moment on show is older (as a local match's log,
        decision 0006: a long game's log no longer grows every redraw), never before the log this
        page has (``log_from``)."""
        asked = self.earlier
        earlier = asked[1] if asked is not None and asked[0] is self.session() else None
        plies = max(view.log_from + len(view.log), int(view.table.get("ply", 0)) if view.table else 0)
        return max(view.log_from, play.log_first(plies, self.replay, earlier))

    def session(self) -> object:
        """The session this page draws (the hosted table's or the guest's)."""
        return self.host if self.role == "host" else self.guest

    def show_earlier(self, first: int | None = None) -> None:
        """ "Show earlier moves": the log draws :data:`~parlour.web.play.LOG_SHOWN` more, and the
        focus goes to the newest of them (read on up from there), as on a local match's screen."""
        found = self.current()
        if found is None:
            return
        first = self.log_start(found[1]) if first is None else first
        self.earlier = (self.session(), max(found[1].log_from, first - play.LOG_SHOWN))
        self.ui["focus"] = f"replay-{first}"

    def log_key(self, arg: str, key: str, action: str = "replay") -> None:
        """Up and Down along the log's entries (one Tab stop): the focus moves to the next
        entry this page can show (to its ``action``'s button: show it, or embed it); up past the
        oldest drawn, the log draws earlier ones."""
        found = self.current()
        if found is None or not arg.isdigit():
            return
        shown = self.replayable(found[1])
        plies = int(found[1].table.get("ply", 0)) if found[1].table else 0
        way = 1 if key == "ArrowDown" else -1
        step = int(arg) + way
        while 0 < step <= plies and not shown(step):
            step += way
        if 0 < step <= plies:
            first = self.log_start(found[1])
            if step <= first:
                self.show_earlier(first)
            self.ui["focus"] = f"{action}-{step}"

    def lobby_screen(self, game_id: str, status: str, middle: str, side: str, **data: object) -> str:
        """The lobby (and a guest's page before it is seated): the setup beside the side panels."""
        line = tag("p", esc(status), class_="status", id="status", aria_live="polite")
        layout = tag(
            "div",
            tag("div", line + middle, class_="play-main") + tag("aside", side, class_="side"),
            class_="play",
        )
        return header(self.t, game_id) + tag("main", layout, id="main", **data)

    def match_clock(self, game: Game[Any, Any]) -> int | None:
        """A real-time match's time now: the host's own clock, or on a guest's page the host's time
        in the latest view counted on (``None``: not a real-time match, or not started)."""
        if not getattr(game, "realtime", False):
            return None
        if self.role == "host" and self.host is not None:
            return None if self.host.started_at is None else self.host.clock(now_ms())
        if self.role == "guest" and self.guest is not None:
            return self.guest.clock(now_ms())
        return None

    def wake_when_unlocked(self, view: Table, game: Game[Any, Any], clock: int | None) -> None:
        """Draw again when this page's seat's lock-out ends (its "Booo!" button comes back): no
        message arrives then, the time alone has passed."""
        if clock is None or view.seat is None or not view.table or view.lobby.get("phase") != PLAYING:
            return
        until = getattr(view_state(game, view.table["view"]), "locked_until", ())
        if view.seat >= len(until) or until[view.seat] <= clock:
            return
        at = now_ms() + until[view.seat] - clock
        if self._wake_at is not None and now_ms() < self._wake_at <= at:
            return  # a redraw is already set for then or sooner (it sets the next one if needed)
        self._wake_at = at
        self.dom.later(until[view.seat] - clock + 20, self.woken)

    def woken(self) -> None:
        self._wake_at = None
        self.app.render()

    def host_screen(self) -> str:
        host = self.host
        assert host is not None and self.game is not None
        t = self.t
        with spent.part("view"):  # the host's own seat's view, and the state it stands for
            local = host.local()
            if host.match is not None and "view" in local:
                held_view(host.game, local["view"], host.match.state, host.members["h"].seat)
        log_from = int(str(local.get("log_from") or 0))
        log, says = list(local.get("log") or []), list(local.get("says") or [])
        view = Table(host.lobby(), local, host.members["h"].seat, log, log_from, says)
        link = invite_link(self.dom.page_url(), self.invite["code"], host.sid) if self.invite else ""
        room = self.host_room() if self.room else ""
        data = {"data_screen": "net-host", "data_phase": host.phase, "data_sid": host.sid}
        folded = None if host.phase == LOBBY else frozenset(self.app.panels_folded())
        with spent.part("side"):
            side = (
                peers_panel(t, view.lobby, "h", folded)
                + invite_panel(t, self.invite, link, self.making, folded)
                + room_panel(t, room_link(self.dom.page_url(), room, host.sid) if room else "", folded)
                + tables_panel(t, self.tables(), host.sid, host.game.id, folded)
                + self.settings_panel()
            )
        if host.phase == LOBBY:
            levels = [lv for lv in dict(games.module(host.game.id).BOTS) if lv != "random"]
            middle = stalled_notice(t, view.lobby, True) + host_lobby(t, host, levels)
            return self.lobby_screen(host.game.id, t(f"net.phase.{LOBBY}"), middle, side, **data)
        ending = self.end_open(view)
        rematch = button(t("app.net.rematch"), "net-rematch", class_="primary", id="net-rematch")
        return self.match_screen(
            self.game, view, "", self.host_controls(rematch=not ending), rematch, side, **data
        )

    def host_controls(self, rematch: bool = True) -> str:
        """The host's own buttons beside a game: give a gone player's seat to the computer, a
        rematch once it is over (in the end dialog while that is open), close the table."""
        host = self.host
        assert host is not None
        t = self.t
        out = ""
        if host.phase == PAUSED:
            for seat in host.seats:
                member = host.members.get(str(seat.pid))
                if seat.kind == GUEST and member is not None and member.state == GONE:
                    out += tag("span", esc(t("net.gone.ask", name=seat.name)), class_="ask")
                    out += button(t("net.gone.ai"), "net-give-ai", seat.index, id=f"net-give-ai-{seat.index}")
        if host.phase == OVER and rematch:
            out += button(t("app.net.rematch"), "net-rematch", id="net-rematch")
        out += button(t("app.net.close-table"), "net-close-table", id="net-close-table")
        return out

    def guest_screen(self) -> str:
        t = self.t
        guest = self.guest
        game_id = str(guest.lobby.get("game", "")) if guest else ""
        top = header(t, game_id) if game_id else header(t, "boop")
        notes = ""
        if self.lost:
            again = button(t("app.net.reconnect"), "net-answer", id="net-reconnect")
            notes += tag("p", esc(t("app.net.lost")) + " " + again, class_="notice", id="net-lost")
        if guest is not None and guest.rejoined:
            notes += tag("p", esc(t("app.net.rejoined")), class_="notice", id="net-rejoined", role="status")
        if guest is not None:
            notes += problems_notice(t, guest)
        if guest is not None and guest.status == "denied":
            notes += tag(
                "p", esc(t(guest.denied or "net.peer.denied")), class_="notice error", id="net-denied"
            )
        if guest is None or guest.status == "connecting" or not guest.lobby:
            name = self.dom.storage_get(NAME_KEY) or ""
            waiting = "app.net.finding-host" if self.room else "app.net.making-answer"
            body = notes + guest_join(t, name, self.answer, self.making, waiting) + self.settings_panel()
            return top + tag("main", body, id="main", data_screen="net-join", data_phase="joining")
        view = Table(guest.lobby, guest.table, guest.seat, guest.log, guest.log_from, guest.says)
        game = games.load(game_id)
        data = {
            "data_screen": "net-guest",
            "data_phase": guest.phase or "",
            "data_seat": "" if guest.seat is None else guest.seat,
        }
        if guest.phase in (LOBBY, "", None):
            middle = notes + stalled_notice(t, guest.lobby, False) + guest_lobby(t, guest)
            status = t(f"net.phase.{guest.phase or LOBBY}")
            return self.lobby_screen(game_id, status, middle, peers_panel(t, guest.lobby, guest.pid), **data)
        if guest.phase == OVER and guest.record is not None:
            notes += verification(t, self.check_end(guest, game))
        folded = frozenset(self.app.panels_folded())
        side = peers_panel(t, guest.lobby, guest.pid, folded)
        return self.match_screen(game, view, notes, "", "", side, **data)

    def check_end(self, guest: GuestSession, game: Game[Any, Any]) -> list[Problem] | None:
        """What the guest's check of its finished match found, ``None`` while it runs. It replays
        the whole game, once per match: in slices of :data:`CHECK_SLICE_MS`, each a task of its own
        (``dom.soon``), so that a long match's check holds no task over 50 ms (issue #17); the screen
        says it is checking until then, and is drawn again when done. At once without ``soon``."""
        key = (guest.record, len(guest.problems))
        if self._verified is not None and self._verified[0] == key:
            return self._verified[1]
        soon = getattr(self.dom, "soon", None)
        steps = guest.verify_steps(game)
        if soon is None:
            self._verified = (key, finish(steps))
            return self._verified[1]
        self._verified = (key, None)

        def step() -> None:
            if self._verified is None or self._verified[0] != key:
                return  # another match, or more found meanwhile: checked afresh
            until = time.perf_counter() + CHECK_SLICE_MS / 1000
            try:
                with spent.part("check"):
                    next(steps)
                    while time.perf_counter() < until:
                        next(steps)
            except StopIteration as done:
                self._verified = (key, done.value)
                self.draw(None)
                return
            soon(step)

        soon(step)
        return None

    # --- input ----------------------------------------------------------------------------------
    def on_action(self, action: str, arg: str, value: str) -> None:
        """A ``net-*`` click or change on a network screen."""
        now = now_ms()
        host, guest = self.host, self.guest
        if action == "net-ice":
            self.dom.storage_set(ICE_KEY, value)
        elif action == "net-relays":
            self.dom.storage_set(RELAYS_KEY, value)
        elif action == "net-room" and host is not None:
            self.open_room()
        elif action == "net-invite" and host is not None:
            self.ensure_invite()
        elif action == "net-accept" and self.invite is not None:
            self.rtc.accept(self.dom.value_of("answer-code").strip())
        elif action == "net-answer":
            self.join()
        elif host is not None and self.role == "host":
            self.host_action(host, action, arg, value, now)
        elif guest is not None and self.role == "guest":
            if action == "net-sit":
                self.send_guest(guest.pick_seat(int(arg) if arg else None))
            elif action == "net-colour" and guest.seat is not None:
                self.send_guest(guest.pick_seat(guest.seat, value))
            elif action == "net-ready":
                self.send_guest(guest.set_ready(bool(arg)))
            elif action == "net-leave":
                self.send_guest(guest.leave())
                self.rtc.close(self.conn)
                self.dom.storage_remove(GUEST_KEY.format(sid=self.sid))
                self.guest, self.answer, self.conn, self._saved = None, "", "", None
                self.dom.set_hash("#/")

    def host_action(self, host: HostSession, action: str, arg: str, value: str, now: int) -> None:
        if action == "net-name" and host.phase == LOBBY and value.strip():
            # The host's name at the table, as a guest gives theirs when joining (kept for next time).
            name = value.strip()[:40]
            self.dom.storage_set(NAME_KEY, name)
            host.members[HOST_PID].name = name
            seat = host.members[HOST_PID].seat
            if seat is not None:
                self.send_host(host.set_seat(seat, HOST_SEAT))
        elif action == "net-seat-kind":
            kind, _, level = value.partition(":")
            if kind != GUEST:
                self.send_host(host.set_seat(int(arg), kind, level))
        elif action == "net-option":
            opt = next(o for o in host.game.options if o.name == arg)
            chosen = (
                bool(value)
                if not opt.choices and isinstance(opt.default, bool)
                else next((c for c in opt.choices or () if str(c) == value), opt.default)
            )
            self.send_host(host.set_options({**host.options, arg: chosen}))
        elif action == "net-players" and value.isdigit():
            self.send_host(host.set_players(int(value)))
        elif action == "net-on-gone" and value in ("pause", "ai"):
            host.on_gone = value
            self.save()
        elif action == "net-start":
            self.send_host(host.start(now))
        elif action == "net-give-ai":
            self.send_host(host.give_seat_to_ai(int(arg), now))
        elif action == "net-rematch":
            self.send_host(host.rematch())
        elif action == "net-close-table":
            for conn in list(host.conns):
                self.rtc.close(conn)
            self.forget_table(host.sid)
            self.rtc.forget()  # a new table, a new link: the old one must not lead here
            self.host, self.invite = None, None
            self.open_host(host.game.id, NEW_TABLE)

    def join(self) -> None:
        """The guest's "Join": start a session and answer the invite's offer."""
        name = self.dom.value_of("net-name").strip() or self.t("app.net.guest")
        want = self.dom.value_of("net-want") or "play"
        self.dom.storage_set(NAME_KEY, name)
        saved = None
        stored = self.dom.storage_get(GUEST_KEY.format(sid=self.sid)) if self.sid else None
        if stored:
            try:
                saved = json.loads(stored)
            except ValueError:
                saved = None
        self.guest = GuestSession(
            entropy=secrets.token_hex(32),
            name=name,
            want="watch" if want == "watch" else "play",
            saved=saved,
            view_check=checked_view,  # a view no rule allows is refused: "the host sent something invalid"
        )
        self.making, self.answer, self.lost = True, "", False
        if self.room:
            self.conn = ""
            self.rtc.join_room(self.room, self.relays(), self.ice(), "guest", self.sid)
        else:
            self.rtc.answer(self.offer, self.ice())

    def board_act(self, action: str, arg: str) -> None:
        """A click or key on the board: a move goes to the host (or is played, on the host). A
        refusal, the board's, the host's own rules' or one the host sends back, is shown beside
        the board on the element acted on, as in a local match."""
        found = self.current()
        board = boards.board(found[0].id) if found else None
        if found is None or board is None or not found[1].table:
            return
        game, view = found
        ctx = context(self.t, game, view, self.ui, private=self.notes(view), clock=self.match_clock(game))
        if not ctx.interactive and ctx.private is None:
            return
        target = f"{action}-{arg}"
        try:
            move = board.act(ctx, action, arg)  # may change this seat's private notes, even out of turn
        except IllegalMove as err:
            self.ui = ctx.ui
            self.refused_move(err, ctx.ui.pop("target", None) or target, view)
            return
        self.ui = ctx.ui
        if ctx.private is not None:
            self.save_notes()
        if move is None or not ctx.interactive:
            if move is None and hasattr(board, "patch"):
                self.app.patching = board.patch(ctx)  # only what changed is redrawn (a traced step)
            return
        if isinstance(move, tuple):  # a real-time board names the seat: here it is always this page's
            move = move[1]
        target = str(self.ui.pop("target", None) or target)
        self.ui = {k: v for k, v in self.ui.items() if k in KEPT_UI}
        self.refused = None
        if self.host is not None and self.role == "host":
            try:
                self.send_host(self.host.play(move, now_ms()))
            except IllegalMove as err:
                self.refused_move(err, target, view)
        elif self.guest is not None:
            self.target = target
            self.send_guest(self.guest.move(move))

    def refused_move(self, err: IllegalMove, target: str, view: Table) -> None:
        """The board's or the rules' own refusal, worded in the page's language."""
        reason = self.t(err.code, **err.params) if err.code else err.message
        self.refuse(reason, err.rule or "", target, view)

    def refuse(self, reason: str, rule: str, target: str, view: Table | None = None) -> None:
        """Show why a move was refused beside the board, mark the element acted on, keep the focus
        there and say it in the live region."""
        self.refused = Refusal(reason, rule, target)
        self.refused_at = int(view.table.get("ply", -1)) if view is not None and view.table else -1
        refocus = self.ui.pop("refocus", None)  # the decision due's control, if the board names it
        if refocus or target:
            self.ui["focus"] = refocus or target
        self.dom.announce(reason)

    def session_id(self) -> str:
        if self.role == "host" and self.host is not None:
            return str(self.host.sid)
        return str(self.guest.sid if self.guest is not None and self.guest.sid else self.sid)

    def notes(self, view: Table) -> dict[str, Any] | None:
        """This page's seat's private notes during a match (``None`` for a spectator or in the lobby).
        They live in this page and its storage only: no message ever carries them (decision 0044)."""
        phase = view.lobby.get("phase")
        key = NOTES_KEY.format(sid=self.session_id())
        if phase == LOBBY:  # a rematch starts with a clean slate
            if self._notes:
                self.dom.storage_remove(key)
            self._notes = None
            return None
        if view.seat is None or phase not in (PLAYING, PAUSED):
            return None
        if self._notes is None:
            try:
                stored = json.loads(self.dom.storage_get(key) or "{}")
            except ValueError:
                stored = {}
            saved = stored if isinstance(stored, dict) and stored.get("seat") == view.seat else {}
            self._notes = dict(saved.get("notes") or {})
        return self._notes

    def save_notes(self) -> None:
        found = self.current()
        if found is None or self._notes is None:
            return
        key = NOTES_KEY.format(sid=self.session_id())
        self.dom.storage_set(key, json.dumps({"seat": found[1].seat, "notes": self._notes}))

    def current(self) -> tuple[Game[Any, Any], Table] | None:
        """The game and what this page shows of the table, for the host or the guest."""
        if self.role == "host" and self.host is not None:
            local = self.host.local()
            return self.host.game, Table(self.host.lobby(), local, self.host.members["h"].seat)
        if self.role == "guest" and self.guest is not None and self.guest.lobby.get("game"):
            game = games.load(str(self.guest.lobby["game"]))
            guest = self.guest
            return game, Table(guest.lobby, guest.table, guest.seat, guest.log, guest.log_from)
        return None

    # --- the transport --------------------------------------------------------------------------
    def on_rtc(self, kind: str, conn: str, data: str) -> None:
        """An event of the WebRTC glue: handled, then drawn (in a task of its own when handling
        took long, as a move on the local screen is: :meth:`draw`). A peer's message is always
        drawn in the next task: its check (a guest's of each view, the host's of each move) and
        the drawing are each a task, and the drawing's markup and its putting on the page may be
        two more (:meth:`parlour.web.app.App.render`), whatever the machine's load (issue #17)."""
        began = time.perf_counter()
        try:
            if self.role == "host" and self.host is not None:
                self.host_event(self.host, kind, conn, data)
            elif self.role == "guest":
                self.guest_event(kind, conn, data)
        except ParlourError as err:
            self.app.error = self.t(err.code, **err.params) if err.code else err.message
        self.draw(None if kind == "message" else began)

    def draw(self, began: float | None = None) -> None:
        """Draw what changed, the way the local match screen draws a move (decision 0066): at once
        when the work before it was quick (``began``: when it started), else in the next task, so
        that a peer's or a bot's move (its rules, the views cut for every peer, the check of a view
        the host sent) and its drawing are two tasks under 50 ms rather than one over (issue #17).
        ``None``: always apart (a bot's move). The app holds the player's input until it is drawn."""
        show = getattr(self.app, "show", None)
        if show is None:  # an app without split drawing
            self.app.render()
            return
        if began is not None:
            self.app.task_start = began
        split = float(getattr(self.app, "split_ms", 0.0))
        show(began is None or (time.perf_counter() - began) * 1000 > split)

    def host_event(self, host: HostSession, kind: str, conn: str, data: str) -> None:
        now = now_ms()
        if kind == "offer":
            self.invite, self.making = {"conn": conn, "code": data}, False
        elif kind == "message":
            with spent.part("receive"):
                out = host.receive(conn, data, now)
            self.send_host(out)
        elif kind == "close":
            self.send_host(host.disconnected(conn, now))
        elif kind == "error":
            self.making = False
            self.app.error = self.t("app.net.error", reason=data)

    def guest_event(self, kind: str, conn: str, data: str) -> None:
        guest, now = self.guest, now_ms()
        if kind == "answer":
            self.conn, self.answer, self.making = conn, data, False
        elif kind == "open" and self.room and conn.startswith("r:"):
            self.conn, self.making = conn, False  # the host of the room (a new peer id after its reload)
        if guest is None or conn != self.conn or kind == "answer":
            return
        elif kind == "open":
            self.lost = False
            self.send_guest(guest.hello(now))
        elif kind == "message":
            with spent.part("receive"):  # the host's message decoded and checked
                out = guest.receive(data, now)
            self.send_guest(out)
            self.board_ahead(str(guest.lobby.get("game") or ""))
            if guest.sid:
                self.sid = guest.sid
                seat = (GUEST_KEY.format(sid=guest.sid), json.dumps(guest.saved()))
                if seat != self._saved and self.keep(*seat):  # written when it changed, not every message
                    self._saved = seat
            if len(guest.refusals) > self.refusals_seen:
                self.refusals_seen = len(guest.refusals)
                last = guest.refusals[-1]
                code = str(last.get("code") or "net.error.illegal")
                params = last.get("params")
                reason = self.t(code, **(params if isinstance(params, dict) else {}))
                found = self.current()
                self.refuse(reason, str(last.get("rule") or ""), self.target, found[1] if found else None)
        elif kind == "close":
            guest.disconnected(now)
            self.lost, self.answer = True, ""
        elif kind == "error":
            self.making = False
            self.app.error = self.t("app.net.error", reason=data)

    def board_ahead(self, game_id: str) -> None:
        """Import the table's rules and board as soon as the lobby names the game, a module a task
        (:func:`parlour.web.boards.opening`), not in the first drawing of its match (100-240 ms in
        Pyodide: issue #17), as the host's page does before its lobby (:meth:`parlour.web.app.App.open_step`).
        Whatever needs the game before the last step imports the rest at once. Then the game's
        first-use work (:func:`parlour.web.boards.warm`), in a task of its own."""
        loaded = boards.loaded(game_id)
        if (
            game_id
            and game_id != self._ahead
            and not (loaded and game_id in boards.WARMED)
            and boards.playable(game_id)
        ):
            self._ahead = game_id
            steps = iter(()) if loaded else boards.opening(game_id)

            def step() -> None:
                if next(steps, None) is not None:
                    self.dom.later(0, step)
                else:
                    self.dom.later(0, lambda: boards.warm(game_id))

            self.dom.later(0, step)

    def send_guest(self, out: list[Outgoing]) -> None:
        for _to, text in out:
            self.rtc.send(self.conn, text)

    def send_host(self, out: list[Outgoing]) -> None:
        """Send what the host returned, close connections it turned away, save, run the bots."""
        with spent.part("send"):
            for conn, text in out:
                self.rtc.send(conn, text)
                # A refused token stays connected: the guest drops it and says hello afresh.
                if '"t":"denied"' in text and '"net.error.token"' not in text:
                    self.rtc.close(conn)
        with spent.part("save"):
            self.save()
        self.schedule_bots()

    def save(self) -> None:
        """Keep the hosted table under its own key and in "your tables", when what a reload needs
        changed: a move landed, someone sat down, an option or a phase changed (everything
        :meth:`HostSession.dumps` holds). A message that changed none of it (a bot asked, a tick, a
        refused move) writes nothing: the save of a long game is written once per move, not on
        every message (issue #17)."""
        host = self.host
        if host is None:
            return
        text = host.dumps()
        key = HOST_KEY.format(sid=host.sid)
        if self._saved == (key, text):
            return
        if self.keep(key, text):
            self._saved = (key, text)
            entry = (host.sid, host.game.id, host.phase)
            if self._indexed != entry:
                tables = with_table(self.tables_index(), *entry)
                if self.keep(TABLES_KEY, json.dumps(tables)):
                    self._indexed = entry

    def tables_index(self) -> list[dict[str, str]]:
        return parse_tables(self.dom.storage_get(TABLES_KEY))

    def forget_table(self, sid: str) -> None:
        """Drop a table for good (closed, or its save is damaged): its record, room and index entry."""
        self.dom.storage_remove(HOST_KEY.format(sid=sid))
        self._saved = self._indexed = None  # written afresh whatever is saved next
        self.dom.storage_remove(ROOM_KEY.format(sid=sid))
        self.keep(TABLES_KEY, json.dumps([t for t in self.tables_index() if t["sid"] != sid]))

    def keep(self, key: str, value: str) -> bool:
        """Store ``value``; a refusal (storage full) is told to the player, never swallowed."""
        if self.dom.storage_set(key, value) is False:
            self.app.error = self.t("app.net.not-saved")
            return False
        return True

    def start_ticking(self) -> None:
        if not self._ticking:
            self._ticking = True
            self.dom.every(TICK_MS, self.tick)

    def tick(self) -> None:
        if self.host is None:
            return
        out = self.host.tick(now_ms())
        if out:
            self.send_host(out)
            self.draw()

    def schedule_bots(self) -> None:
        """Ask the worker what the host's bots do at this position, and set the timer for the next bot
        action due, at least :data:`BOT_DELAY_MS` away (for the eye). A timer already set for an
        earlier moment stands (it sets the next one when it fires); one set for a later moment is
        superseded (an answer just came for something due sooner)."""
        host = self.host
        if host is None:
            return
        self.ask_bots(host)
        now = now_ms()
        when = host.next_bot_at(now)
        if when is None:
            return
        at = max(when, now + BOT_DELAY_MS)
        if self._bots_at is not None and self._bots_at <= at:
            return
        self._bots_at = at
        self._bots_timer += 1
        timer = self._bots_timer
        self.dom.later(at - now, lambda: self.bots_step(timer))

    def ask_bots(self, host: HostSession) -> None:
        """Send the host's new questions for its bots to the bot worker; each answer is kept when it
        comes if the table is still where it was asked (else dropped), and the bots' timer set again.
        Without a worker the host answers them itself, on the spot."""
        think = getattr(self.dom, "bot_think", None)
        if not callable(think):
            host.bots_here()
            return
        soon = getattr(self.dom, "soon", None)
        if callable(soon) and not self._asking:
            # In a task of its own: a question carries the bot's legal moves (Wooly Bully's
            # placements), work that need not lengthen the task of the move before it.
            self._asking = True
            soon(lambda: self._ask_now(host, think))
        elif not callable(soon):
            self._ask_now(host, think)

    def _ask_now(self, host: HostSession, think: Callable[..., Any]) -> None:
        """Ask the worker the next bot's question; the next seat's in a task of its own (issue #17:
        a question carries the seat's view and legal moves, and a 6-seat table's first questions
        took 49 ms in one task)."""
        self._asking = False
        if self.host is not host:  # another table opened meanwhile
            return
        soon = getattr(self.dom, "soon", None)
        with spent.part("questions"):
            asked = host.bot_questions(most=1 if callable(soon) else None)
        for question in asked:
            think(question.text, self._bot_replied(host, question))
        if asked and callable(soon) and not self._asking:
            self._asking = True
            soon(lambda: self._ask_now(host, think))

    def _bot_replied(self, host: HostSession, question: Question) -> Callable[[str | None], None]:
        def replied(reply: str | None) -> None:
            if self.host is not host:  # another table opened meanwhile
                return
            # No worker, or it failed on this one: this page answers it (the next goes to the worker).
            with spent.part("answer"):
                kept = host.answer_here(question) if reply is None else host.bot_answer(reply)
            if kept:
                self.schedule_bots()

        return replied

    def bots_step(self, timer: int | None = None) -> None:
        """The bots' timer: let the bot action due now happen (a superseded timer does nothing)."""
        if timer is not None and timer != self._bots_timer:
            return
        self._bots_at = None
        if self.host is None:
            return
        self.app.task_start = time.perf_counter()
        with spent.part("bots"):
            out = self.host.run_bots(now_ms())
        self.send_host(out)
        self.draw()  # a bot's move: its rules in this task, its drawing in the next
