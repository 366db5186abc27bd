"""Text input cleaning shared by every form (spec doc 1 §5: trimmed, zero-width spaces removed)."""

from __future__ import annotations

import re

_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")


def clean_text(value: str) -> str:
    return _ZERO_WIDTH.sub("", value).strip()
