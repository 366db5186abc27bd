"""US states offered in forms (50 states, DC and Puerto Rico) and where investing is available (32 by default)."""

from __future__ import annotations

from dataclasses import dataclass

STATES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky",
    "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
    "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "PR": "Puerto Rico", "RI": "Rhode Island",
    "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
    "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}

# investing is available in 32 states; the rest (and DC, PR) can explore but not invest or fund
ENABLED_STATES: frozenset[str] = frozenset({
    "AK", "AZ", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "MA", "MD", "ME",
    "MI", "MN", "MO", "MT", "NH", "NJ", "NM", "NY", "OH", "OR", "PA", "UT", "VA", "WA",
})


def is_blocked(state: str, enabled: frozenset[str] = ENABLED_STATES) -> bool:
    return bool(state) and state not in enabled


@dataclass(frozen=True)
class StateStatus:
    """The user's state_status (spec doc 1): what their state of residence allows."""

    is_state_blocked: bool  # ops' blocked list: explore only
    io_enabled: bool        # buying in an initial offering
    trading_enabled: bool   # the secondary market


def state_status(state: str, enabled: frozenset[str] = ENABLED_STATES, blocked: frozenset[str] = frozenset(),
                 io_closed: frozenset[str] = frozenset()) -> StateStatus:
    """Trading in the investing states (the order prevalidation's rule); the offering there too, except in the
    states where ops closed it (spec doc 2: "Users in states without initial-offering enabled cannot buy in the
    offering but may trade"); a blocked state explores only. No state chosen yet blocks nothing."""
    explicit = bool(state) and state in blocked
    trading = not explicit and not is_blocked(state, enabled)
    return StateStatus(explicit, trading and state not in io_closed, trading)


def offering_states(enabled: list[str], io_closed: list[str]) -> list[str]:
    """Where an offering purchase is allowed: the investing states less those where the offering is closed."""
    return sorted(set(enabled) - set(io_closed))
