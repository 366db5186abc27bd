"""The identity document flow's steps: choose a document type, upload one file, done."""

from __future__ import annotations

from domain import documents as D
from domain.document_upload import STEPS
from domain.flow import by_id, next_step


def test_the_steps_in_order() -> None:
    assert [s.id for s in STEPS] == ["document-type", "upload", "complete"]
    assert next_step(STEPS, "document-type", {}) == "upload"


def test_the_document_type_must_be_one_offered() -> None:
    step = by_id(STEPS, "document-type")
    assert step is not None
    assert step.validate({"document_type": "passport"}, {}) == {}
    assert step.validate({"document_type": "diploma"}, {}) == {"document_type": D.CHOOSE_TYPE}


def test_the_upload_needs_the_stored_file() -> None:
    step = by_id(STEPS, "upload")
    assert step is not None
    assert step.validate({"file_key": "uploads/1.png"}, {}) == {}
    assert step.validate({"file_key": ""}, {}) == {"file_key": D.UPLOAD_FAILED}
    assert step.validate({}, {}) == {"file_key": D.UPLOAD_FAILED}
