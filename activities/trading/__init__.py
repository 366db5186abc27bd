"""The trading order's activity implementations: the order workflow's (order.py) and the order wizard's (placement.py)."""
