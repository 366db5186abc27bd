"""The trading order's api: the order calls, their checks and schemas, the wizard's start, market data and its refresher."""
