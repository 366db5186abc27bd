"""Every route of the app answers its errors in the one shape (docs/errors.md): the test walks the app's routes and
sends each one bad requests (no session, bad path ids, a malformed body, a body that is no object, bad query values);
every 4xx is {"errors": [{"message", "field"?}], "error_type"?}, validation errors are 422, and none is a 5xx.
A new route is walked too: one that cannot be refused on its input must be listed in NO_INPUT."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute

from api.app import create_app
from tests.api.accounts import signup
from tests.error_shape import error_body, field_errors, first_message

# a value for every path parameter that no route accepts (not an id, not a known kind, not a token)
BAD_PATH = {"user_id": "x", "asset_id": "x", "kind": "no-such-kind", "flow_id": "nope", "step": "x",
            "token": "bad token!", "variant": "x", "account_id": "nope", "order_id": "nope",
            "instrument_id": "bad id!", "window_id": "nope", "action": "x", "signed": "not-signed", "file_key": "nope"}
BAD_QUERY = {"category": "no-such-category", "modified_gte": "yesterday", "instrumentId": "bad id!", "id": "x",
             "asset": "x", "active": "maybe", "query": "x" * 1000}
# routes with no input to refuse, public: nothing of theirs can be a 4xx
NO_INPUT = {("GET", "/api/health"), ("GET", "/api/categories/"), ("GET", "/api/v2/asset/status/update-schedule/"),
            ("GET", "/api/client-screens/home"), ("GET", "/api/assets/trading-dates/")}
ROUTES = sorted((method, route.path, bool(route.dependant.query_params)) for route in create_app().routes
                if isinstance(route, APIRoute) and route.include_in_schema for method in route.methods)


def _url(path: str) -> str:
    for name, value in BAD_PATH.items():
        path = path.replace("{" + name + "}", value)
    assert "{" not in path, f"add the path parameter of {path} to BAD_PATH"
    return path


def _requests(method: str, path: str, queries: bool, auth: dict[str, str]) -> list[dict[str, Any]]:
    """The bad requests for one route: anonymous, then as a signed-in user (a malformed body, a body that is no
    object, bad query values)."""
    url = _url(path)
    json_header = {"content-type": "application/json"}
    has_body = method in ("POST", "PUT", "PATCH")
    cases: list[dict[str, Any]] = [{"headers": json_header, **({"content": b"{not json"} if has_body else {})}]
    if has_body:
        cases += [{"headers": {**auth, **json_header}, "content": body} for body in (b"{not json", b"[]")]
    else:  # bad query values where the route reads a query (never a plain call: it might open a stream)
        cases.append({"headers": auth, **({"params": BAD_QUERY} if queries else {})})
    return [{"method": method, "url": url, **case} for case in cases]


@pytest.mark.parametrize(("method", "path", "queries"), ROUTES, ids=[f"{m} {p}" for m, p, _ in ROUTES])
async def test_every_route_refuses_in_the_one_shape(api: httpx.AsyncClient, method: str, path: str,
                                                    queries: bool) -> None:
    user = await signup(api)
    refused = []
    for request in _requests(method, path, queries, user["headers"]):
        r = await api.request(**request)
        assert r.status_code < 500, (request, r.status_code, r.text)
        if r.status_code >= 400:
            error_body(r.json())
            refused.append(r.status_code)
    assert refused or (method, path) in NO_INPUT, f"no bad request refused: {method} {path}"
    assert 400 not in refused or path.endswith("/orders") and method == "POST", (method, path, refused)


async def test_validation_errors_are_422_and_name_their_field(api: httpx.AsyncClient) -> None:
    r = await api.post("/api/v3/auth/login/", content=b"{not json", headers={"content-type": "application/json"})
    assert (r.status_code, first_message(r.json())) == (422, "Malformed JSON in the request body.")
    r = await api.post("/api/auth/registration/", json={"email": "nope", "password": "Sup3rSecret!"})
    assert (r.status_code, field_errors(r.json())) == (422, {"email": "Enter a valid email address"})
    r = await api.get("/api/v2/asset/status/", params={"modified_gte": "yesterday"})
    assert r.status_code == 422 and list(field_errors(r.json())) == ["modified_gte"], r.text


async def test_unknown_paths_and_methods_answer_in_the_one_shape(api: httpx.AsyncClient) -> None:
    r = await api.get("/api/no-such-thing")
    assert (r.status_code, first_message(r.json())) == (404, "Not Found")
    r = await api.delete("/api/v3/auth/login/")
    assert (r.status_code, first_message(r.json())) == (405, "Method Not Allowed")


def test_the_openapi_documents_the_shape_for_every_operation() -> None:
    schema = create_app().openapi()
    ref = {"$ref": "#/components/schemas/ErrorBody"}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status in ("401", "404", "409", "422", "429", "503"):
                content = operation["responses"][status]["content"]["application/json"]["schema"]
                assert content == ref, (method, path, status)
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    assert schema["components"]["schemas"]["ErrorBody"]["required"] == ["errors"]
