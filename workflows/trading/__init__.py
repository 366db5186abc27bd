"""The trading order's workflows: the order (type `Order`) and the order entry wizard (type `PlaceOrder`)."""
