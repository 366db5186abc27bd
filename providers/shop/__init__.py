"""The sandbox merchandise shop (:mod:`providers.shop.router`)."""
