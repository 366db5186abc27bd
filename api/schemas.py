"""Request bodies. Fields are lenient strings so the spec's own messages (domain/validation.py) answer bad input."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from api.params import MAX_ID

NUL_IN_TEXT = "Text must not contain NUL characters."
T = TypeVar("T")


def has_nul(value: object) -> bool:
    """A NUL character anywhere in a JSON value (PostgreSQL text cannot hold one)."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(has_nul(k) or has_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(has_nul(v) for v in value)
    return False


def reject_nul(value: T) -> T:
    if has_nul(value):
        raise PydanticCustomError("nul_character", NUL_IN_TEXT)
    return value


class Body(BaseModel):
    """Every request body: unknown fields ignored, no NUL character anywhere (answered 422, never stored)."""

    model_config = ConfigDict(extra="ignore")

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any) -> Any:
        return reject_nul(data)


JsonObject = Annotated[dict[str, Any], AfterValidator(reject_nul)]  # a free-form body (flow step fields)


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
    asset: int = Field(ge=1, le=MAX_ID)


class EmailView(BaseModel):
    email: str
    primary: bool
    verified: bool


class StateStatus(BaseModel):
    is_state_blocked: bool
    io_enabled: bool
    trading_enabled: bool


class AccessGroupView(BaseModel):
    asset_id: int
    access_type: str
    access_end: str | None = None
    limitations: dict[str, Any] = {}


class AccountRef(BaseModel):
    id: int = Field(description="the financial account id: the `{account_id}` of every /api/financial-accounts/ call "
                                "(the first account's)")


class TermsOfService(BaseModel):
    signedAndAgreedAt: str | None = Field(default=None, description="when the custodian's terms were agreed (ISO)")
    lastUpdated: str | None = None


class Enrollment(BaseModel):
    termsOfService: TermsOfService


class CustomerView(BaseModel):
    id: int | str
    status: str
    accounts: list[AccountRef]
    enrollment: Enrollment
    investorDetails: dict[str, Any] | None = None
    personalInformation: dict[str, Any] | None = None
    employmentDetails: dict[str, Any] | None = None


class InvestmentInfo(BaseModel):
    """The suitability answers of the onboarding (the keys answered so far)."""

    accredited_status: int | None = None
    publicly_traded_company_tickers: str | None = None
    sec_or_finra_organization_name: str | None = None
    isAssociated: bool | None = None
    isShareholder: bool | None = None


class StateAvailabilityNotification(BaseModel):
    blocked_state: str


class UserView(BaseModel):
    """The user as the spec shows it (doc 1 §3; doc 2 and doc 3 §3 "User"), built by api/users_view.user_json and
    sent with its ETag. The SSN is masked; no account number is ever in it."""

    id: int
    email: str
    emails: list[EmailView]
    first_name: str | None = None
    last_name: str | None = None
    middle_initial: str | None = None
    username: str | None = None
    date_joined: str | None = None
    phone_number: str
    date_of_birth: str = Field(description="MM/DD/YYYY")
    address: str
    address2: str
    city: str
    postal_code: str
    ssn: str = Field(description="masked: ***-**-1234 (empty while none is saved)", pattern=r"^(\*\*\*-\*\*-\d{4})?$")
    investment_info: InvestmentInfo
    agreedToCustodianTerms: bool = Field(description="the custodian's terms (the onboarding's SSN step) agreed")
    agreedWithTos3: bool = Field(description="the payment provider's terms agreed")
    has_payment_customer: bool = Field(description="the payment provider holds a customer of the user")
    shares_count: int = Field(description="every share the user holds, of every asset (those held for open asks too)")
    state: str | None = None
    state_status: StateStatus
    state_availability_notification: list[StateAvailabilityNotification]
    access_groups: list[AccessGroupView]
    customer: CustomerView | None = None
    notify_me: list[int]
    notify_on_trading: list[int]


class RegisteredOut(BaseModel):
    user: UserView
    token: str
    user_id: int


class PasswordChangedOut(BaseModel):
    detail: str
    token: str


class EmailConfirmedOut(BaseModel):
    detail: str
    email: str | None = None
