"""A device's push registration id (spec doc 1 §7 `POST /api/device/fcm/`): what the push service gave the app's
wrapper; stored per user so a later push channel reaches them (store/devices.py)."""

from __future__ import annotations

import re

MAX_REGISTRATION_ID = 512  # push service tokens are about 160 characters
REGISTRATION_ID = re.compile(r"[A-Za-z0-9_:\-.]+")
EMPTY = "Send the device's registration id."
TOO_LONG = f"The registration id is at most {MAX_REGISTRATION_ID} characters."
MALFORMED = "The registration id may hold only letters, digits and _ : - ."


def registration_error(value: str) -> str | None:
    """Why `value` (already trimmed) is not a registration id, or None."""
    if not value:
        return EMPTY
    if len(value) > MAX_REGISTRATION_ID:
        return TOO_LONG
    return None if REGISTRATION_ID.fullmatch(value) else MALFORMED
