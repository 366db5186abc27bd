"""Asset images: SVG art generated locally per category (no network, no files to ship)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from fastapi.responses import Response

from api.deps import Db
from api.errors import ApiError
from api.openapi_docs import PDF, SVG
from api.params import Id
from domain.art import asset_svg
from domain.offering_circular import circular_lines
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


@router.get("/media/assets/{asset_id}/offering.pdf", response_class=Response, responses=PDF)
async def offering_circular(asset_id: Id, db: Db) -> Response:
    """The asset's offering circular (its `pdf`; /app/legal embeds it)."""
    asset = await db.get(Asset, asset_id)
    if asset is None:
        raise ApiError(404, "Document not found.")
    # here, not at the top (as the worker's statements): fpdf2 and its fontTools are 0.8 s of every api start and of
    # every pytest process's collection, for a document few ask for
    from store.offering_pdf import offering_pdf

    pdf = offering_pdf(name=asset.display_name, ticker=asset.ticker,
                       lines=circular_lines(asset.asset_value, asset.number_of_shares))
    return Response(pdf, media_type="application/pdf", headers={"Cache-Control": "public, max-age=86400"})
