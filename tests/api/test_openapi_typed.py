"""Every operation of the api says what it answers (issue 12 "Every operation typed"): a 2xx answer with a schema
that names a model (a `$ref`, a list of them), a declared non-JSON media type (Server-Sent Events, an image), or 204.
A new untyped operation fails here. The answers the api sends as built JSON are checked against their models where
tests meet them (tests/api/documented.conforms): here the user's, in test_catalogue*.py the catalogue's, in the
purchase and upload tests theirs."""

from __future__ import annotations

from typing import Any

import httpx

from api.app import create_app
from api.flow_bodies import WIZARDS
from api.flows_registry import KINDS
from api.schemas import PasswordChangedOut, RegisteredOut, UserView
from tests.api.accounts import PASSWORD, signup
from tests.api.documented import conforms

METHODS = ("get", "post", "put", "patch", "delete")


def _names_a_model(schema: dict[str, Any]) -> bool:
    if "$ref" in schema:
        return True
    if schema.get("type") == "array":
        return _names_a_model(schema.get("items", {}))
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return all(_names_a_model(s) or s.get("type") == "null" for s in schema[key])
    return False


def _typed(op: dict[str, Any]) -> bool:
    for code, answer in op.get("responses", {}).items():
        if code == "204":
            return True
        if not code.startswith("2"):
            continue
        for media, content in answer.get("content", {}).items():
            schema = content.get("schema", {})
            if media == "application/json" and _names_a_model(schema):
                return True
            if media != "application/json" and schema.get("format") == "binary":
                return True
            event = content.get("itemSchema", {}).get("properties", {}).get("event", {})
            if media == "text/event-stream" and event.get("enum"):  # each event described, its names listed
                return True
    return False


def operations() -> dict[str, dict[str, Any]]:
    spec = create_app().openapi()
    return {f"{m.upper()} {path}": op for path, ops in spec["paths"].items() for m, op in ops.items() if m in METHODS}


def test_every_operation_is_typed() -> None:
    ops = operations()
    untyped = sorted(name for name, op in ops.items() if not _typed(op))
    assert len(ops) > 60
    assert untyped == [], "give these a response model (api/openapi_docs.Documented for JSON sent as it is)"


# every request body names a model: the flow step bodies too (a union per wizard discriminated by `step`, issue 31
# item 4), none open
OPEN_BODIES: set[str] = set()


def _request_schemas(op: dict[str, Any]) -> list[dict[str, Any]]:
    return [c.get("schema", {}) for c in op.get("requestBody", {}).get("content", {}).values()]


def test_every_request_body_names_a_model() -> None:
    ops = operations()
    with_body = {name for name, op in ops.items() if _request_schemas(op)}
    assert len(with_body) > 25
    untyped = sorted(name for name in with_body if not all(_names_a_model(s) for s in _request_schemas(ops[name])))
    assert untyped == sorted(OPEN_BODIES), "give these bodies a model (pydantic, extra='forbid' where it fits)"


def test_every_documented_answer_names_a_model() -> None:
    """Not only one typed 2xx: every status an operation documents with JSON (its errors in the one shape too)."""
    loose = sorted(f"{name} {code}" for name, op in operations().items() for code, answer in op["responses"].items()
                   for media, content in answer.get("content", {}).items()
                   if media == "application/json" and not _names_a_model(content.get("schema", {})))
    assert loose == []


def test_each_wizard_documents_its_steps_bodies() -> None:
    """Per wizard, a body per step of its domain definition, `step` the discriminator, the fields the step's rule
    names (and nothing it does not)."""
    spec = create_app().openapi()
    schemas = spec["components"]["schemas"]
    body = spec["paths"]["/api/flows/{kind}/{flow_id}/steps/{step}"]["post"]["requestBody"]["content"]
    wizards = [ref["$ref"].rsplit("/", 1)[1] for ref in body["application/json"]["schema"]["anyOf"]]
    assert len(wizards) == len(KINDS) == len(WIZARDS)
    for kind, (stem, steps) in WIZARDS.items():
        union = schemas[f"{stem}StepBody"]
        assert f"{stem}StepBody" in wizards and union["discriminator"]["propertyName"] == "step"
        assert sorted(union["discriminator"]["mapping"]) == sorted(s.id for s in steps), kind
        for s in steps:
            model = schemas[union["discriminator"]["mapping"][s.id].rsplit("/", 1)[1]]
            assert model["properties"]["step"]["const"] == s.id and model["required"] == ["step"]
            assert set(model["properties"]) == {"step", *s.fields}, s.id
    assert schemas["StepAccreditationStatus"]["properties"]["accredited_status"]["enum"] == ["1", "2", "3"]


def test_a_flow_answer_is_the_one_flow_state_model() -> None:
    ops = operations()
    flow_ops = [name for name in ops if name.split(" ")[1].startswith("/api/flows/") and not name.endswith("/events")]
    assert len(flow_ops) == 5
    for name in flow_ops:
        schema = ops[name]["responses"]["200"]["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/FlowState"}, name
    spec = create_app().openapi()
    state = spec["components"]["schemas"]["FlowState"]
    assert set(state["required"]) >= {"flow_id", "kind", "status", "step", "steps", "values", "context", "version"}


async def test_the_documented_user_answers_are_what_the_api_sends(api: httpx.AsyncClient) -> None:
    """The answers sent as built JSON (with their ETag) and documented by a model: registration, the user, a
    password change."""
    body = await signup(api)
    conforms(RegisteredOut, {k: body[k] for k in ("user", "token", "user_id")})
    headers = {"Authorization": f"JWT {body['token']}"}
    me = await api.get("/api/auth/user/", headers=headers)
    conforms(UserView, me.json())
    other = await api.get(f"/api/users/{body['user_id']}", headers=headers)
    conforms(UserView, other.json())
    changed = await api.post("/api/auth/password/change/", headers=headers, json={
        "old_password": PASSWORD, "new_password1": PASSWORD + "x", "new_password2": PASSWORD + "x"})
    assert changed.status_code == 200, changed.text
    conforms(PasswordChangedOut, changed.json())
