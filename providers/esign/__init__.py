"""The sandbox e-signature provider (:mod:`providers.esign.router`)."""
