"""The sandbox mail provider (:mod:`providers.mail.router`)."""
