"""The document store port (store/document_files.py): both adapters keep whole files under their keys and replace a
file written again (a retried activity); an unknown key is None. The local folder refuses a key outside its root; the
S3 bucket is tried against a real S3-compatible server over HTTP (moto's server mode, tests/conftest.py), and a
bucket that does not exist fails loudly rather than answering "no such file"."""

from __future__ import annotations

from pathlib import Path

import pytest
from botocore.exceptions import ClientError

from config import Settings
from store.document_files import LocalFolder, S3Bucket, document_files


async def test_the_local_folder_keeps_and_replaces_a_file_under_its_key(tmp_path: Path) -> None:
    files = LocalFolder(tmp_path)
    assert await files.get("statement/7/2026-10.pdf") is None
    await files.put("statement/7/2026-10.pdf", b"%PDF-1 first")
    await files.put("statement/7/2026-10.pdf", b"%PDF-1 again")  # a retried activity writes the same key again
    assert await files.get("statement/7/2026-10.pdf") == b"%PDF-1 again"
    assert sorted(p.name for p in (tmp_path / "statement/7").iterdir()) == ["2026-10.pdf"]  # no temporary file left
    with pytest.raises(ValueError):
        await files.put("../outside.pdf", b"x")


async def test_the_s3_bucket_keeps_and_replaces_a_file_under_its_key(s3_settings: Settings) -> None:
    files = document_files(s3_settings)
    assert isinstance(files, S3Bucket)
    assert await files.get("statement/7/2026-10.pdf") is None
    await files.put("statement/7/2026-10.pdf", b"%PDF-1 first")
    await files.put("statement/7/2026-10.pdf", b"%PDF-1 again")
    assert await files.get("statement/7/2026-10.pdf") == b"%PDF-1 again"
    import boto3  # by the worker that runs this, not at collection

    s3 = boto3.client("s3", endpoint_url=s3_settings.documents_s3_endpoint, region_name="us-east-1",
                      aws_access_key_id="k", aws_secret_access_key="s")
    listed = s3.list_objects_v2(Bucket=s3_settings.documents_bucket)["Contents"]
    assert [o["Key"] for o in listed] == ["statement/7/2026-10.pdf"]  # one object, replaced in place
    head = s3.head_object(Bucket=s3_settings.documents_bucket, Key="statement/7/2026-10.pdf")
    assert head["ContentType"] == "application/pdf"


async def test_a_missing_bucket_is_an_error_not_a_missing_file(s3_settings: Settings) -> None:
    files = document_files(s3_settings.model_copy(update={"documents_bucket": "no-such-bucket"}))
    with pytest.raises(ClientError):
        await files.get("statement/7/2026-10.pdf")
    with pytest.raises(ClientError):
        await files.put("statement/7/2026-10.pdf", b"%PDF-1")


def test_the_setting_picks_the_store(tmp_path: Path) -> None:
    assert isinstance(document_files(Settings(documents_dir=str(tmp_path))), LocalFolder)
    s3 = document_files(Settings(documents_store="s3", documents_bucket="b", documents_s3_endpoint="http://minio:9000"))
    assert isinstance(s3, S3Bucket) and s3.bucket == "b"
