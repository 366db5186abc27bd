"""A device's push registration id: present, at most 512 characters, only the characters push tokens have."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.devices import EMPTY, MALFORMED, MAX_REGISTRATION_ID, TOO_LONG, registration_error

TOKEN_CHARS = st.sampled_from("abcXYZ0189_:-.")


def test_a_push_token_is_accepted() -> None:
    assert registration_error("dXk3:APA91bHq-Zx_0.9") is None


def test_empty_too_long_or_odd_characters_are_refused_with_their_message() -> None:
    assert registration_error("") == EMPTY
    assert registration_error("a" * (MAX_REGISTRATION_ID + 1)) == TOO_LONG
    assert registration_error("a b") == MALFORMED
    assert registration_error("tok<script>") == MALFORMED


@given(st.text(TOKEN_CHARS, min_size=1, max_size=MAX_REGISTRATION_ID))
def test_any_token_shaped_id_up_to_the_limit_is_accepted(value: str) -> None:
    assert registration_error(value) is None
