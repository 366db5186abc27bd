"""Connecting to Temporal with the project's data converter (shared by api, worker and tests)."""

from __future__ import annotations

import dataclasses

from temporalio.client import Client
from temporalio.converter import DataConverter, default

from config import Settings
from workflows.codec import EncryptionCodec


def data_converter(settings: Settings) -> DataConverter:
    return dataclasses.replace(default(), payload_codec=EncryptionCodec(settings.pii_key))


async def connect(settings: Settings) -> Client:
    return await Client.connect(settings.temporal_address, namespace=settings.temporal_namespace,
                                data_converter=data_converter(settings))
