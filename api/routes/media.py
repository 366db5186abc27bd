"""Asset images: SVG art generated locally per category (no network, no files to ship)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from fastapi.responses import Response

from api.deps import Db
from api.errors import ApiError
from api.openapi_docs import SVG
from api.params import Id
from domain.art import asset_svg
from store.models import Asset

router = APIRouter(tags=["media"])


@router.get("/media/assets/{asset_id}/{variant}.svg", response_class=Response, responses=SVG)
async def asset_image(asset_id: Id, variant: Literal["portal", "home"], db: Db) -> Response:
    asset = await db.get(Asset, asset_id)
    if asset is None:
        raise ApiError(404, "Image not found.")
    svg = asset_svg(category=asset.category, ticker=asset.ticker, name=asset.display_name, color=asset.tertiary_color,
                    variant=variant)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})
