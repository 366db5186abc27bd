"""Starting the hosted bank-link page: the browser asks for a link URL, the person signs in with their bank there, and
comes back to `return_url` with a public token that the onboarding's connect-bank step exchanges server-side."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from fastapi import APIRouter
from pydantic import Field

from api.deps import CurrentUser, State
from api.errors import ApiError
from api.financial_schemas import LinkTokenOut
from api.schemas import Body
from clients.http import ProviderError, ProviderRejected
from clients.payments import BankLinkClient

router = APIRouter(tags=["bank linking"])


class LinkTokenIn(Body):
    return_url: str = Field(default="", max_length=2000)


@router.post("/api/bank-link/token", response_model=LinkTokenOut)
async def link_token(body: LinkTokenIn, user: CurrentUser, state: State) -> dict[str, Any]:
    target, app = urlparse(body.return_url), urlparse(state.settings.app_url)
    if target.scheme not in ("http", "https") or not target.netloc:
        raise ApiError(422, "A return address is required.", field="return_url")
    if state.settings.env != "dev" and target.hostname != app.hostname and not (target.hostname or "").endswith(
            "localhost") and target.hostname != "127.0.0.1":
        raise ApiError(422, "The return address must be on this site.", field="return_url")
    client = BankLinkClient(state.http, state.settings.providers_url, state.settings.provider_api_key)
    try:
        answer = await client.link_token(str(user.id), body.return_url)
    except ProviderRejected as exc:
        raise ApiError(422, exc.message, field="return_url") from None
    except ProviderError:
        raise ApiError(503, "Something went wrong, please try again") from None
    return {"url": answer["url"], "link_token": answer["link_token"]}
