"""The Ghosts Galore board on CPython: a whole hot-seat game by its own buttons, live scores drawn from
the engine, the pencilled hidden tile kept private on one device and across the network."""

from __future__ import annotations

import json
import re

import pytest

from parlour.engine import IllegalMove, Rng
from parlour.games.ghosts_galore import BOTS, GAME
from parlour.games.ghosts_galore.moves import Pencil
from parlour.i18n import translate
from parlour.web import boards
from parlour.web.boards import ghosts_galore as board
from parlour.web.boards import ghosts_table
from parlour.web.context import BoardContext
from parlour.web.match_log import log_item
from parlour.web.session import HUMAN, LocalSession, Seat
from web.test_netplay import FakeApp, Wire, join


def t(key: str, **params: object) -> str:
    return translate("en", key, **params)


def ctx_for(session: LocalSession, seat: int, ui: dict | None = None, events=None) -> BoardContext:
    return BoardContext(
        session=session,
        t=t,
        state=session.state,
        viewer=seat,
        ui={} if ui is None else ui,
        events=events or [],
        private=session.notes_of(seat),
    )


def drawn(ctx: BoardContext) -> str:
    """The board and its score panel (a side panel of the match screen since the newcomer's test)."""
    return board.render(ctx) + board.score_details(ctx)


def turn_by_buttons(session: LocalSession, seat: int, n: int) -> list:
    """One person's decision made through the board's actions, as clicks would (varied by ``n``)."""
    ctx = ctx_for(session, seat)
    view = GAME.view(session.state, seat)
    free = board.free_cells(view, seat)
    if view["round"] == 9:
        board.act(ctx, "gg-rot", "1")
        move = board.act(ctx, "gg-confirm", "")
    elif view["pending"] is not None and n % 3 == 0:
        move = board.act(ctx, "gg-pass", "")
    elif view["pending"] is not None:
        assert board.act(ctx, "cell", str(free[n % len(free)])) is None  # a preview, not yet a move
        assert 'class="preview"' in board.render(ctx)
        move = board.act(ctx, "gg-confirm", "")
    elif view["last_look"] or (view["table"] and n % 2):
        choice = (view["last_look"] or view["table"])[0]
        board.act(ctx, "gg-pick", str(choice))
        board.act(ctx, "cell", str(free[0]))
        board.act(ctx, "cell", str(free[0]))  # a second tap on the preview turns it
        board.act(ctx, "key", "r")
        move = board.act(ctx, "gg-confirm", "")
        assert move == f"take {choice} {board.draw.cell_name(free[0])} r2"
    else:
        move = board.act(ctx, "gg-flip", "")
    assert isinstance(move, str)
    return session.play(seat, GAME.decode_move(move))


def test_ghosts_galore_is_playable_in_the_picker():
    assert boards.playable("ghosts-galore") and boards.board("ghosts-galore") is board


def test_gg_d2_a_three_person_game_by_the_board_to_the_final_breakdown():
    session = LocalSession.new(GAME, [Seat(HUMAN)] * 3, dict(BOTS), seed=11)
    n = 0
    while session.outcome() is None:
        seat = session.human_to_act()
        events = turn_by_buttons(session, seat, n)
        n += 1
        markup = drawn(ctx_for(session, session.human_to_act() or 0, events=events))
        for p, sheet in enumerate(GAME.score_sheets(session.state)):
            assert re.search(f'data-total="{p}"[^>]*><strong>{sheet.total}<', markup)
    outcome = session.outcome()
    end = drawn(ctx_for(session, 0))
    sheets = GAME.score_sheets(session.state)
    assert [float(s.total) for s in sheets] == list(outcome.scores)
    for p, sheet in enumerate(sheets):
        for cat, pts in sheet.by_category().items():
            assert re.search(f'data-cat="{cat}" data-seat="{p}">{pts}<', end)
        assert f'data-dead="{p}">{len(sheet.dead_ends)}<' in end
    assert 'id="gg-tie"' in end and "Final scores" in end
    # The end dialog carries the same breakdown and the tie-break in words.
    from parlour.web.play import game_screen

    screen = game_screen(t, ctx_for(session, 0), end, board=board)
    dialog = screen[screen.index('id="end-screen"') :]
    assert 'id="gg-end-scores"' in dialog
    totals = [s.total for s in sheets]
    tied = totals.count(max(totals)) > 1
    assert ('id="gg-end-tie"' in dialog) == tied  # the tie-break in words only when it decided
    for p, sheet in enumerate(sheets):
        assert re.search(f'data-total="{p}"[^>]*><strong>{sheet.total}<', dialog)
    # GG-T: the dead ends under the total say they only break a tie (second play-test, item 10).
    assert '<th scope="row">Dead ends (only to break a tie on points)</th>' in dialog


