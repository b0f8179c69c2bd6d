"""Message catalogues of boop. (en, ru, uk); keys start with ``boop.``."""
