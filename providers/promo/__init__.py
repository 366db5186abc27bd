"""The sandbox promo-code provider (:mod:`providers.promo.router`)."""
