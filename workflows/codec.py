"""Payload encryption codec: every workflow payload (inputs, update arguments, results, state) is AES-256-GCM
encrypted before it reaches Temporal, so histories never hold PII (SSN, account numbers, names) in clear.
The Web UI decodes through the api's codec endpoint (`/codec/decode`) for authorised ops."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from temporalio.api.common.v1 import Payload
from temporalio.converter import PayloadCodec

ENCODING = b"binary/encrypted"


def _key(secret: str) -> tuple[bytes, bytes]:
    key = hashlib.sha256(b"vitrine-payload-codec:" + secret.encode()).digest()
    return key, hashlib.sha256(key).hexdigest()[:16].encode()


class EncryptionCodec(PayloadCodec):
    def __init__(self, secret: str, old_secrets: Iterable[str] = ()) -> None:
        self._key, self._key_id = _key(secret)
        self._keys = {self._key_id: self._key, **{kid: k for k, kid in map(_key, old_secrets)}}

    async def encode(self, payloads: Sequence[Payload]) -> list[Payload]:
        out = []
        for p in payloads:
            nonce = os.urandom(12)
            sealed = AESGCM(self._key).encrypt(nonce, p.SerializeToString(), None)
            out.append(Payload(metadata={"encoding": ENCODING, "encryption-key-id": self._key_id}, data=nonce + sealed))
        return out

    async def decode(self, payloads: Sequence[Payload]) -> list[Payload]:
        out = []
        for p in payloads:
            if p.metadata.get("encoding") != ENCODING:
                out.append(p)
                continue
            key = self._keys.get(p.metadata.get("encryption-key-id", b""))
            if key is None:
                raise ValueError("payload encrypted with an unknown key")
            clear = Payload()
            clear.ParseFromString(AESGCM(key).decrypt(p.data[:12], p.data[12:], None))
            out.append(clear)
        return out
