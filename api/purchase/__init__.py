"""The offering purchase's api: its wizard start and answers, its routes and schemas."""
