"""A real answer checked against the model that documents it in the OpenAPI (the model is the contract): no key left
out at its top, none added at any depth (the documenting models forbid extra keys; a response model is checked as a
strict copy), the types as documented."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


def conforms(model: type[BaseModel], body: Any) -> None:
    strict: type[BaseModel] = type("Strict" + model.__name__, (model,), {"model_config": ConfigDict(extra="forbid")})
    strict.model_validate(body)
    assert set(body) == set(model.model_fields), (model.__name__, sorted(set(body) ^ set(model.model_fields)))
