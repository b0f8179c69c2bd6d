"""Parlour: board games that run entirely in the browser.

Subpackages: :mod:`parlour.engine` (the core every game shares), :mod:`parlour.games` (one
package per game, pure rules), :mod:`parlour.i18n` (message catalogues), :mod:`parlour.net`
(the peer-to-peer session protocol) and :mod:`parlour.web` (the browser front end, the only
code that touches the browser).
"""

__version__ = "0.1.0"
