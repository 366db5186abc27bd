"""Fixtures shared by the flow tests: the killable worker process of the fault tests."""

from tests.flows.test_faults import worker_process  # noqa: F401 - re-exported as a fixture
