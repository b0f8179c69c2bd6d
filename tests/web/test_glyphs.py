"""Every symbol the site draws as text must be in the fonts every device has (decision 0107).

✎, ⚙, ▸, ⟲ and ⟳ were drawn from text, and on the build machine only DejaVu has them: on a device
without such a font they are empty boxes. Symbols outside :data:`ALLOWED` are drawn as inline SVG
or by CSS instead. The test reads what reaches the page: the catalogues, the string literals of
the Python that makes the screens (not its docstrings or comments), and the site's CSS, JavaScript
and HTML (not their comments)."""

from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path

from parlour.i18n import translate
from parlour.web.screens import header

ROOT = Path(__file__).resolve().parents[2]

ALLOWED = frozenset("\u00a0«»°±²·×–—‘’“”…←→−≤≥")
"""Symbols allowed as text: each is in Liberation Sans as well as DejaVu on the build machine
(``fc-list ':charset=XXXX'``), so in Arial's set (WGL4), which every desktop and phone font
covers. To allow another, check it the same way: a symbol only DejaVu has is not enough."""


def risky(text: str) -> set[str]:
    """The symbols in ``text`` that are neither ASCII, nor a letter of a Latin, Greek or Cyrillic
    alphabet (or a mark on one), nor allowed."""
    return {
        ch
        for ch in text
        if ord(ch) > 127
        and ch not in ALLOWED
        and not (unicodedata.category(ch)[0] in "LM" and ord(ch) < 0x0530)
    }


def literals(source: str) -> str:
    """The string literals of a Python module, without its docstrings."""
    tree = ast.parse(source)
    # A string standing alone as a statement is a docstring (a module's, a class's, a function's
    # or an attribute's): it never reaches a page.
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    return "\n".join(
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    )


def shown() -> dict[str, str]:
    """What each file puts on a page, by its path."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "pysrc/parlour").rglob("*")):
        if path.suffix == ".json" and path.parent.name == "i18n":
            out[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
        elif path.suffix == ".py":
            out[str(path.relative_to(ROOT))] = literals(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "web").rglob("*")):
        if path.suffix in (".css", ".js", ".mjs", ".html"):
            text = re.sub(r"/\*.*?\*/|<!--.*?-->", "", path.read_text(encoding="utf-8"), flags=re.S)
            out[str(path.relative_to(ROOT))] = re.sub(r"(?m)^\s*//.*$", "", text)
    return out


def test_no_symbol_drawn_as_text_is_missing_from_common_fonts():
    found = {
        f"U+{ord(ch):04X} {unicodedata.name(ch, '?')} in {path}"
        for path, text in shown().items()
        for ch in risky(text)
    }
    assert not found, "draw these as inline SVG or CSS shapes (decision 0107): " + "; ".join(sorted(found))


def test_the_check_finds_the_glyphs_that_were_boxes_and_reads_docstrings_apart():
    assert risky("⚙ ✎ ▸ ▾ ▴ ▶ ⟲ ⟳ ⏯ ✋") == set("⚙✎▸▾▴▶⟲⟳⏯✋")
    assert risky("Настройки · «Ігрок» — Ελλάδα, naïve… 3×3 → ≤ 0 °") == set()
    source = '"""A gear ⚙."""\nX = 1\n"""Its ✎."""\ndef f():\n    """⟲"""\n    return "▸ " + "ok"\n'
    assert risky(literals(source)) == {"▸"}


def test_the_settings_gear_is_drawn_and_named_in_each_language():
    for lang, name in (("en", "Settings"), ("ru", "Настройки"), ("uk", "Налаштування")):
        bar = header(lambda key, lang=lang, **p: translate(lang, key, **p), "Parlour")
        link = re.search(
            r'<a href="#/settings" class="icon-link" aria-label="([^"]+)"><svg [^>]*aria-hidden="true"', bar
        )
        assert link and link.group(1) == name
        assert not risky(bar)
