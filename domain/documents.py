"""Identity document upload rules (spec doc 1 §5, doc 2 §5 and §8)."""

from __future__ import annotations

DOCUMENT_TYPES = ("passport", "idCard", "license")
CONTENT_TYPES = {"image/jpeg": ("jpg", "jpeg"), "image/jpg": ("jpg", "jpeg"), "image/png": ("png",)}
MAX_BYTES = 5 * 1024 * 1024
UNSUPPORTED = "The file you selected is an unsupported type (JPG and PNG only)"
TOO_LARGE = "The file you selected is too large (5MB max)"
READ_FAILED = "Something went wrong while reading the file. Please try again or choose a different file."
UPLOAD_FAILED = "Something went wrong, please try again"
CHOOSE_TYPE = "Choose Passport, ID Card or License"


def file_error(file_name: str, content_type: str) -> str | None:
    extension = file_name.rsplit(".", 1)[-1].lower() if "." in file_name else ""
    allowed = CONTENT_TYPES.get(content_type.lower())
    return None if allowed and extension in allowed else UNSUPPORTED
