"""What the offering circular of an asset says (store/offering_pdf.py prints it; /app/legal embeds it): the lines
under its name and ticker, from the asset's value and shares."""

from __future__ import annotations

from decimal import Decimal

from domain.money import money_str
from domain.purchase import price_per_share


def circular_lines(asset_value: Decimal, number_of_shares: int) -> tuple[str, ...]:
    return (
        "Offering circular",
        f"Asset value: ${money_str(asset_value)}",
        f"Shares offered: {number_of_shares}",
        f"Price per share: ${money_str(price_per_share(asset_value, number_of_shares))}",
        "Each share is a fractional interest in the asset, held and insured by Vitrine's custodian.",
    )
