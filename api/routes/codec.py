"""Remote codec endpoint for the Temporal Web UI (Temporal's codec server protocol): ops decode encrypted payloads.

Authorised by the `X-Ops-Token` header (settings.ops_token, compared in constant time); with no ops token set it is
closed. Only `scripts/stack.py dev` opens it without a token (VITRINE_CODEC_OPEN_FOR_LOCAL_UI=true) so the Web UI on
:8233 can decode (`temporal server start-dev --ui-codec-endpoint http://localhost:8000/codec`)."""

from __future__ import annotations

import hmac
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from google.protobuf import json_format
from temporalio.api.common.v1 import Payload

from api.deps import State
from api.errors import ApiError
from api.openapi_docs import Payloads
from workflows.codec import EncryptionCodec

router = APIRouter(tags=["ops"])
UI_HEADERS = {"Access-Control-Allow-Headers": "Content-Type, X-Namespace, X-Ops-Token, Authorization",
              "Access-Control-Allow-Methods": "POST, OPTIONS", "Access-Control-Allow-Credentials": "true"}


def _cors(request: Request, state: State) -> dict[str, str]:
    origin = request.headers.get("origin", "")
    return {**UI_HEADERS, "Access-Control-Allow-Origin": origin} if origin in state.settings.codec_cors_origins else {}


OPERATORS_ONLY = "Decoding payloads is for authorised operators only."


def _authorise(request: Request, state: State) -> None:
    if state.settings.codec_open_for_local_ui:
        return
    expected = state.settings.ops_token.encode()
    given = request.headers.get("x-ops-token")
    if given is None:
        raise ApiError(401, OPERATORS_ONLY)
    if not expected or not hmac.compare_digest(given.encode(), expected):
        raise ApiError(403, OPERATORS_ONLY)


async def _payloads(request: Request) -> list[Payload]:
    try:
        body: dict[str, Any] = await request.json()
        return [json_format.ParseDict(p, Payload()) for p in body.get("payloads", [])]
    except Exception:
        raise ApiError(422, "Expected {\"payloads\": [...]} in Temporal's JSON format.") from None


def _answer(payloads: list[Payload], headers: dict[str, str]) -> JSONResponse:
    out = [json_format.MessageToDict(p) for p in payloads]
    return JSONResponse({"payloads": out}, headers=headers)


@router.options("/codec/{action}", include_in_schema=False)
async def preflight(action: str, request: Request, state: State) -> Response:
    return Response(status_code=204, headers=_cors(request, state))


@router.post("/codec/decode", responses={200: {"model": Payloads}})
async def decode(request: Request, state: State) -> JSONResponse:
    _authorise(request, state)
    codec = EncryptionCodec(state.settings.pii_key)
    try:
        decoded = await codec.decode(await _payloads(request))
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None
    return _answer(decoded, _cors(request, state))


@router.post("/codec/encode", responses={200: {"model": Payloads}})
async def encode(request: Request, state: State) -> JSONResponse:
    _authorise(request, state)
    return _answer(await EncryptionCodec(state.settings.pii_key).encode(await _payloads(request)), _cors(request, state))


