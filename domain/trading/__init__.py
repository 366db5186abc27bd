"""The trading order's rules: prevalidation and its messages, the order wizard, the two-phase hold, the market calendar."""
