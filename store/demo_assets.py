"""Demo catalogue: 27 assets over the five categories and every status (ticker, name, category, status, value, shares,
percent sold, extras)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any


@dataclass(frozen=True)
class DemoAsset:
    ticker: str
    name: str
    short: str
    category: str
    status: str
    value: str
    shares: int
    sold_pct: int = 0
    esign: str | None = None
    market: str = "CLOSED"  # secondary market status
    window: str | None = None  # trading window status
    remaining: int = 0
    exited: bool = False
    color: str = "#1f6feb"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def value_decimal(self) -> Decimal:
        return Decimal(self.value)


MERCH = {"enabled": True, "merchants": [{"id": 1, "name": "Vitrine Store", "products": [1, 2, 3]}]}

DEMO_ASSETS: tuple[DemoAsset, ...] = (
    # cars
    DemoAsset("#55PS1", "1955 Porsche 550 Spyder", "'55 550 Spyder", "cars", "Open ICO", "250000.00", 10000, 12,
              esign="tpl-subscription-v1", color="#1f6feb", extra={"merch": True}),
    DemoAsset("#63SPLIT", "1963 Corvette Split-Window Coupe", "'63 Split-Window", "cars", "Open ICO", "120000.00", 6000, 78,
              color="#2d9cdb"),
    DemoAsset("#88F40", "1988 Ferrari F40", "'88 F40", "cars", "Trading", "1800000.00", 90000, 100, market="OPEN",
              window="OPEN", color="#e74c3c"),
    DemoAsset("#72MIURA", "1972 Lamborghini Miura SV", "'72 Miura SV", "cars", "Coming Soon", "2400000.00", 120000,
              color="#f39c12"),
    DemoAsset("#94DEF", "1994 Land Rover Defender 110", "'94 Defender", "cars", "Post Only", "90000.00", 9000, 100,
              market="OPEN", window="CLOSED", remaining=0, color="#27ae60"),
    # history (memorabilia)
    DemoAsset("#APOLLO11", "Apollo 11 Flown Checklist Page", "Apollo 11 Page", "history", "Open ICO", "60000.00", 6000, 55,
              esign="tpl-subscription-v1", color="#b5651d"),
    DemoAsset("#LINCOLN", "Abraham Lincoln Signed Letter", "Lincoln Letter", "history", "Closed ICO", "45000.00", 4500, 100,
              color="#8e6c3a"),
    DemoAsset("#BABERUTH", "1927 Babe Ruth Game-Worn Cap", "Ruth '27 Cap", "history", "Trading", "300000.00", 30000, 100,
              market="OPEN", window="CLOSED", color="#34495e"),
    DemoAsset("#JORDAN85", "1985 Michael Jordan Rookie Sneakers", "Jordan '85", "history", "Trading closed", "150000.00",
              15000, 100, market="DISABLED", color="#c0392b"),
    DemoAsset("#MOONROCK", "Lunar Meteorite Fragment", "Moon Rock", "history", "Coming Soon", "30000.00", 3000,
              color="#7f8c8d"),
    # comics and literature (key "art")
    DemoAsset("#ACTION1", "Action Comics #1 (CGC 6.0)", "Action Comics #1", "art", "Open ICO", "3200000.00", 160000, 100,
              color="#c0392b"),
    DemoAsset("#HOBBIT", "The Hobbit, First Edition 1937", "Hobbit 1st Ed.", "art", "Open ICO", "80000.00", 8000, 35,
              color="#16a085"),
    DemoAsset("#SPIDEY", "Amazing Fantasy #15", "Amazing Fantasy #15", "art", "Trading", "400000.00", 40000, 100,
              market="OPEN", window="OPEN", color="#2980b9"),
    DemoAsset("#GATSBY", "The Great Gatsby, First Edition", "Gatsby 1st Ed.", "art", "Post Only", "200000.00", 20000, 100,
              market="OPEN", window="CLOSED", remaining=3, color="#d4ac0d"),
    DemoAsset("#XMEN1", "X-Men #1 (1963)", "X-Men #1", "art", "Coming Soon", "100000.00", 10000, color="#8e44ad"),
    # luxury (key "watches")
    DemoAsset("#ROLEXPN", "Rolex Daytona 'Paul Newman' 6239", "Daytona PN", "watches", "Open ICO", "500000.00", 25000, 62,
              esign="tpl-subscription-v1", color="#8e44ad"),
    DemoAsset("#PATEK1518", "Patek Philippe 1518 Perpetual Calendar", "Patek 1518", "watches", "Open ICO", "900000.00",
              45000, 5, color="#5d6d7e"),
    DemoAsset("#OMEGAMOON", "Omega Speedmaster 'Moonwatch' 1969", "Speedmaster '69", "watches", "Closed ICO", "70000.00",
              7000, 100, color="#2c3e50"),
    DemoAsset("#HERMES", "Hermès Birkin 35 Himalaya", "Birkin Himalaya", "watches", "Trading", "350000.00", 35000, 100,
              market="OPEN", window="OPEN", color="#d35400"),
    DemoAsset("#CARTIER", "Cartier Crash 1967", "Cartier Crash", "watches", "Coming Soon", "250000.00", 12500,
              color="#a93226"),
    # wine and spirits
    DemoAsset("#PETRUS82", "Château Pétrus 1982, Case of 12", "Pétrus '82", "wine-spirits", "Open ICO", "85000.00", 8500,
              88, color="#7b1e3a"),
    DemoAsset("#MACALLAN", "The Macallan 1926 Fine & Rare", "Macallan 1926", "wine-spirits", "Open ICO", "1500000.00",
              75000, 22, esign="tpl-subscription-v1", color="#a0522d"),
    DemoAsset("#DRC90", "Romanée-Conti 1990", "DRC '90", "wine-spirits", "Trading closed", "240000.00", 24000, 100,
              market="DISABLED", color="#641e16"),
    DemoAsset("#YAMAZAKI", "Yamazaki 55 Year Old", "Yamazaki 55", "wine-spirits", "Trading", "60000.00", 6000, 100,
              market="OPEN", window="OPEN", color="#b9770e"),
    DemoAsset("#KRUG", "Krug Collection 1928", "Krug 1928", "wine-spirits", "Coming Soon", "40000.00", 4000,
              color="#d4ac0d"),
    # exited
    DemoAsset("#300SL", "1955 Mercedes-Benz 300SL Gullwing", "'55 300SL", "cars", "Trading closed", "1400000.00", 70000,
              100, market="DISABLED", exited=True, color="#95a5a6"),
    DemoAsset("#TMNT1", "Teenage Mutant Ninja Turtles #1", "TMNT #1", "art", "Trading closed", "50000.00", 5000, 100,
              market="DISABLED", exited=True, color="#27ae60"),
)
