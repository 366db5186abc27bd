"""The file store of statements and tax documents (a port): a local folder in `make dev` and the tests
(`LocalFolder`), an S3-compatible bucket in compose and production (`S3Bucket`: MinIO in compose, AWS S3 or any
S3-compatible service elsewhere). Chosen by the settings `documents_store` (`local` | `s3`) and, for S3,
`documents_bucket`, `documents_s3_endpoint`, `documents_s3_region` and the two keys. Keys are paths like
`statement/{user_id}/2026-10.pdf`: writing a key again replaces the file (a retried activity writes the same bytes
again).

The browser never reaches the store: the api hands out its own short-lived signed address
(api/routes/statements.py) and streams the file from whichever store is configured. That keeps the bucket private on
the internal network (no public endpoint, no CORS, no second host name to sign S3 URLs for — a SigV4 presigned URL
is bound to the host it was signed for, and the workers reach MinIO as `minio:9000`, the browser would not), and
one behaviour for both stores: the same expiry, the same "link has expired" answer, the same file name and
`Cache-Control: no-store`. Statements are a few kilobytes, so streaming them through the api costs nothing."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any, Protocol

from config import Settings

PDF = "application/pdf"
MISSING = frozenset({"NoSuchKey", "404", "NotFound"})


class DocumentFiles(Protocol):
    async def put(self, key: str, data: bytes) -> None: ...

    async def get(self, key: str) -> bytes | None:
        """The file under `key`; None when there is none."""
        ...


class LocalFolder:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if not path.is_relative_to(self.root.resolve()):
            raise ValueError(f"key outside the store: {key}")
        return path

    async def put(self, key: str, data: bytes) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)  # whole or not at all: a reader never sees half a PDF

    async def get(self, key: str) -> bytes | None:
        path = self._path(key)
        return path.read_bytes() if path.is_file() else None


class S3Bucket:
    """A bucket of an S3-compatible service through boto3. boto3 is blocking, so each call runs in a thread (its
    clients are thread-safe): the worker's and the api's event loops go on meanwhile. A PUT is atomic in S3 (a reader
    sees the old object or the new one, never half), so a retried `put` simply replaces the object. Transient
    failures are retried by botocore (standard mode, 3 attempts), then by the activity's retry policy."""

    def __init__(self, bucket: str, *, endpoint: str = "", region: str = "us-east-1", access_key: str = "",
                 secret_key: str = "", timeout_seconds: float = 10.0) -> None:
        import boto3  # here, not at the top: a second of every worker's and api's start that uses a folder instead
        from botocore.config import Config

        self.bucket = bucket
        self._client: Any = boto3.session.Session().client(
            "s3", endpoint_url=endpoint or None, region_name=region, aws_access_key_id=access_key or None,
            aws_secret_access_key=secret_key or None,
            config=Config(signature_version="s3v4", s3={"addressing_style": "path"},  # MinIO: path-style
                          retries={"mode": "standard", "max_attempts": 3},
                          connect_timeout=timeout_seconds, read_timeout=timeout_seconds))

    async def put(self, key: str, data: bytes) -> None:
        await asyncio.to_thread(self._client.put_object, Bucket=self.bucket, Key=key, Body=data, ContentType=PDF)

    async def get(self, key: str) -> bytes | None:
        return await asyncio.to_thread(self._get, key)

    def _get(self, key: str) -> bytes | None:
        from botocore.exceptions import ClientError

        try:
            answer = self._client.get_object(Bucket=self.bucket, Key=key)
        except ClientError as e:
            if e.response.get("Error", {}).get("Code") in MISSING:
                return None
            raise
        body: bytes = answer["Body"].read()
        return body


def document_files(settings: Settings) -> DocumentFiles:
    if settings.documents_store == "s3":
        return S3Bucket(settings.documents_bucket, endpoint=settings.documents_s3_endpoint,
                        region=settings.documents_s3_region, access_key=settings.documents_s3_access_key,
                        secret_key=settings.documents_s3_secret_key.get_secret_value(),
                        timeout_seconds=settings.provider_timeout_seconds)
    return LocalFolder(settings.documents_dir)
