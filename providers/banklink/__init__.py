"""The sandbox bank-link provider and the sandbox banks (:mod:`providers.banklink.router`)."""
