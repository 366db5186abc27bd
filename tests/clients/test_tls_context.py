"""One TLS context per process for every httpx client (clients/http.py), verifying as httpx's default does."""

from __future__ import annotations

import ssl

import httpx

from clients.http import tls_context


def test_the_shared_context_verifies_certificates_and_host_names() -> None:
    ctx = tls_context()
    assert ctx is tls_context()  # built once
    assert ctx.verify_mode == ssl.CERT_REQUIRED and ctx.check_hostname
    default = httpx.create_ssl_context()  # what a client made without verify= would use
    assert ctx.cert_store_stats()["x509_ca"] == default.cert_store_stats()["x509_ca"] > 0
    assert ctx.minimum_version == default.minimum_version and ctx.options == default.options

