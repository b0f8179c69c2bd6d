"""Tiny helpers to build HTML and SVG as text, escaped by default.

Screens are pure functions from state to markup; the app puts the text into the page in one step,
so the same code renders in the browser and in tests on CPython.
"""

from __future__ import annotations

from html import escape


def esc(value: object) -> str:
    """Text safe inside an element or a double-quoted attribute."""
    return escape(str(value), quote=True)


def attrs(**values: object) -> str:
    """``attrs(data_action="go", hidden=True, id=None)`` → `` data-action="go" hidden``.

    Underscores become dashes (``aria_label`` → ``aria-label``); a trailing underscore is dropped
    (``class_``); ``None`` and ``False`` leave the attribute out; ``True`` writes it bare.
    """
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        out.append(f" {key}" if value is True else f' {key}="{esc(value)}"')
    return "".join(out)


def tag(name: str, body: str = "", **values: object) -> str:
    """An element with escaped attributes; ``body`` is markup, already safe."""
    return f"<{name}{attrs(**values)}>{body}</{name}>"


def button(label: str, action: str, arg: object = None, **values: object) -> str:
    """A button the app's one click handler dispatches by its ``data-action``."""
    return tag("button", esc(label), type="button", data_action=action, data_arg=arg, **values)


def labelled(label: str, control: str) -> str:
    """A labelled form control (``control`` is markup), laid out as one row of a form."""
    return tag("label", tag("span", esc(label)) + control, class_="field")
