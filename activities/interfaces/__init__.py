"""Activity interfaces: the dataclasses, names and stubs workflows call. Nothing heavy: the workflow sandbox imports them."""
