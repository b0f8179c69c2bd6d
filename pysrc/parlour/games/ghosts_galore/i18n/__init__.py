"""Ghosts Galore message catalogues (en, ru, uk); a package so the JSON files ship with the wheel."""
