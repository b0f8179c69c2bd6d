"""Fitting a board to an embed's frame: pure arithmetic on CSS pixels, no browser.

The embed's page tells Python its frame's size; these functions say where the board goes and how
much detail it can carry there. ``assets/embed.css`` lays the page out by the same rules (its media
query ``(min-width: 520px) and (min-aspect-ratio: 6/5)`` is :func:`wide`), so the estimates here
match the boxes the browser makes, give or take a line of caption.
"""

from __future__ import annotations

WIDE_MIN_W = 520
WIDE_RATIO = 6 / 5
SIDE_W = 240
"""The caption and buttons' column beside the board in a wide frame (CSS: ``--side``)."""
CHROME_H = 76
"""Below the board in a tall frame: the status line and one row of 44 px buttons, with gaps."""
NARROW_W = 340
"""A frame at most this wide says the step in its status and shows its buttons as icons where it can,
so that they make one row (CSS: ``max-width: 340px``)."""
TINY_H = 300
"""A narrow frame at most this high and not landscape (240 x 240) has a column of buttons, one a
row, beside the board, and the status under the board (CSS: ``max-height: 300px``, decision 0079)."""
TINY_SIDE_W = 44
"""That column's width: one 44 px button."""
CAPTION_H = 0.2
"""A tall frame's caption lines take up to this share of its height (shown from 360 px high)."""
SMALL_SIDE_W = 92
"""A small landscape frame's column of status and buttons beside the board (two 44 px buttons a row)."""
COMPACT_PX = 560
"""A board drawn smaller than this (CSS px) leaves out what would be too small to read."""
MIN_TEXT_PX = 12
"""The smallest text a figure draws, in CSS px once scaled into its frame."""


def wide(width: int, height: int) -> bool:
    """Whether the caption and buttons go beside the board (a landscape frame) rather than under it."""
    return width >= WIDE_MIN_W and width >= height * WIDE_RATIO


def small_landscape(width: int, height: int) -> bool:
    """A landscape frame too small for :func:`wide` (320 x 240): the status and buttons go in a
    narrow column beside the board, which takes the frame's height (``embed.css``, decision 0079)."""
    return not wide(width, height) and height <= 360 and width >= height * WIDE_RATIO


def tiny(width: int, height: int) -> bool:
    """A narrow frame too short for the buttons and status under the board (240 x 240): the buttons
    go in a column of one beside the board, the status under it (``embed.css``, decision 0079)."""
    return width <= NARROW_W and height <= TINY_H and not small_landscape(width, height)


def stage_box(width: int, height: int) -> tuple[int, int]:
    """The board's box in a ``width`` x ``height`` frame, in CSS px (at least 1 x 1)."""
    if wide(width, height):
        return max(1, width - SIDE_W - 16), max(1, height - 8)
    if small_landscape(width, height):
        return max(1, width - SMALL_SIDE_W - 7), max(1, height - 4)
    if tiny(width, height):  # two lines of 11 px status under the board
        return max(1, width - TINY_SIDE_W - 7), max(1, height - 7 - 27)
    below = CHROME_H + (int(height * CAPTION_H) if height >= 360 else 0)
    return max(1, width - 12), max(1, height - below)


def columns(count: int, pane: tuple[float, float], box: tuple[float, float], gap: float = 24) -> int:
    """How many of ``count`` equal panes (``pane`` = width, height) to put in a row so that each is
    drawn largest in ``box``; on a tie, the fewer columns."""
    best, best_scale = 1, 0.0
    for cols in range(1, max(1, count) + 1):
        rows = -(-count // cols)
        width = cols * pane[0] + (cols - 1) * gap
        height = rows * pane[1] + (rows - 1) * gap
        scale = min(box[0] / width, box[1] / height)
        if scale > best_scale * 1.001:
            best, best_scale = cols, scale
    return best


def compact(px: float) -> bool:
    """Whether a board ``px`` CSS px across should leave out its small print."""
    return px < COMPACT_PX


def legible(size: float, view: float, px: float | None) -> bool:
    """Whether text ``size`` units high in a drawing ``view`` units across, drawn ``px`` CSS px
    across, is at least :data:`MIN_TEXT_PX` (``px`` unknown: yes)."""
    return px is None or size * px / view >= MIN_TEXT_PX


MIN_TRAIN_PX = 135
"""A Ghosts Galore train drawn at least this many CSS px across shows its small drawing's diamond
numbers (26 of its 352 units) at least 10 px high; smaller, a figure draws the train the step is
about large and the others beside it (decision 0079)."""
