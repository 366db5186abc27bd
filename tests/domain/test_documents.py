"""Identity document rules: the file types accepted."""

from __future__ import annotations

import pytest

from domain.documents import DOCUMENT_TYPES, MAX_BYTES, UNSUPPORTED, file_error


@pytest.mark.parametrize(("name", "content_type"), [("id.jpg", "image/jpeg"), ("ID.JPEG", "image/jpg"),
                                                    ("scan.png", "IMAGE/PNG")])
def test_jpg_and_png_are_accepted(name: str, content_type: str) -> None:
    assert file_error(name, content_type) is None


@pytest.mark.parametrize(("name", "content_type"), [("id.pdf", "application/pdf"), ("id.png", "image/jpeg"),
                                                    ("id", "image/png"), ("id.gif", "image/gif")])
def test_anything_else_is_unsupported(name: str, content_type: str) -> None:
    assert file_error(name, content_type) == UNSUPPORTED


def test_the_limits_the_messages_name() -> None:
    assert MAX_BYTES == 5 * 1024 * 1024
    assert DOCUMENT_TYPES == ("passport", "idCard", "license")
