"""The sandbox ACH payment provider (:mod:`providers.payments.router`)."""
