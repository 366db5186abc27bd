"""The trading routes: orders, trading windows, live events, market data and the ATS's webhooks."""
