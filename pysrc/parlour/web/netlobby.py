"""The network screens' own markup (the lobby, the invite, the room, "your tables", the ICE
settings, a guest's join form) and the links, servers and tables index they show (split from
:mod:`parlour.web.netplay` so that each module compiles in a short task: decision 0114)."""

from __future__ import annotations

import json
from typing import Any

from parlour.net import PALETTE, GuestSession, HostSession
from parlour.net.fairness import Problem
from parlour.net.lobby import AI, GUEST, HOST_PID, HOST_SEAT, LOBBY, OPEN
from parlour.web import play, qr
from parlour.web.markup import attrs, button, esc, labelled, tag
from parlour.web.netview import T
from parlour.web.screens import seat_label, settings_link

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
