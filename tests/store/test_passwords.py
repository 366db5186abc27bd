"""The password hash: argon2id at RFC 9106's low-memory cost in the product; the test stacks' cheap cost is the same
algorithm, refused by Settings outside a test environment, and a hash of either cost verifies under both."""

from __future__ import annotations

import pytest
from argon2 import extract_parameters, profiles
from pydantic import ValidationError

from config import CHEAP_PASSWORD_ENVS, PasswordProfile, Settings
from store.passwords import RECOMMENDED, TEST_ONLY_CHEAP, hash_password, verify_password


def test_the_product_hashes_with_argon2id_at_the_recommended_cost() -> None:
    assert Settings().password_hash_profile == RECOMMENDED
    assert Settings(env="production").password_hash_profile == RECOMMENDED


async def test_a_recommended_hash_is_argon2id_with_rfc_9106_low_memory_parameters() -> None:
    stored = await hash_password("Vitrine2026!", RECOMMENDED)
    assert stored.startswith("$argon2id$")
    assert extract_parameters(stored) == profiles.RFC_9106_LOW_MEMORY


@pytest.mark.parametrize("env", ["dev", "production", "staging", ""])
def test_the_cheap_cost_is_refused_outside_the_test_stacks(env: str) -> None:
    with pytest.raises(ValidationError, match="for the test stacks only"):
        Settings(env=env, password_hash_profile=TEST_ONLY_CHEAP)


@pytest.mark.parametrize("env", sorted(CHEAP_PASSWORD_ENVS))
def test_the_test_stacks_may_take_the_cheap_cost(env: str) -> None:
    assert Settings(env=env, password_hash_profile=TEST_ONLY_CHEAP).password_hash_profile == TEST_ONLY_CHEAP


@pytest.mark.parametrize("made_with", [RECOMMENDED, TEST_ONLY_CHEAP])
@pytest.mark.parametrize("checked_with", [RECOMMENDED, TEST_ONLY_CHEAP])
async def test_a_hash_of_either_cost_verifies_under_both(made_with: PasswordProfile, checked_with: PasswordProfile) -> None:
    stored = await hash_password("correct horse", made_with)
    assert stored.startswith("$argon2id$")
    assert await verify_password(stored, "correct horse", checked_with)
    assert not await verify_password(stored, "wrong horse", checked_with)
    assert not await verify_password(None, "correct horse", checked_with)
