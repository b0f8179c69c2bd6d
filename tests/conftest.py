"""Settings shared by every test package.

On CI (``CI`` set) hypothesis runs derandomized: the same examples on every run, so a red build
is reproducible from its log and never depends on which random examples one run happened to draw.
Locally it explores fresh examples each run (and keeps failures in ``.hypothesis/``)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
