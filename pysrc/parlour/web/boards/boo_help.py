"""Boo!'s rules help (issue #14, #11; decision 0095): its sections, goal first, and its live
examples and "try it" exercises, each a real castle position played by the engine and drawn by the
board's own ``render``. Data only: :mod:`parlour.web.teach` runs it."""

from __future__ import annotations

HELP: tuple[tuple[str, dict[str, tuple[str, ...]]], ...] = (
    ("goal", {"goal": ("BO-19",)}),
    ("castle", {"setup": ("BO-1", "BO-6")}),
    ("round", {"round": ("BO-7", "BO-8", "BO-18")}),
    ("route", {"route": ("BO-9",)}),
    ("tokens", {"trapdoor": ("BO-10",), "transition": ("BO-11",), "more": ("BO-12",)}),
    ("claim", {"claim": ("BO-13", "BO-14", "BO-D1"), "wrong": ("BO-16", "BO-D2")}),
    ("walls", {"walls": ("BO-15",)}),
    ("hands", {"hands": ("BO-17",)}),
    ("end", {"end": ("BO-20",)}),
)
"""The rules help, goal first: sections (heading ``boo.help-h.<name>``), each of paragraphs
(``boo.help.<name>``) with the rules each explains (rule ids of the design digest)."""

HELP_RULES: dict[str, tuple[str, ...]] = {
    f"boo.help.{k}": ids for _, paras in HELP for k, ids in paras.items()
}
"""Each help paragraph's rules: named before it, each a link target (``rule-BO-14``) for the log's
refusals and the embeds' captions; the sentences themselves carry no codes."""
