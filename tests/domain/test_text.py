"""Text inputs are trimmed and lose zero-width characters."""

from __future__ import annotations

from domain.text import clean_text


def test_trims_and_drops_zero_width_characters() -> None:
    assert clean_text("  Ada\u200b Love\u200dlace\ufeff  ") == "Ada Lovelace"
    assert clean_text("\u2060\u200c") == ""
    assert clean_text("plain") == "plain"
