"""How the api answers the order workflow's Update refusals (api/trading/order_calls.py): the workflow's message as it is,
the refusal's code as error_type, 422 for the investor's form codes, 409 for the order's state."""

from __future__ import annotations

import pytest
from temporalio.client import WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from api.trading.order_calls import _refused
from domain.trading import order_rules as R
from workflows.trading import order_types as O


@pytest.mark.parametrize(("cause", "status", "message", "error_type"), [
    (ApplicationError(O.UNABLE_TO_CANCEL, type="UpdateInProgress"), 409, "Unable to Cancel Order", "UpdateInProgress"),
    (ApplicationError(O.UNABLE_TO_EDIT, type="UpdateInProgress"), 409, "Unable to Edit Order", "UpdateInProgress"),
    (ApplicationError(O.EDIT_FAILED, "ORDER_ALREADY_FILLED", type="EditRefused"), 409, "Unable to Process your Edit",
     "ORDER_ALREADY_FILLED"),
    (ApplicationError(O.CANCEL_FAILED, "ORDER_UPDATE_PENDING", type="CancelRefused"), 409,
     "Unable to Process Cancelation", "ORDER_UPDATE_PENDING"),
    (ApplicationError(O.CANCEL_WHILE_LIVE, O.LIVE_TRADING, type="CancelRefused"), 409, O.CANCEL_WHILE_LIVE,
     O.LIVE_TRADING),  # the window opened before the cancel reached the ATS: as the api's own refusal answers
    (ApplicationError(O.NOT_IN_CONFIRMATION, "WINDOW_NOT_IN_CONFIRMATION", type="ConfirmRefused"), 409,
     O.NOT_IN_CONFIRMATION, "WINDOW_NOT_IN_CONFIRMATION"),
    (ApplicationError(R.FUNDS_MESSAGE, R.INSUFFICIENT_FUNDS, 3, type="HoldRefused"), 422, R.FUNDS_MESSAGE,
     R.INSUFFICIENT_FUNDS),
    (ApplicationError(R.units_message(2), R.INSUFFICIENT_UNITS, 2, type="HoldRefused"), 422, R.units_message(2),
     R.INSUFFICIENT_UNITS),
])
def test_update_refusals(cause: ApplicationError, status: int, message: str, error_type: str) -> None:
    answer = _refused(WorkflowUpdateFailedError(cause))
    assert (answer.status, answer.message, answer.error_type) == (status, message, error_type)
