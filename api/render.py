"""One JSON renderer, so an ETag computed for If-Match equals the one a GET answered with."""

from __future__ import annotations

import json
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from fastapi.responses import Response


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def render(data: Any) -> bytes:
    return json.dumps(data, default=_default, ensure_ascii=False, separators=(",", ":")).encode()


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(render(data), status_code=status, media_type="application/json", headers=headers)