def test_gg_d1_the_category_a_tile_changed_is_highlighted():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], dict(BOTS), seed=4)
    session.play(0, GAME.decode_move("flip"))
    tile = session.state.pending
    events = session.play(0, GAME.decode_move(f"take {tile} b2 r0"))
    markup = drawn(ctx_for(session, 1, events=events))
    marked = set(re.findall(r'class="changed[^"]*" data-cat="([a-z-]+)" data-seat="0"', markup))
    before = GAME.view_sheets({**GAME.view(session.match.states[-2], None)})[0].by_category()
    now = GAME.score_sheets(session.state)[0].by_category()
    assert marked == {c for c in now if now[c] != before[c]} and marked


def test_gg2_the_pencilled_hidden_tile_is_a_private_note_not_a_move():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], dict(BOTS), seed=5)
    ctx = ctx_for(session, 0)
    board.act(ctx, "gg-pencil", "")
    assert 'class="cell target"' in board.render(ctx)
    board.act(ctx, "cell", "8")
    board.act(ctx, "gg-pencil-rot", "1")
    assert session.notes[0] == {"pencil": "c3 r1"}
    assert session.match.plies == ()  # no ply, nothing to replay, nothing to undo
    assert "pencilled" in board.render(ctx_for(session, 0))
    other = drawn(ctx_for(session, 1))
    assert "pencilled" not in other and "c3: your hidden tile" not in other
    assert str(session.state.hidden[0]) not in re.findall(r"tile (\d+):", other)
    # the owner's own live sheet counts it, marked by a pencil named for screen readers (an SVG: the
    # glyph is in few fonts); the table's does not
    sheet = GAME.score_for(session.state, 0, 0, Pencil(8, 1))
    assert 'aria-label="counts your pencilled hidden tile"' not in other
    assert (
        '<svg viewBox="0 0 24 24" class="turn-icon pencil-icon" role="img" aria-label="counts your pencilled hidden tile">'
        in drawn(ctx_for(session, 0))
        and sheet.total == GAME.view_sheets(GAME.view(session.state, 0), Pencil(8, 1))[0].total
    )
    assert json.loads(session.dumps_notes()) == {"0": {"pencil": "c3 r1"}}


def test_the_turn_buttons_draw_their_arrows_not_glyphs_few_fonts_have():
    """⟲ and ⟳ exist here only in DejaVu (an empty box on a device without it): the pencil's turn
    buttons are SVG arrows named for screen readers in each language, and the tile in hand's turn
    buttons show the same arrows before their words."""
    from parlour.web.play import choice_button

    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], dict(BOTS), seed=5)
    ui: dict = {}
    board.act(ctx_for(session, 0, ui), "gg-pencil", "")
    board.act(ctx_for(session, 0, ui), "cell", "8")
    for lang in ("en", "ru", "uk"):
        ctx = ctx_for(session, 0, ui)
        ctx.t = lambda key, lang=lang, **p: translate(lang, key, **p)
        html = board.render(ctx)
        assert "⟲" not in html and "⟳" not in html
        for turn, key in ((-1, "rotate-left"), (1, "rotate-right")):
            name = translate(lang, f"ghosts-galore.action.{key}")
            found = re.search(
                rf'<button[^>]*data-action="gg-pencil-rot" data-arg="{turn}" class="small icon"'
                rf' aria-label="{name}"[^>]*><svg [^>]*class="turn-icon" aria-hidden="true"',
                html,
            )
            assert found, (lang, key)
    session.play(0, GAME.decode_move("flip"))
    turns = [c for c in board.decision(ctx_for(session, 0, {})).choices if c.action == "gg-rot"]
    assert [c.label for c in turns] == ["Turn left", "Turn right"]
    assert all('class="turn-icon"' in choice_button(c) and "⟲" not in choice_button(c) for c in turns)
    assert "matrix(-1 0 0 1 24 0)" in turns[0].icon and "matrix" not in turns[1].icon  # mirrored


