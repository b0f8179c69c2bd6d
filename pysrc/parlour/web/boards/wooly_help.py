"""Wooly Bully's rules help (issue #14; decision 0095): its sections, goal first, in the
rulebook's order. Data only: :mod:`parlour.web.teach` and the help screen read it."""

from __future__ import annotations

HELP: tuple[tuple[str, dict[str, tuple[str, ...]]], ...] = (
    ("goal", {"goal": ()}),
    ("setup", {"setup": ("WB-1", "WB-2")}),
    ("turn", {"turn": ("WB-3",), "draw": ("WB-4",)}),
    ("pastures", {"closed": ("WB-16",), "holes": ("WB-5",)}),
    ("wolf", {"wolf": ("WB-7", "WB-D2", "WB-8")}),
    ("hunter", {"hunter": ("WB-9", "WB-10"), "joined-forests": ("WB-11",)}),
    ("reveal", {"reveal": ("WB-12",)}),
    ("leave", {"leave": ("WB-13",)}),
    ("end", {"end": ("WB-14",), "scoring": ("WB-15",)}),
    ("variants", {"variants": ("WB-V1", "WB-V2", "WB-V3", "WB-V4", "WB-V5")}),
    ("screen", {"board": (), "pan": (), "tiles": ()}),
)
"""The rules help, goal first: sections (heading ``wooly-bully.help-h.<name>``), each of paragraphs
(``wooly-bully.help.<name>``) with the rules each explains (rule ids of the design digest)."""

HELP_RULES: dict[str, tuple[str, ...]] = {
    f"wooly-bully.help.{k}": ids for _, paras in HELP for k, ids in paras.items()
}
"""Each help paragraph's rules: named before it, each a link target (``rule-WB-8``) for the log's
refusals and the embeds' captions; the sentences themselves carry no codes."""
