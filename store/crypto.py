"""Encryption at rest for PII columns (SSN, bank account numbers): AES-256-GCM, key from settings.pii_key."""

from __future__ import annotations

import base64
import hashlib
import os

from cryptography.hazmat.primitives.ciphers.aead import AESGCM


class PiiCipher:
    def __init__(self, secret: str) -> None:
        self._aead = AESGCM(hashlib.sha256(b"vitrine-pii-at-rest:" + secret.encode()).digest())

    def encrypt(self, clear: str) -> str:
        nonce = os.urandom(12)
        return base64.b64encode(nonce + self._aead.encrypt(nonce, clear.encode(), None)).decode()

    def decrypt(self, sealed: str) -> str:
        raw = base64.b64decode(sealed)
        return self._aead.decrypt(raw[:12], raw[12:], None).decode()


def mask_ssn(ssn_last4: str) -> str:
    return f"***-**-{ssn_last4}" if ssn_last4 else ""


def mask_account(tail: str) -> str:
    return f"••••{tail}" if tail else ""
