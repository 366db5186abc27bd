"""Identity document uploads: `POST /api/users/files/` returns a one-time upload address; the browser PUTs the file
there with its content type (a local object store under `.data/uploads`, like a presigned bucket URL), within
`upload_url_ttl_seconds` of asking (then 403)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi import APIRouter, Request
from pydantic import Field
from sqlalchemy import select
from sqlmodel import col

from api.deps import CurrentUser, Db, State
from api.errors import ApiError
from api.params import Token
from api.purchase.schemas import UploadedOut, UploadTicketOut
from api.schemas import Body
from domain import documents as D
from store.models import Upload

router = APIRouter(tags=["documents"])
UPLOAD_EXPIRED = "This upload link has expired. Please choose the file again."


class FileIn(Body):
    file_name: str = Field(default="", max_length=255)
    content_type: str = Field(default="", max_length=64)
    document_type: str = Field(default="", max_length=16)


@router.post("/api/users/files/", status_code=201)
async def request_upload(body: FileIn, user: CurrentUser, db: Db) -> UploadTicketOut:
    if body.document_type not in D.DOCUMENT_TYPES:
        raise ApiError(422, D.CHOOSE_TYPE, field="document_type")
    if err := D.file_error(body.file_name, body.content_type):
        raise ApiError(422, err, field="file_name")
    token = secrets.token_urlsafe(24)
    db.add(Upload(user_id=user.id, token=token, file_name=body.file_name, content_type=body.content_type.lower(),
                  document_type=body.document_type))
    await db.commit()
    return UploadTicketOut(url=f"/api/uploads/{token}", file_key=token)


@router.put("/api/uploads/{token}")
async def put_file(token: Token, request: Request, state: State, db: Db) -> UploadedOut:
    upload = await db.scalar(select(Upload).where(col(Upload.token) == token))
    if upload is None or upload.uploaded_at is not None:
        raise ApiError(404, D.UPLOAD_FAILED)
    if datetime.now(UTC) - upload.created_at > timedelta(seconds=state.settings.upload_url_ttl_seconds):
        raise ApiError(403, UPLOAD_EXPIRED)
    if request.headers.get("content-type", "").lower() != upload.content_type:
        raise ApiError(422, D.UNSUPPORTED)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > D.MAX_BYTES:
            raise ApiError(413, D.TOO_LARGE)
    if not data:
        raise ApiError(422, D.READ_FAILED)
    folder = Path(state.settings.uploads_dir) / str(upload.user_id)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{token}.{upload.file_name.rsplit('.', 1)[-1].lower()}"
    path.write_bytes(bytes(data))
    upload.size, upload.path, upload.uploaded_at = len(data), str(path), datetime.now(UTC)
    await db.commit()
    return UploadedOut(file_key=token, size=len(data))
