"""The real client address: the socket peer, unless the peer is a proxy the settings trust (`trusted_proxies`, a
list of CIDRs, empty by default); then the right-most X-Forwarded-For entry that is not itself a trusted proxy.

A client can put anything in X-Forwarded-For; only what trusted proxies appended (or, with the shipped nginx, the
header nginx overwrote with the peer it saw) counts, so a spoofed header neither hides nor changes the address."""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from fastapi import Request

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(cidrs: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(c.strip(), strict=False) for c in cidrs if c.strip())


def _trusted(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in networks)


def _valid(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def real_client_address(peer: str, forwarded_for: list[str], real_ip: str | None, trusted_proxies: list[str]) -> str:
    networks = _networks(tuple(trusted_proxies))
    if not networks or not _trusted(peer, networks):
        return peer
    hops = [h.strip() for header in forwarded_for for h in header.split(",") if h.strip()]
    if not hops and real_ip:
        hops = [real_ip.strip()]
    for hop in reversed(hops):
        if not _valid(hop):
            break  # a malformed entry: nothing left of it can be trusted
        if not _trusted(hop, networks):
            return hop
    return peer


def client_address(request: Request, trusted_proxies: list[str]) -> str:
    peer = request.client.host if request.client else "unknown"
    return real_client_address(peer, request.headers.getlist("x-forwarded-for"), request.headers.get("x-real-ip"),
                               trusted_proxies)
