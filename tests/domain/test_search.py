"""The catalogue search rule: at least three characters, no double spaces, case-insensitive."""

from __future__ import annotations

from domain.search import matches, search_term


def test_a_usable_term_is_trimmed_and_lower_cased() -> None:
    assert search_term("  Rolex ") == "rolex"
    assert search_term("abc") == "abc"


def test_too_short_or_double_spaced_searches_give_nothing() -> None:
    assert search_term("ab") is None
    assert search_term("   ab   ") is None
    assert search_term("old  car") is None


def test_a_term_matches_the_name_ticker_or_status() -> None:
    assert matches("rol", name="Rolex Daytona", ticker="RLX", status="Trading")
    assert matches("rlx", name="Watch", ticker="RLX", status="Trading")
    assert matches("open", name="Watch", ticker="W", status="Open ICO")
    assert not matches("car", name="Watch", ticker="W", status="Trading")
