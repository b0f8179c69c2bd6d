"""The app's addresses are percent-encoded as ``urllib.parse`` does, without importing it: with
``ipaddress`` it is 128 KB of the standard library compiled from source on a first start, most of
the task that imported the embed's module while a game opened (decision 0110)."""

from __future__ import annotations

import subprocess
import sys
import urllib.parse
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.web import urls

TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)) | st.sampled_from("%+&=/ ?#~.-_@:,é\u2014")
)
"""Any text (lone surrogates aside: neither encodes them), rich in the characters that matter."""
ESCAPES = st.text(alphabet="%+&= 0123456789abcdefABCDEFxXgé\u2014\U0001f600")
"""Text full of escapes, whole, cut short or not hex, and UTF-8 sequences cut short."""


@settings(max_examples=300, deadline=None)
@given(TEXT, st.sampled_from(["/", "", "@:,/-_.~+", " ", "é/"]))
def test_quote_is_urllib_parse_quote(text: str, safe: str):
    assert urls.quote(text, safe) == urllib.parse.quote(text, safe=safe)


@settings(max_examples=300, deadline=None)
@given(TEXT | ESCAPES)
def test_unquote_is_urllib_parse_unquote_and_undoes_quote(text: str):
    assert urls.unquote(text) == urllib.parse.unquote(text)
    assert urls.unquote(urls.quote(text)) == text


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(TEXT, TEXT, max_size=4))
def test_urlencode_and_parse_qsl_are_urllib_parses(params: dict[str, str]):
    query = urls.urlencode(params)
    assert query == urllib.parse.urlencode(params)
    assert urls.parse_qsl(query) == urllib.parse.parse_qsl(query, keep_blank_values=True)
    assert dict(urls.parse_qsl(query)) == params


@settings(max_examples=300, deadline=None)
@given(TEXT | ESCAPES)
def test_parse_qsl_reads_any_query_as_urllib_parse_does(query: str):
    assert urls.parse_qsl(query) == urllib.parse.parse_qsl(query, keep_blank_values=True)


def test_embeds_and_addresses_with_a_query_do_not_import_urllib_parse():
    probe = (
        # What Pyodide's bootstrap imports first (CPython 3.11's pathlib imports urllib.parse
        # itself, 3.14's does not), then urllib.parse made unimportable.
        "import sys, pathlib, zipfile, importlib.resources, json, inspect\n"
        "sys.modules['urllib.parse'] = sys.modules['ipaddress'] = None\n"
        "from parlour.web import embed, embedlink, router\n"
        "route = router.parse('#/boop/play?s=18f&m=AA%2Bb+c', {'boop'})\n"
        "assert route.params == {'s': '18f', 'm': 'AA+b c'}, route\n"
        "assert router.parse(route.fragment(), {'boop'}) == route, route.fragment()\n"
        "spec = embedlink.Spec.parse('#game=boop&c1=%C3%A9+x%26y&id=%C3%A9')\n"
        "assert spec.captions[1] == 'é+x&y' and spec.name == 'é' and embedlink.Spec.parse(embedlink.fragment(spec)) == spec, spec\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(  # -S: this machine's site imports urllib.parse for its own reasons
        [sys.executable, "-S", "-c", probe],
        capture_output=True,
        text=True,
        cwd=root,
        env={"PYTHONPATH": str(root / "pysrc")},
    )
    assert done.returncode == 0, done.stderr
