"""The trading order's data: the order list, the hold ledger and its models, the create's owner note, the market copies."""
