"""Request bodies. Fields are lenient strings so the spec's own messages (domain/validation.py) answer bad input."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class LoginIn(Body):
    email: str | None = Field(default=None, max_length=254)
    username: str | None = Field(default=None, max_length=254)
    password: str = Field(default="", max_length=256)
    remember_me: bool = False


class LoginOut(BaseModel):
    token: str
    exchange_token: str
    user_id: int


class RegistrationIn(Body):
    email: str = Field(default="", max_length=254)
    password: str = Field(default="", max_length=256)
    referral_code: str = Field(default="", max_length=64)


class TokenIn(Body):
    token: str = Field(default="", max_length=4096)


class TokenOut(BaseModel):
    token: str | None


class EmailIn(Body):
    email: str = Field(default="", max_length=254)


class KeyIn(Body):
    key: str = Field(default="", max_length=128)


class ResetConfirmIn(Body):
    new_password1: str = Field(default="", max_length=256)
    new_password2: str = Field(default="", max_length=256)
    uid: str = Field(default="", max_length=64)
    token: str = Field(default="", max_length=128)


class PasswordChangeIn(Body):
    """The current password, or else a token from a password login moments before (`password_proof_seconds`)."""

    old_password: str | None = Field(default=None, max_length=256)
    new_password1: str = Field(default="", max_length=256)
    new_password2: str = Field(default="", max_length=256)


class ChangeEmailIn(EmailIn):
    """The current password, or else a token from a password login moments before (`password_proof_seconds`)."""

    password: str | None = Field(default=None, max_length=256)


class UserPatchIn(Body):
    first_name: str | None = Field(default=None, max_length=64)
    last_name: str | None = Field(default=None, max_length=64)
    middle_initial: str | None = Field(default=None, max_length=1)
    username: str | None = Field(default=None, max_length=150)


class Detail(BaseModel):
    detail: str


class AssetRef(Body):
    asset: int
