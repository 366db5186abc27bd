"""The identity document flow (spec doc 2 §2.4): choose the document, upload one file, done (pure)."""

from __future__ import annotations

from domain import documents as D
from domain.flow import Step

STEPS: tuple[Step, ...] = (
    Step("document-type", validate=lambda v, f: {} if v.get("document_type") in D.DOCUMENT_TYPES
         else {"document_type": D.CHOOSE_TYPE}, fields=("document_type",)),
    Step("upload", validate=lambda v, f: {} if isinstance(v.get("file_key"), str) and v["file_key"]
         else {"file_key": D.UPLOAD_FAILED}, fields=("file_key",)),
    Step("complete"),
)
