"""What the OpenAPI says a flow's bodies are (issue 31, item 4): per wizard, a union of its steps' bodies
discriminated by `step`, each step's fields the ones its domain rule names (`domain.flow.Step.fields`: the models
are built from the steps, not written again), typed here once per field name, their closed sets domain's own tuples.

They document; they do not judge: the step's rule (domain/, run by the workflow's Update validator) answers a wrong
or missing field with the spec's message (422), so the route reads the body as a JSON object as before. The step is
the path's; a body may repeat it (the discriminator), and a body naming another step is refused (`step_of`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BeforeValidator, Field, RootModel, create_model

from api.errors import ApiError
from api.schemas import Body, JsonObject
from domain import document_upload, documents, fund_account, onboarding, purchase
from domain import profile_rules as r
from domain.flow import Step
from domain.trading import order_wizard

OTHER_STEP = "This body is for another step than the one in the address."


def _one_of(values: tuple[str, ...]) -> Any:
    return Literal[values]  # the domain's closed set, as the schema's enum


MONEY = float | str  # a number or its text ("1000", "1,000.00"): domain/ parses it to a Decimal
COUNT = int | str  # a whole number or its digits
# every field a step names, by name: the same name is the same field in every wizard
FIELD_TYPES: dict[str, Any] = {
    **dict.fromkeys(("first_name", "last_name", "phone_number", "date_of_birth", "address", "apt", "city", "state",
                     "postal_code", "ssn", "employer", "occupationOrJobTitle", "sec_or_finra_organization_name",
                     "publicly_traded_company_tickers", "public_token", "account_id", "nameOnAccount",
                     "routingNumber", "accountNumber", "giftCode", "file_key"), str),
    **dict.fromkeys(("notify", "agreeAndContinue", "agreedToCustodianTerms", "agreedToPaymentTerms", "isAssociated",
                     "isShareholder", "agreedWithTos3", "edit", "agreed", "agreeTerms"), bool),
    **dict.fromkeys(("pretaxAnnualIncome", "liquidNetWorth", "transfer_amount", "unitPrice"), MONEY),
    **dict.fromkeys(("shares", "units"), COUNT),
    "read_ratio": float,
    "accredited_status": _one_of(r.ACCREDITED_STATUSES),
    "employmentStatus": _one_of(r.EMPLOYMENT_TYPES),
    "riskToleranceLevel": _one_of(r.RISK_LEVELS),
    "method": _one_of(onboarding.CONNECT_METHODS),
    "accountType": _one_of(r.ACCOUNT_TYPES),
    "event": _one_of(purchase.SIGNING_EVENTS),
    "document_type": _one_of(documents.DOCUMENT_TYPES),
    "orderType": _one_of(order_wizard.ORDER_TYPES),
}

# the wizards (api/flows_registry.KINDS) and their steps, each a model's name stem
WIZARDS: dict[str, tuple[str, tuple[Step, ...]]] = {
    "onboarding": ("Onboarding", onboarding.STEPS),
    "fund-account": ("FundAccount", fund_account.STEPS),
    "document-upload": ("DocumentUpload", document_upload.STEPS),
    "make-investment": ("MakeInvestment", purchase.STEPS),
    "place-order": ("PlaceOrder", order_wizard.STEPS),
}


def _camel(step_id: str) -> str:
    return "".join(part.capitalize() for part in step_id.split("-"))


def _step_model(step: Step) -> type[Body]:
    """One model per step id: a step shared by wizards (connect-bank, dwolla-tos…) is one step with one body."""
    fields: dict[str, Any] = {"step": (Literal[step.id], ...)}
    fields |= {name: (FIELD_TYPES[name], None) for name in step.fields}  # each optional: the rule says which a step needs
    return create_model(f"Step{_camel(step.id)}", __base__=Body, __module__=__name__,
                        __doc__=f"The `{step.id}` step's fields (what the step's rule in domain/ reads).", **fields)


STEP_MODELS: dict[str, type[Body]] = {}
for _name, _steps in WIZARDS.values():
    for _step in _steps:
        STEP_MODELS.setdefault(_step.id, _step_model(_step))


def _union(members: tuple[Any, ...]) -> Any:
    return Union[members]  # noqa: UP007  # built from the wizard's steps


def _wizard_union(stem: str, steps: tuple[Step, ...]) -> type[RootModel[Any]]:
    union: Any = Annotated[_union(tuple(STEP_MODELS[s.id] for s in steps)), Field(discriminator="step")]
    return create_model(f"{stem}StepBody", __base__=RootModel[union], __module__=__name__,
                        __doc__=f"A {stem} step's body: the step's own fields, `step` the one in the address.")


WIZARD_BODIES: dict[str, type[RootModel[Any]]] = {kind: _wizard_union(stem, steps)
                                                 for kind, (stem, steps) in WIZARDS.items()}


class FlowStartBody(Body):
    """What starting a flow needs: nothing for a profile wizard; a purchase its asset; an order wizard its asset and
    side, or the caller's order it edits (its side is the order's)."""

    asset_id: int | None = None
    side: Literal["BID", "ASK"] | None = None
    order_id: str | None = None


def _as_is(value: Any) -> Any:
    return value


def documented_as(model: Any) -> BeforeValidator:
    """The body read as a JSON object (as before), its OpenAPI schema the model's."""
    return BeforeValidator(_as_is, json_schema_input_type=model)


StepBody = Annotated[JsonObject, documented_as(_union(tuple(WIZARD_BODIES.values())))]
StartBody = Annotated[JsonObject, documented_as(FlowStartBody)]


def step_of(path_step: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The step's fields without the discriminator; a body naming another step than the path's → 422."""
    named = fields.get("step", path_step)
    if named != path_step:
        raise ApiError(422, OTHER_STEP, field="step")
    return {k: v for k, v in fields.items() if k != "step"}
