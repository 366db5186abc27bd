"""Sandbox external systems (mail, payments, bank link, e-sign, promo codes, merchandise shop), one FastAPI service.

They sit behind the same HTTP boundary a real provider would have, so that retries, delays, webhooks and
failures in the product are real. Run with ``uvicorn providers.app:app --port 8100``.
"""
