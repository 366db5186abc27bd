"""The catalogue: the shared snapshot of every asset, its prepared reads, the asset list and page, home and calendar."""
