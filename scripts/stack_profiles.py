"""The stacks scripts/stack.py runs: each profile's ports, database and whose settings it takes (dev, the browser
tests' e2e, and the tests' own stacks: dev-check, the chaos stack), and which services and apps a stack has."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    name: str
    api: int
    providers: int
    temporal: int
    temporal_ui: int
    redis: int
    frontend: int
    database: str
    persistent: bool
    # whose settings the stack runs with: make dev's ("dev": the market maker on, the ATS's demo hours) or the
    # browser tests' ("e2e": no market maker, shorter hours, faster providers); by default the profile's own name
    settings_of: str = ""
    # ports the allocator chose (the tests' stacks): a service that lost its port between choice and bind moves to a
    # fresh one; the fixed ports of dev and e2e stay, and an api already on them means another stack of the profile
    ports_chosen: bool = False

    @property
    def settings(self) -> str:
        return self.settings_of or ("dev" if self.persistent else "e2e")


PROFILES = {
    "dev": Profile("dev", 8000, 8100, 7233, 8233, 6379, 5173, "vitrine", True),
    "e2e": Profile("e2e", 8010, 8110, 7243, 8243, 6381, 0, "vitrine_e2e", False),
}


# the services' ports (Profile's fields) and the apps, which read every other service's port from the environment
SERVICE_PORTS = {"redis": ("redis",), "temporal": ("temporal", "temporal_ui"), "providers": ("providers",),
                 "api": ("api",), "frontend": ("frontend",)}
APPS = ("providers", "worker", "api", "frontend")