def test_gg2_a_pencil_on_a_taken_cell_is_refused_in_words():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], dict(BOTS), seed=5)
    session.play(0, GAME.decode_move("flip"))
    session.play(0, GAME.decode_move(f"take {session.state.pending} a1 r0"))
    with pytest.raises(IllegalMove) as err:
        board.act(ctx_for(session, 0, {"pencilling": True}), "cell", "0")
    assert err.value.code == "ghosts-galore.illegal.cell-taken"


def test_keyboard_moves_the_cursor_turns_and_cancels():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], dict(BOTS), seed=6)
    session.play(0, GAME.decode_move("flip"))
    ui: dict = {}
    ctx = ctx_for(session, 0, ui)
    board.act(ctx, "key", "ArrowLeft")
    board.act(ctx, "key", "ArrowUp")
    assert ui["cursor"] == 0 and ui["focus"] == "cell-0"
    board.act(ctx, "cell", "0")
    board.act(ctx, "key", "R")
    assert board.act(ctx, "gg-confirm", "") == f"take {session.state.pending} a1 r3"
    board.act(ctx, "key", "Escape")
    assert "tile" not in ui


def test_gg_d3_a_spectator_and_other_seats_never_see_a_hidden_tile_in_hand():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat("easy"), Seat("easy")], dict(BOTS), seed=8)
    ctx = BoardContext(session=session, t=t, state=session.state, viewer=None, private=None)
    markup = board.render(ctx)
    assert "gg-hidden" not in markup
    for h in session.state.hidden:
        assert f"tile {h}:" not in markup


# --- network -------------------------------------------------------------------------------------


def gg_table(wire: Wire) -> tuple[FakeApp, FakeApp]:
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("ghosts-galore")
    join(wire, host, guest, "Anna")
    guest.net.on_action("net-ready", "1", "")
    wire.run()
    host.net.on_action("net-start", "", "")
    wire.run()
    return host, guest


def test_gg2_a_guest_pencils_out_of_turn_and_no_message_leaves_its_page():
    wire = Wire()
    host, guest = gg_table(wire)
    assert "gg-train-svg" in guest.net.screen() and "net-players" not in guest.net.screen()
    table = guest.net.guest.table
    assert table["act"] == [0]  # the host's turn: the guest is out of turn
    sent_by_guest, sent_by_host = len(guest.rtc.sent), len(host.rtc.sent)
    guest.net.board_act("gg-pencil", "")
    guest.net.board_act("cell", "4")
    guest.net.board_act("gg-pencil-rot", "-1")
    wire.run()
    assert len(guest.rtc.sent) == sent_by_guest and len(host.rtc.sent) == sent_by_host
    assert "pencilled" in guest.net.screen() and "pencilled" not in host.net.screen()
    stored = [v for k, v in guest.dom.storage.items() if k.startswith("parlour.net.notes.")]
    assert [json.loads(v)["notes"] for v in stored] == [{"pencil": "b2 r3"}]
    assert not any(k.startswith("parlour.net.notes.") for k in host.dom.storage)
    # The host moves on; the guest's own move on its turn is not stale.
    host.net.board_act("gg-flip", "")
    wire.run()
    host.net.board_act("cell", "0")
    host.net.board_act("gg-confirm", "")
    wire.run()
    view = guest.net.guest.table["view"]
    assert guest.net.guest.table["act"] == [1] and view["last_look"]  # two players: the guest is last (GG-4)
    guest.net.board_act("gg-pick", str(view["last_look"][0]))
    guest.net.board_act("cell", "4")  # the pencilled cell: the drafted tile takes it
    guest.net.board_act("gg-confirm", "")
    wire.run()
    assert guest.net.guest.refusals == [] and guest.net.guest.table["ply"] == 3
    assert "pencilled" not in guest.net.screen()  # lifted off
    assert all("pencil" not in text and "b2 r3" not in text for _, text in guest.rtc.sent)


def test_the_host_lobby_offers_two_to_five_players():
    wire = Wire()
    host = FakeApp(wire)
    host.net.open_host("ghosts-galore")
    screen = host.net.screen()
    assert 'id="net-players"' in screen and screen.count("<option value=") >= 4
    host.net.on_action("net-players", "", "4")
    assert len(host.net.host.seats) == 4


