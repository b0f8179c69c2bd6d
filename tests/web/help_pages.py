"""The rules help as its tests read it: one game's help page, and the words a reader reads."""

from __future__ import annotations

import re
from functools import partial
from types import ModuleType

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
