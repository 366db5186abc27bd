"""Statements and tax documents (spec doc 3 §2.6, §3 Statement / tax form, §7 "Portfolio and funding"): the investor's
lists, and a short-lived signed address of one file (`document_url_ttl_seconds`):
`/api/financial-documents/{fileKey}.{expires}.{signature}`, signed here (HMAC of the key and expiry under the secret
key) and served from the document store — a local folder or an S3 bucket, streamed through the api either way (why:
store/document_files.py) — without a session: the address is the permission, like a presigned bucket URL; the
browser opens it in a new tab.
Another investor's document, or an unknown key, is 404."""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Annotated

from fastapi import APIRouter, Path, Response

from api.deps import CurrentUser, Db, State, own
from api.errors import ApiError
from api.openapi_docs import PDF, Documented
from api.params import Id, Token
from config import Settings
from domain.statements import STATEMENT, TAX_DOCUMENT
from store import statements as store
from store.models import FinancialDocument

router = APIRouter(tags=["portfolio"])
NOT_FOUND = "Not found."
EXPIRED = "This link has expired. Please open the document again from Statements."
Signed = Annotated[str, Path(max_length=160, pattern=r"^[A-Za-z0-9_-]{1,64}\.[0-9]{1,12}\.[0-9a-f]{64}$")]


class FormOut(Documented):
    """A statement or tax document: its key (to ask for its address) and its display name."""

    fileKey: str
    displayName: str


class FormUrlOut(Documented):
    """A short-lived address of the document's PDF."""

    url: str


def _sign(settings: Settings, file_key: str, expires: int) -> str:
    msg = f"financial-document:{file_key}:{expires}".encode()
    return hmac.new(settings.secret_key.encode(), msg, hashlib.sha256).hexdigest()


def signed_address(settings: Settings, file_key: str, expires: int) -> str:
    """`{fileKey}.{expires}.{signature}`: one path segment that opens the document until `expires` (Unix seconds)."""
    return f"{file_key}.{expires}.{_sign(settings, file_key, expires)}"


def _forms(rows: list[FinancialDocument]) -> list[FormOut]:
    return [FormOut(fileKey=d.file_key, displayName=d.display_name) for d in rows]


@router.get("/api/users/{user_id}/financials/forms/statements")
async def statements(user_id: Id, user: CurrentUser, db: Db) -> list[FormOut]:
    """The investor's monthly account statements, newest first."""
    own(user, user_id)
    return _forms(await store.documents_of(db, user.id, STATEMENT))


@router.get("/api/users/{user_id}/financials/forms/taxforms")
async def tax_forms(user_id: Id, user: CurrentUser, db: Db) -> list[FormOut]:
    """The investor's yearly tax documents, newest first."""
    own(user, user_id)
    return _forms(await store.documents_of(db, user.id, TAX_DOCUMENT))


@router.get("/api/users/{user_id}/financials/forms/statements/{file_key}")
async def form_url(user_id: Id, file_key: Token, user: CurrentUser, state: State, db: Db) -> FormUrlOut:
    """A short-lived address of one of the investor's statements or tax documents (404: not theirs)."""
    own(user, user_id)
    doc = await store.owned(db, user.id, file_key)
    if doc is None:
        raise ApiError(404, NOT_FOUND)
    expires = int(time.time()) + state.settings.document_url_ttl_seconds
    return FormUrlOut(url=f"/api/financial-documents/{signed_address(state.settings, file_key, expires)}")


@router.get("/api/financial-documents/{signed}", response_class=Response, responses=PDF)
async def document_file(signed: Signed, state: State, db: Db) -> Response:
    """The PDF behind a signed address (no session: the signature is the permission); 403 once it expired."""
    file_key, expires, signature = signed.rsplit(".", 2)
    if not hmac.compare_digest(signature, _sign(state.settings, file_key, int(expires))):
        raise ApiError(404, NOT_FOUND)
    if int(expires) < time.time():
        raise ApiError(403, EXPIRED)
    doc = await store.by_file_key(db, file_key)
    data = await state.documents.get(doc.storage_key) if doc is not None else None
    if doc is None or data is None:
        raise ApiError(404, NOT_FOUND)
    return Response(data, media_type="application/pdf", headers={
        "Content-Disposition": f'inline; filename="{doc.display_name}.pdf"', "Cache-Control": "private, no-store"})
