"""Bank-link sandbox: link tokens, the hosted page (banks, sign-in, accounts), public/access/processor tokens."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import pytest

from providers.banklink.banks import INSTITUTIONS
from providers.settings import ProvidersSettings
from tests.providers.sandbox import RETURN_URL, Sandbox, link_account, open_sandbox

WRONG = "The credentials you entered were incorrect."


@pytest.fixture
async def sb(provider_settings: ProvidersSettings) -> AsyncIterator[Sandbox]:
    async with open_sandbox(provider_settings) as sandbox:
        yield sandbox


class Labels(HTMLParser):
    """Collects input ids and the ``for`` of labels, to check every visible input is labelled."""

    def __init__(self) -> None:
        super().__init__()
        self.inputs: list[dict[str, str | None]] = []
        self.label_for: set[str] = set()
        self.depth = 0  # inside a <label>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "label":
            self.depth += 1
            if a.get("for"):
                self.label_for.add(str(a["for"]))
        if tag == "input" and a.get("type") != "hidden":
            self.inputs.append(a | {"_wrapped": "yes" if self.depth else None})

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self.depth -= 1


def assert_accessible(page: str) -> None:
    assert '<html lang="en">' in page and 'name="viewport"' in page and "<script" not in page
    assert '<main class="sheet" aria-labelledby="title">' in page and 'id="title"' in page
    parser = Labels()
    parser.feed(page)
    for field in parser.inputs:
        assert field["_wrapped"] or field.get("id") in parser.label_for, field


async def link_token(sb: Sandbox, return_url: str = RETURN_URL) -> str:
    r = await sb.post("/banklink/link-tokens", {"external_id": "42", "return_url": return_url})
    assert r.status_code == 200, r.text
    token: str = r.json()["link_token"]
    assert r.json()["url"] == f"http://providers.test/banklink/link?token={token}"
    return token


async def test_link_tokens_need_the_keys_and_an_http_return_url(sb: Sandbox) -> None:
    body = {"external_id": "42", "return_url": RETURN_URL}
    assert (await sb.post("/banklink/link-tokens", body, key=None)).status_code == 401
    assert (await sb.post("/banklink/link-tokens", body, idem=None)).status_code == 400
    for bad in ("javascript:alert(1)", "/relative", "ftp://x.test/", ""):
        r = await sb.post("/banklink/link-tokens", {**body, "return_url": bad})
        assert r.status_code == 422 and r.json()["errors"][0]["field"] == "return_url"
    again = [await sb.post("/banklink/link-tokens", body, idem="lt") for _ in range(2)]
    assert again[0].json() == again[1].json()


async def test_the_whole_page_flow(sb: Sandbox) -> None:
    token = await link_token(sb)
    page = await sb.client.get("/banklink/link", params={"token": token})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.headers["cache-control"] == "no-store"
    assert_accessible(page.text)
    assert all(i.name in page.text for i in INSTITUTIONS) and len(INSTITUTIONS) == 6
    assert 'action="/banklink/link/institution"' in page.text

    r = await sb.client.post("/banklink/link/institution", data={"token": token, "institution": "ins_summit"})
    assert r.status_code == 303
    login = await sb.client.get(r.headers["location"])
    assert login.status_code == 200 and "Sign in to Summit Savings Bank" in login.text
    assert "user_good" in login.text and "pass_good" in login.text and WRONG not in login.text
    assert_accessible(login.text)

    creds = {"token": token, "institution": "ins_summit", "username": "user_good", "password": "pass_good"}
    r = await sb.client.post("/banklink/link/login", data=creds)
    assert r.status_code == 303 and r.headers["location"].startswith("/banklink/link/accounts?session=")
    accounts = await sb.client.get(r.headers["location"])
    assert accounts.status_code == 200 and "••0000" in accounts.text and "••1111" in accounts.text
    assert "Checking" in accounts.text and "Savings" in accounts.text
    assert_accessible(accounts.text)

    session = parse_qs(urlsplit(r.headers["location"]).query)["session"][0]
    done = await sb.client.post("/banklink/link/accounts", data={"session": session, "account": "savings"})
    assert done.status_code == 303
    target = urlsplit(done.headers["location"])
    assert target.geturl().startswith("http://app.test/app/fund-account/connect-bank?")
    query = parse_qs(target.query)
    assert query["from"] == ["link"], "the return URL's own query is kept"
    assert query["institution"] == ["ins_summit"] and query["institution_name"] == ["Summit Savings Bank"]
    assert query["public_token"][0].startswith("public-sandbox-") and query["account_id"][0]
    twice = await sb.client.post("/banklink/link/accounts", data={"session": session, "account": "savings"})
    assert twice.headers["location"] == done.headers["location"], "a double submit answers the same"


@pytest.mark.parametrize(
    ("username", "password"),
    [("user_good", "pass_bad"), ("user_bad", "pass_good"), ("", ""), ("USER_GOOD", "pass_good"), ("user_good", "PASS_GOOD")],
)
async def test_wrong_credentials_are_refused(sb: Sandbox, username: str, password: str) -> None:
    token = await link_token(sb)
    data = {"token": token, "institution": "ins_harbor", "username": username, "password": password}
    r = await sb.client.post("/banklink/link/login", data=data)
    assert r.status_code == 200 and WRONG in r.text
    assert 'role="alert"' in r.text and 'aria-invalid="true"' in r.text
    assert "Sign in to Harbor National Bank" in r.text


async def test_escaping_and_bad_inputs_on_the_page(sb: Sandbox) -> None:
    token = await link_token(sb)
    data = {"token": token, "institution": "ins_harbor", "username": '"><script>x</script>', "password": "p"}
    r = await sb.client.post("/banklink/link/login", data=data)
    assert "<script>x</script>" not in r.text and "&lt;script&gt;" in r.text
    unknown_bank = await sb.client.post("/banklink/link/institution", data={"token": token, "institution": "ins_nope"})
    assert unknown_bank.status_code == 303 and unknown_bank.headers["location"] == f"/banklink/link?token={token}"
    for path in ("/banklink/link/institution", "/banklink/link/login", "/banklink/link/accounts"):
        for content in (b"", b"\xff\xfe", b"token=" + b"x" * 9000, b"&&&=&"):
            garbage = await sb.client.post(path, content=content, headers={"Content-Type": "application/x-www-form-urlencoded"})
            assert garbage.status_code == 400 and "cannot be used" in garbage.text, (path, content)
    for params in ({}, {"token": "link-sandbox-nope"}):
        page = await sb.client.get("/banklink/link", params=params)
        assert page.status_code == 400 and "This bank link has expired or is not valid." in page.text
    assert (await sb.client.get("/banklink/link/accounts", params={"session": "nope"})).status_code == 400


async def test_choosing_no_account_asks_again(sb: Sandbox) -> None:
    token = await link_token(sb)
    data = {"token": token, "institution": "ins_prairie", "username": "user_good", "password": "pass_good"}
    session = parse_qs(urlsplit((await sb.client.post("/banklink/link/login", data=data)).headers["location"]).query)["session"][
        0
    ]
    r = await sb.client.post("/banklink/link/accounts", data={"session": session, "account": "brokerage"})
    assert r.status_code == 200 and "Choose an account to continue." in r.text


async def test_exit_returns_with_cancelled(sb: Sandbox) -> None:
    token = await link_token(sb)
    page = (await sb.client.get("/banklink/link", params={"token": token})).text
    exit_href = re.search(r'href="(/banklink/link/exit\?token=[^"]+)"', page)
    assert exit_href is not None
    r = await sb.client.get(exit_href.group(1).replace("&amp;", "&"))
    assert r.status_code == 303 and parse_qs(urlsplit(r.headers["location"]).query)["status"] == ["cancelled"]


async def test_exchange_once_then_processor_token(sb: Sandbox) -> None:
    back = await link_account(sb, account="checking")
    first = await sb.post("/banklink/exchange", {"public_token": back["public_token"]}, idem="ex-1")
    assert first.status_code == 200 and first.json()["access_token"].startswith("access-sandbox-") and first.json()["item_id"]
    replay = await sb.post("/banklink/exchange", {"public_token": back["public_token"]}, idem="ex-1")
    assert replay.json() == first.json(), "a retry with the same key answers the same"
    second = await sb.post("/banklink/exchange", {"public_token": back["public_token"]})
    assert second.status_code == 400 and second.json()["errors"][0]["message"] == "This public token was already exchanged."
    unknown = await sb.post("/banklink/exchange", {"public_token": "public-sandbox-nope"})
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["message"] == "Invalid public token."

    access = first.json()["access_token"]
    r = await sb.post("/banklink/processor-token", {"access_token": access, "account_id": back["account_id"]})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["processor_token"].startswith("processor-sandbox-")
    account = data["account"]
    assert {k: account[k] for k in ("name", "mask", "type", "routing_number")} == {
        "name": "Checking",
        "mask": "0000",
        "type": "checking",
        "routing_number": "440000204",
    }
    assert re.fullmatch(r"[0-9]{8}0000", account["account_number"])
    assert data["institution"] == {"id": "ins_maple", "name": "Maple Federal Credit Union"}
    bad_account = await sb.post("/banklink/processor-token", {"access_token": access, "account_id": "nope"})
    assert bad_account.status_code == 400
    bad_access = await sb.post(
        "/banklink/processor-token", {"access_token": "access-sandbox-nope", "account_id": back["account_id"]}
    )
    assert bad_access.status_code == 400 and bad_access.json()["errors"][0]["message"] == "Invalid access token."


async def test_each_link_gets_its_own_account_numbers(sb: Sandbox) -> None:
    numbers = set()
    for _ in range(2):
        back = await link_account(sb)
        access = (await sb.post("/banklink/exchange", {"public_token": back["public_token"]})).json()["access_token"]
        r = await sb.post("/banklink/processor-token", {"access_token": access, "account_id": back["account_id"]})
        numbers.add(r.json()["account"]["account_number"])
    assert len(numbers) == 2


@pytest.mark.parametrize(("minutes", "ok"), [(29, True), (31, False)])
async def test_public_tokens_expire_after_30_minutes(sb: Sandbox, minutes: int, ok: bool) -> None:
    back = await link_account(sb)
    sb.offset += minutes * 60
    r = await sb.post("/banklink/exchange", {"public_token": back["public_token"]})
    if ok:
        assert r.status_code == 200, r.text
    else:
        assert r.status_code == 400 and r.json()["errors"][0]["message"] == "This public token has expired."


async def test_link_tokens_expire(sb: Sandbox) -> None:
    token = await link_token(sb)
    sb.offset += sb.settings.link_token_ttl_seconds + 1
    assert (await sb.client.get("/banklink/link", params={"token": token})).status_code == 400
    data = {"token": token, "institution": "ins_harbor", "username": "user_good", "password": "pass_good"}
    assert (await sb.client.post("/banklink/link/login", data=data)).status_code == 400
