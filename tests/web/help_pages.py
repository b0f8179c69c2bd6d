"""The rules help as its tests read it: one game's help page, and the words a reader reads."""

from __future__ import annotations

import json
import re
from functools import partial
from types import ModuleType
from typing import Any

from parlour.i18n import translate
from parlour.web import screens


def help_html(gid: str, board: ModuleType, lang: str, wanted: str = "", examples: bool = False) -> str:
    """``gid``'s help in ``lang`` from its board's ``HELP`` (``examples``: with the board's still
    diagrams, ``help_examples``)."""
    sections = [(name, [f"{gid}.help.{k}" for k in paras]) for name, paras in board.HELP]
    t = partial(translate, lang)
    drawn = board.help_examples(t) if examples else []
    return screens.rules(t, gid, [], drawn, wanted, board.HELP_RULES, sections)


def words(html: str) -> str:
    """What a reader reads: the text, without the rule anchors' names."""
    html = re.sub(r'<span class="rule-ids">.*?</span></span>', " ", html)
    return re.sub(r"<[^>]+>", " ", html)


def still_app(lang: str = "en", gid: str = "wooly-bully") -> tuple[Any, Any]:
    """``gid``'s help opened in an app whose page can say when a lesson nears the view (its lessons
    drawn still until then, decisions 0039 and 0100): the app and its page."""
    from parlour.web import app as app_mod
    from web.test_match_screen import Dom

    class Watching(Dom):
        """A page that says when lessons near the view, its tasks run at once."""

        watched = 0

        def observe_near(self) -> None:
            self.watched += 1

        def soon(self, fn: Any) -> None:
            fn()

        def after_frame(self, fn: Any) -> None:
            fn()

    dom = Watching(f"#/{gid}/rules", {"parlour.settings": json.dumps({"lang": lang})})
    app = app_mod.App(dom)
    app.start()
    return app, dom


def task_page(fragment: str) -> Any:
    """A page as a string (:class:`web.test_regions.RegionDom`) that says when lessons near the
    view, with the browser's task queue: ``tasks``, each ``("task", fn)`` (``soon``) or
    ``("frame", fn)`` (``after_frame``: after the next frame), run by the test."""
    from web.test_regions import RegionDom

    class Page(RegionDom):
        def __init__(self, fragment: str) -> None:
            super().__init__(fragment)
            self.tasks: list[tuple[str, Any]] = []

        def observe_near(self) -> None:
            pass

        def soon(self, fn: Any) -> None:
            self.tasks.append(("task", fn))

        def after_frame(self, fn: Any) -> None:
            self.tasks.append(("frame", fn))

    return Page(fragment)


def figure(html: str, lid: str) -> str:
    """The lesson ``lid``'s figure as ``html`` (a help page) shows it."""
    found = re.search(rf"<!--r:L-{lid}-box-->(.*?)<!--/r:L-{lid}-box-->", html, re.S)
    assert found, lid
    return found.group(1)
