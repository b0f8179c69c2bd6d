"""Helpers shared by several test packages (one copy each, imported as ``helpers.<module>``)."""
