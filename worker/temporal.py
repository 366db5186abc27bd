"""The worker connects through the api's Temporal client module (one data converter for api, worker and tests)."""

from __future__ import annotations

from clients.temporal import connect, data_converter

__all__ = ["connect", "data_converter"]
