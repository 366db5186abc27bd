"""The file store of statements and tax documents (a port): a local folder in `make dev` and the tests
(`LocalFolder`), an S3-compatible bucket in compose (`S3Bucket`, a documented stub: see its docstring). Chosen by the
settings `documents_store` and `documents_dir`. Keys are paths like `statements/{user_id}/2026-10.pdf`: writing a
key again replaces the file (a retried activity writes the same bytes again)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

from config import Settings


class DocumentFiles(Protocol):
    def put(self, key: str, data: bytes) -> None: ...

    def get(self, key: str) -> bytes | None: ...

    def presigned_url(self, key: str, ttl_seconds: int) -> str | None:
        """A short-lived address the store itself answers, or None when the api serves the file (a signed link)."""
        ...


class LocalFolder:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if not path.is_relative_to(self.root.resolve()):
            raise ValueError(f"key outside the store: {key}")
        return path

    def put(self, key: str, data: bytes) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)  # whole or not at all: a reader never sees half a PDF

    def get(self, key: str) -> bytes | None:
        path = self._path(key)
        return path.read_bytes() if path.is_file() else None

    def presigned_url(self, key: str, ttl_seconds: int) -> str | None:
        return None


class S3Bucket:
    """STUB — not implemented yet: the S3-compatible adapter compose would use (put_object, get_object and a
    presigned GET URL of `ttl_seconds`). Selecting it (`VITRINE_DOCUMENTS_STORE=s3`) fails loudly at the first use."""

    def __init__(self, bucket: str) -> None:
        self.bucket = bucket

    def put(self, key: str, data: bytes) -> None:
        raise NotImplementedError("the S3 document store is a stub")

    def get(self, key: str) -> bytes | None:
        raise NotImplementedError("the S3 document store is a stub")

    def presigned_url(self, key: str, ttl_seconds: int) -> str | None:
        raise NotImplementedError("the S3 document store is a stub")


def document_files(settings: Settings) -> DocumentFiles:
    return S3Bucket(settings.documents_bucket) if settings.documents_store == "s3" else LocalFolder(settings.documents_dir)
