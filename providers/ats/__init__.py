"""The broker-dealer ATS sandbox (issue 10): matching engine (engine.py) and its service."""
