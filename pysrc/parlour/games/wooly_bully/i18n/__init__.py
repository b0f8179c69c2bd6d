"""Message catalogues of Wooly Bully (en, ru, uk); keys start with ``wooly-bully.``."""
