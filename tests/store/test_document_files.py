"""The document store port (store/document_files.py): the local folder keeps whole files under their keys, refuses a
key outside its root; the S3 adapter is a stub that fails loudly rather than losing a document."""

from __future__ import annotations

from pathlib import Path

import pytest

from config import Settings
from store.document_files import LocalFolder, S3Bucket, document_files


def test_the_local_folder_keeps_and_replaces_a_file_under_its_key(tmp_path: Path) -> None:
    files = LocalFolder(tmp_path)
    assert files.get("statement/7/2026-10.pdf") is None
    files.put("statement/7/2026-10.pdf", b"%PDF-1 first")
    files.put("statement/7/2026-10.pdf", b"%PDF-1 again")  # a retried activity writes the same key again
    assert files.get("statement/7/2026-10.pdf") == b"%PDF-1 again"
    assert sorted(p.name for p in (tmp_path / "statement/7").iterdir()) == ["2026-10.pdf"]  # no temporary file left
    assert files.presigned_url("statement/7/2026-10.pdf", 300) is None  # the api signs its own address
    with pytest.raises(ValueError):
        files.put("../outside.pdf", b"x")


def test_the_setting_picks_the_store_and_s3_is_a_loud_stub(tmp_path: Path) -> None:
    assert isinstance(document_files(Settings(documents_dir=str(tmp_path))), LocalFolder)
    s3 = document_files(Settings(documents_store="s3"))
    assert isinstance(s3, S3Bucket)
    with pytest.raises(NotImplementedError):
        s3.put("k", b"x")
