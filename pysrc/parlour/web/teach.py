"""Live examples and "try it" exercises in a rules help (issue #14; decision 0095).

A board module lists its lessons as data (``LESSONS``: rows of :class:`Lesson`): a position in the
game's notation, and either the moves to step through or a goal the reader reaches by playing
(an exercise). Each lesson runs on the embed's own logic (:class:`parlour.web.embed.Embed`:
steps, captions with rule links, playing on, refusals in words) and is drawn inline by the
board's own ``render``, in the app's Python: no iframe, no second runtime.

Many boards share one page, so each lesson's markup is *scoped*: its ids get the prefix
``L-<id>-`` and its actions ``L:<id>:`` (see :func:`scope`); the app hands such actions to
:func:`act`. Each lesson is a region of the screen, so a step redraws that lesson alone.

A page draws its lessons *still* until each nears the view or is acted on (:func:`wake`; decisions
0039, 0100, 0106): the board's layout with its large drawing's box alone (the board drawn with
``ctx.still``, any other large drawing left empty by :func:`hollow`), the same size, so a help of
many lessons opens at the cost of the few in view.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from parlour.engine import Event, ParlourError
from parlour.web import boards, spent
from parlour.web.context import BoardContext, Refusal, decision_of
from parlour.web.diagram import Diagram, move_of
from parlour.web.embed import Embed
from parlour.web.embedlink import Spec
from parlour.web.embedview import icon_button, visible
from parlour.web.markup import button, esc, region, tag
from parlour.web.play import decision_markup


@dataclass(frozen=True)
class Lesson:
    """One live example (``moves``) or exercise (``goal``), shown under the help paragraph ``para``.

    ``goal`` is ``"win"`` (the reader wins this turn), ``"score>=N"`` (the reader's live score,
    :meth:`~parlour.engine.Game.scores`, reaches N this turn; the score is shown) or
    ``"e:KIND[|KIND]:field=value..."``: an event of that kind whose data has those values (``to=``
    means none: off the bed) happens in the reader's turn (a real-time game's try: until the
    board's verdict, decision 0096). ``answer`` is one right way: "Show me" plays it, and the tests
    check it is right. ``moves`` and ``answer`` are comma-separated move texts, or a JSON list of
    moves (:func:`moves_of`). ``seat``: whose view the example is drawn from (what only that seat
    sees, a hidden tile, is shown; ``None``: what the whole table sees). ``within`` bounds a try to
    that many of the reader's moves (``0``: until the turn is over), for a game where a move can
    leave the turn with its player (Wooly Bully's wolves and hunters) or pass it on while the
    player may still act (out of turn). ``panels``: the board's side panels are drawn too (the
    other players' trains, for a tie). The words are the catalogue's ``GAME.teach.ID``."""

    para: str
    id: str
    pos: str
    moves: str = ""
    goal: str = ""
    answer: str = ""
    seat: int | None = None
    within: int = 0
    panels: bool = False


def moves_of(text: str) -> tuple[str, ...]:
    """A lesson's moves as texts :func:`parlour.web.diagram.move_of` reads: ``k@b5,g:top-c``, or,
    for moves whose text has commas (JSON), a JSON list of them, each a move or ``[seat, move]``
    (a move that is a string is its own text: Wooly Bully's ``32@-1,0/0``)."""
    if text.startswith("["):
        dump = partial(json.dumps, separators=(",", ":"), ensure_ascii=False)
        return tuple(m if isinstance(m, str) else dump(m) for m in json.loads(text))
    return tuple(m for m in text.replace(";", ",").split(",") if m)  # ";" ends a step: stops_of


def stops_of(text: str) -> tuple[int, ...]:
    """Where a lesson's stepper stops, in moves played from the start: ``;`` ends a step of
    several moves (``flip,take 8 b1 r1;take 40 c1 r0``: two steps, the moves between played on at
    once, such as the other players' turns between the shown player's tiles); none: every move."""
    if ";" not in text or text.startswith("["):
        return ()
    ends = [0]
    for group in text.split(";"):
        ends.append(ends[-1] + len(moves_of(group)))
    return tuple(ends)


def reached(
    goal: str,
    events: Sequence[Event],
    seat: int,
    over: bool,
    winners: Sequence[int],
    scores: Sequence[float] | None = None,
) -> bool:
    """Whether ``events`` (the reader's turn so far) reach ``goal`` (``scores``: the live scores now)."""
    if goal == "win":
        return over and list(winners) == [seat]
    if goal.startswith("score>="):
        return scores is not None and scores[seat] >= int(goal[7:])
    _, kinds, *wants = goal.split(":")
    fields = dict(w.split("=", 1) for w in wants)
    return any(
        e.kind in kinds.split("|") and all(str(e.data.get(k) or "") == v for k, v in fields.items())
        for e in events
    )


LISTS = ("data-highlights", "aria-labelledby", "aria-controls")
"""Attributes whose value is a list of ids (each prefixed)."""


def _prefixed(markup: str, head: str, prefix: str, each: bool = False) -> str:
    """``markup`` with ``prefix`` put after each ``head`` followed by a letter (a reference to an
    element, never a route ``#/``), or, ``each``, before every id of the list that follows it."""
    parts = markup.split(head)
    for i in range(1, len(parts)):
        part = parts[i]
        if each:
            value, rest = part.split('"', 1)
            parts[i] = " ".join(prefix + v for v in value.split()) + '"' + rest
        elif part[:1].isascii() and part[:1].isalpha():
            parts[i] = prefix + part
    return head.join(parts)


def scope(markup: str, lid: str) -> str:
    """``markup`` with every id (and reference to one, and a kept layer's name) prefixed
    ``L-<lid>-`` and every action ``L:<lid>:``, so that many boards can live on one page.

    Plain replacements, not a pattern matched across the markup: a 70-tile field is 94 KB with
    700 ids and references, and a lesson is made in the task that hears it nears the view."""
    p = f"L-{lid}-"
    markup = markup.replace(' id="', f' id="{p}').replace(' data-action="', f' data-action="L:{lid}:')
    # Kept layers' names, and a board's regions (named by their elements' ids): renamed with them,
    # so a step redraws what it changed inside its lesson (the tile laid), as on the match screen.
    for head in ("<!--keep:", "<!--/keep:", "<!--r:", "<!--/r:"):
        markup = markup.replace(head, head + p)
    markup = _prefixed(_prefixed(markup, 'href="#', p), "url(#", p)  # a board's own defs, e.g. patterns
    for name in LISTS:
        if f' {name}="' in markup:
            markup = _prefixed(markup, f' {name}="', p, each=True)
    return markup


HOLLOW_CHARS = 2000
"""A drawing (an ``<svg>``) with more markup inside than this is left empty in a still lesson: a
bed, a castle, a train; an icon, a chip or a pool's piece is drawn as it is."""
SVG_TAG = re.compile(r"<(/?)svg\b[^>]*>")
DEFS = re.compile(r"<defs\b.*?</defs>", re.S)


def hollow(markup: str) -> str:
    """``markup`` (a board's drawing) with the insides of its large drawings left out, each kept
    as its opening tag (view box, class, id, name), so it takes the very box it takes drawn: an
    ``<svg>``'s size never depends on what is inside it. Its ``<defs>`` stay (a pattern another
    drawing may fill with). A grid with no cells is named as a picture instead (``role="img"``)."""
    out: list[str] = []
    depth, at, opened = 0, 0, 0
    for m in SVG_TAG.finditer(markup):
        if m[0].endswith("/>"):
            continue
        if not m[1]:
            opened = m.start() if depth == 0 else opened
            depth += 1
            continue
        depth -= 1
        if depth:
            continue
        head = SVG_TAG.match(markup, opened)
        assert head is not None
        inside = markup[head.end() : m.start()]
        if len(inside) > HOLLOW_CHARS:
            tag_ = head[0].replace(' role="grid"', ' role="img"')
            out += [markup[at:opened], tag_, *DEFS.findall(inside), "</svg>"]
            at = m.end()
    return "".join(out) + markup[at:]


class Live(Embed):
    """A lesson on the page: an embed without its page, its rule links into this help."""

    def __init__(
        self, lesson: Lesson, game_id: str, lang: str, motion: bool = True, still: bool = False
    ) -> None:
        self.moves = moves_of(lesson.moves)
        self.still = still
        """Drawn still (its layout, the same size, its big drawings left empty: :func:`hollow`)
        until the lesson nears the view or is acted on (:meth:`wake`); its moves are played then."""
        spec = Spec(
            game_id,
            lesson.pos,
            () if self.still else self.moves,
            lang=lang,
            seat=lesson.seat,
            try_mode="both" if lesson.goal else "",
        )
        super().__init__(spec, motion=motion)
        self.lesson = lesson
        self.stops = stops_of(lesson.moves) or tuple(range(len(self.moves) + 1))
        self.verdict: bool | None = None
        self.turn: list[Event] = []
        self.cache = ""
        self.drawn = ""
        """Markup drawn after an action, ahead of the screen (:func:`act`): the next drawing uses it."""
        self.begin()

    def begin(self) -> None:
        if self.lesson.goal:
            self.start_trial()
        else:
            self.ui["cursor"] = None  # a board only to look at is no Tab stop: its buttons step it

    def wake(self) -> bool:
        """Draw the whole board from now on, its moves played (a still lesson shows only their
        start); whether the lesson was still."""
        woke, self.still = self.still, False
        if woke:
            self.cache = ""
            if self.spec.moves != self.moves:
                self.spec = replace(self.spec, moves=self.moves)
                self.load(self.spec.source, self.moves, 0)
                self.begin()
        return woke

    def rule_link(self, rule: str) -> str:
        name = self.t(f"{self.spec.game}.rule.{rule}")
        href = f"#/{self.spec.game}/rules?rule={rule}"
        return tag("a", esc(self.t("embed.rule", name=name)), href=href, class_="rule", data_rule=rule)

    def board_live(self) -> bool:
        return self.verdict is None and super().board_live()

    def act(self, action: str, arg: str = "", key: str = "") -> None:
        self.cache = self.drawn = ""
        if action == "again" or (action == "show" and self.lesson.answer):
            self.start_trial()
            self.verdict, self.turn, self.feedback, self.refused = None, [], "", None
            for move in moves_of(self.lesson.answer) if action == "show" else ():
                self.play(move)
            return
        keys = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}
        if action == "key" and key in keys and not self.board_live():
            action = keys[key]
        if action in ("first", "prev", "next", "last"):  # from stop to stop
            at = self.at()
            to = {"first": 0, "prev": at - 1, "next": at + 1, "last": len(self.stops) - 1}[action]
            self.go(self.stops[max(0, min(to, len(self.stops) - 1))])
            self.animate_step = action == "next" and to == at + 1  # the tile laid appears
            return
        super().act(action, arg, key)

    def at(self) -> int:
        """Which stop the example shows (the last one at or before its step)."""
        return max(i for i, stop in enumerate(self.stops) if stop <= self.step)

    def board_act(self, action: str, arg: str) -> None:
        before = len(self.trial.match.plies) if self.trial else 0
        super().board_act(action, arg)
        if self.trial is not None and len(self.trial.match.plies) > before:
            self.judge(self.trial_events)

    def play(self, move: str) -> None:
        assert self.trial is not None
        player, decoded = move_of(self.game, move)
        seat = self.trial.human_to_act() if player is None else player
        if seat is not None and self.verdict is None:
            self.cache = ""  # what was drawn before the move is stale
            self.trial_events = self.trial.play(seat, decoded)
            self.judge(self.trial_events)

    def judge(self, events: list[Event]) -> None:
        """Right when the goal is reached; wrong when the reader's turn ends without it (a
        real-time game's try ends with the board's verdict: then why it was wrong is said too)."""
        assert self.trial is not None
        game, state = self.game, self.trial.state
        seat = self.trial.match.plies[0].player
        self.turn += events
        outcome = game.outcome(state)
        winners = outcome.winners if outcome else ()
        if reached(self.lesson.goal, self.turn, seat, outcome is not None, winners, game.scores(state)):
            self.verdict, self.feedback = True, self.t("teach.right")
        elif outcome is not None or seat not in game.to_act(state) or self.ended(events) or self.spent():
            why = f" {self.refused.reason}" if self.done and self.refused else ""
            self.verdict, self.feedback = False, self.t("teach.wrong") + why
        if self.verdict is not None:
            self.ui["focus"] = "again"

    def spent(self) -> bool:
        """Whether the reader has made the moves the try allows (``within``) without the goal."""
        assert self.trial is not None
        return 0 < self.lesson.within <= len(self.trial.match.plies)

    def ended(self, events: list[Event]) -> bool:
        """Whether a real-time game's try is over: the board's ``verdict`` on ``events`` (Boo!: a
        route was shown), as the embed's try-it judges it (decision 0096)."""
        if not self.done and getattr(self.game, "realtime", False):
            said = getattr(boards.board(self.spec.game), "verdict", None)
            verdict = said(self.context(), events) if said is not None else None
            if verdict is not None:
                right, why, rule = verdict
                self.done, self.refused = True, None if right else Refusal(why, rule)
        return self.done

    # --- drawing ----------------------------------------------------------------------------
    def played(self) -> list[tuple[str, str]]:
        """What the reader's turn did, move by move and event by event, with the rules."""
        assert self.trial is not None
        shown, self.diagram = self.diagram, Diagram(self.game, self.trial.match)
        try:
            return [line for s in range(1, self.diagram.steps + 1) for line in self.caption_lines(s)]
        finally:
            self.diagram = shown

    def caption_lines(self, step: int) -> list[tuple[str, str]]:
        """The step's caption, and after the move's own line what the board says the step did
        beyond its events (its ``step_lines`` hook: Ghosts Galore's scoring, from the engine)."""
        lines = super().caption_lines(step)
        board = boards.board(self.spec.game)
        said = getattr(board, "step_lines", None)
        d = self.diagram
        if said is not None and d is not None and step > 0:
            player = d.match.plies[step - 1].player
            more = said(self.t, d.game, d.state(step - 1), d.state(step), player)
            lines[1:1] = [x for x in more if x not in lines]
        # A step that ends the game: after its events, what the board says of the end (Wooly
        # Bully: each player's points and the winner, worked out by the engine).
        final = getattr(board, "end_lines", None)
        over = d is not None and step > 0 and d.game.outcome(d.state(step)) is not None
        if final is not None and d is not None and over and d.game.outcome(d.state(step - 1)) is None:
            lines += [x for x in final(self.t, d.game, d.state(step)) if x not in lines]
        return lines

    def lines(self, said: list[tuple[str, str]]) -> str:
        return region("events", tag("ul", self.event_items(said), class_="events", id="events"))

    def context(self, session: Any = None, live: bool = False) -> BoardContext:
        ctx = super().context(session, live)
        if self.trial is None and self.diagram is not None and not ctx.events:
            # A step keeps showing what its move did (Boo!: the route shown), still once animated.
            ctx.events = visible(self.diagram.events(self.step), ctx.viewer)
        if self.verdict is not None:
            ctx.replay = 0  # judged: the board shows what the move did and takes no more input
        return ctx

    def markup(self) -> str:
        """The lesson as a figure: the task or title, the board, what happened, the controls."""
        if self.drawn:
            html, self.drawn = self.drawn, ""
            return html
        if self.cache:
            return self.cache
        lid, t = self.lesson.id, self.t
        board = boards.board(self.spec.game)
        assert board is not None and self.diagram is not None
        live = self.board_live()
        ctx = self.context(self.trial if self.trial is not None else None, live=live)
        ctx.still = self.still  # the board's large drawing its box alone, never made
        animated = ctx.animate
        with spent.part("render"):
            stage = board.render(ctx)
            stage += decision_markup(decision_of(board, ctx))
            if self.lesson.panels:
                stage += "".join(body for _, _, body in board.side_panels(ctx))
        if self.still:
            # Its layout, the same size, without the costly part: the board drew its large drawing
            # as its box alone (the bed, the castle, a train, the field); any other left empty.
            with spent.part("hollow"):
                stage = hollow(stage)
        self.animate_step, self.trial_events = False, []
        self.out.clear()  # messages for a parent page: a lesson has none
        title = tag("figcaption", esc(t(f"{self.spec.game}.teach.{lid}")), id="title")
        if self.lesson.goal:
            words = self.feedback or t("teach.your-move")
            cls = "feedback " + {True: "right", False: "wrong", None: ""}[self.verdict]
            link = f" {self.rule_link(self.refused.rule)}" if self.refused and self.refused.rule else ""
            said = tag("p", esc(words) + link, class_=cls, id="feedback", role="status")
            if self.lesson.goal.startswith("score"):  # the score the goal is about, as it stands
                assert self.trial is not None and self.diagram is not None
                reader = self.game.to_act(self.diagram.state(0))[0]
                points = int((self.game.scores(self.trial.state) or [0])[reader])
                said += tag("p", esc(t("teach.score", count=points)), class_="score", id="score")
            if self.verdict is not None:
                said += self.lines(self.played())
            nav = button(t("teach.again"), "again", id="again")
            if self.lesson.answer and not self.verdict:
                nav += button(t("teach.show"), "show", id="show")
        else:
            said = self.lines(self.caption_lines(self.step))
            at, total = self.at(), len(self.stops) - 1
            first, last = at == 0, at >= total
            nav = icon_button(t, "prev", first) + tag(
                "span", esc(t("embed.step", n=at, total=total)), class_="counter"
            )
            nav += icon_button(t, "next", last)
        # Regions: a step redraws what it changed (the tile laid, the words, the counter), not the lesson.
        controls = region("controls", tag("nav", nav, class_="controls", id="controls"))
        body = title + tag("div", stage, class_="stage") + said + controls
        html = tag(
            "figure",
            body,
            class_="lesson",
            id="box",
            data_lesson=lid,
            data_step=self.step,
            data_verdict={True: "right", False: "wrong", None: None}[self.verdict],
            data_still="1" if self.still else None,
            aria_labelledby="title",
        )
        with spent.part("scope"):
            html = scope(html, lid)
        # A still lesson draws nothing that moves: kept until it wakes or is acted on (both forget
        # it), so a help's every drawing does not make its still lessons again.
        self.cache = "" if animated and not self.still else html
        return html


def lessons(board: Any, game_id: str, lang: str, motion: bool = True, still: bool = False) -> dict[str, Live]:
    """The board's lessons, live, by id (none when the board has no ``LESSONS``); ``still``: each
    drawn still until it nears the view (its big drawings left empty, :func:`hollow`)."""
    return dict(making(board, game_id, lang, motion, still))


def making(
    board: Any, game_id: str, lang: str, motion: bool = True, still: bool = False
) -> Iterator[tuple[str, Live]]:
    """:func:`lessons` one at a time, each with its id: a page can make a few a task."""
    for row in getattr(board, "LESSONS", ()):
        yield row[1], Live(Lesson(*row), game_id, lang, motion, still)


def wake(live: Mapping[str, Live], ids: Sequence[str]) -> bool:
    """The lessons ``ids`` (near the view now) drawn whole from now on; whether any was still."""
    return any([live[lid].wake() for lid in ids if lid in live])


def figures(live: Mapping[str, Live], prefix: str, out: dict[str, str]) -> dict[str, str]:
    """Each paragraph key's lessons added to ``out`` (key → markup to show under it), each a region
    of the screen (a step, or a still lesson drawn whole, redraws it alone)."""
    for lid, lesson in live.items():  # after any figure the board's own hook put there
        key = prefix + lesson.lesson.para
        out[key] = out.get(key, "") + region(f"L-{lid}-box", lesson.markup())
    return out


def act(live: Mapping[str, Live], action: str, arg: str, key: str = "") -> tuple[str | None, str]:
    """A scoped action (``L:<id>:<action>``) or key on a lesson: the id to focus next, if any, and
    what to say (the step's caption, the verdict or a refusal) for a screen reader."""
    _, lid, inner = action.split(":", 2)
    lesson = live.get(lid)
    if lesson is None:
        return None, ""
    before, judged = lesson.step, (lesson.verdict, lesson.feedback)
    lesson.wake()  # acted on: drawn whole (a still lesson's buttons and keys act as ever)
    try:
        if key:
            lesson.ui["key_on"] = (inner, arg)  # which of the board's elements has the key
            lesson.act("key", "", key)
        else:
            lesson.act(inner, arg)
    except ParlourError as err:  # the board refused the action itself (not the decision due now)
        lesson.refuse(err, arg if inner == "cell" else "")
        lesson.cache = ""
    # Drawn now, not when the screen is: the board may move the focus as it draws (Boo!: a
    # route being traced starts at the ghost's room); the screen then shows this very markup.
    lesson.drawn = lesson.markup()
    focus = lesson.ui.pop("focus", None)
    if focus is None and lesson.step != before and inner in ("next", "prev", "key"):
        # A step button that is now disabled cannot keep the focus: the other one takes it.
        steps = lesson.diagram.steps if lesson.diagram else 0
        focus = "prev" if lesson.step >= steps else "next" if lesson.step == 0 else None
    said = ""
    if lesson.step != before:
        said = " ".join(text for text, _ in lesson.caption_lines(lesson.step))
    elif (lesson.verdict, lesson.feedback) != judged:
        said = lesson.feedback
    return (f"L-{lid}-{focus}" if focus else None), said