def test_bots_play_every_seat_but_one_through_the_session():
    session = LocalSession.new(
        GAME, [Seat("hard"), Seat(HUMAN), Seat("easy"), Seat("random")], dict(BOTS), seed=9
    )
    rng = Rng(1)
    while session.outcome() is None:
        if session.ai_to_act() is not None:
            session.step_ai()
        else:
            seat = session.human_to_act()
            legal = GAME.legal_moves(session.state, seat)
            session.play(seat, rng.choice(legal))
    assert len(session.outcome().scores) == 4


def test_the_decision_names_what_to_do_and_holds_its_buttons():
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], dict(BOTS), seed=6)
    ui: dict = {}
    first = board.decision(ctx_for(session, 0, ui))
    assert first.prompt == "Pick a tile from the stack." and [c.id for c in first.choices] == [
        "gg-flip-button"
    ]
    session.play(0, GAME.decode_move("flip"))
    flipped = board.decision(ctx_for(session, 0, ui))
    ids = {c.id: c for c in flipped.choices}
    assert flipped.prompt.startswith("Tap a free cell") and ids["gg-confirm"].disabled and "gg-pass" in ids
    board.act(ctx_for(session, 0, ui), "cell", "4")
    placed = board.decision(ctx_for(session, 0, ui))
    confirm = next(c for c in placed.choices if c.id == "gg-confirm")
    assert not confirm.disabled and confirm.highlights == ("cell-4",) and confirm.primary
    assert board.decision(ctx_for(session, 1, {})) is None  # not seat 1's turn
    assert "prompt" not in board.render(ctx_for(session, 0, ui))  # the screen draws the words and buttons
    item = log_item(t, ctx_for(session, 0), board, session.log_entry(0))
    assert item.words == "Player 1 flips a tile." and item.lines == ()  # the move's own line says it


def test_gg_t_the_end_explains_a_tie_settled_by_dead_ends_or_shared():
    from parlour.games.ghosts_galore.board import DEAD, End
    from parlour.games.ghosts_galore.scoring import ScoreSheet

    def sheet(total: int, dead: int) -> ScoreSheet:
        return ScoreSheet((total,) + (0,) * 12, (), tuple(End(0, 0, DEAD) for _ in range(dead)), 0)

    session = LocalSession.new(GAME, [Seat(HUMAN)] * 3, dict(BOTS), seed=1)
    ctx = ctx_for(session, 0)
    by_dead = board.tie_break(ctx, [sheet(80, 3), sheet(80, 1), sheet(70, 0)])
    assert "Player 1, Player 2 tied" in by_dead and "80" in by_dead
    assert "Player 2 wins with fewer dead ends (1 dead end)" in by_dead
    shared = board.tie_break(ctx, [sheet(80, 2), sheet(80, 2), sheet(70, 0)])
    assert "a shared win" in shared and "2 dead ends" in shared


def test_gg_d1_the_score_sheets_kept_between_tables_follow_the_pencil_the_viewer_and_the_move():
    """The score panel and the end dialog share the sheets worked out for one state: a pencil
    moved, another viewer or a move played gives the sheets afresh (drawn as if nothing were kept)."""
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], dict(BOTS), seed=5)
    for n in range(6):
        turn_by_buttons(session, session.acting()[0], n)

    def kept_and_fresh(seat: int) -> tuple[str, str]:
        """The table drawn with the sheets kept so far, then drawn with nothing kept."""
        kept = board.score_details(ctx_for(session, seat))
        ghosts_table._SHEETS[:] = [None, None, None, []]
        return kept, board.score_details(ctx_for(session, seat))

    tables = []
    # Each seat's pencil on c3, a free cell of both boards: the same pencil, another viewer's sheets.
    for seat, pencil in [(0, None), (0, "c3 r1"), (0, "c3 r2"), (1, "c3 r2"), (0, None)]:
        if pencil is None:
            session.notes_of(seat).pop("pencil", None)
        else:
            session.notes_of(seat)["pencil"] = pencil
        kept, fresh = kept_and_fresh(seat)  # kept: the sheets of the step before were kept
        assert kept == fresh
        tables.append(fresh)
    assert len(set(tables)) == 4  # the pencil and the viewer change what the table says
    for n in range(7, 12):  # moves until one changes the table
        turn_by_buttons(session, session.acting()[0], n)
        kept, fresh = kept_and_fresh(0)
        assert kept == fresh
        if fresh != tables[-1]:
            break
    assert fresh != tables[-1]
