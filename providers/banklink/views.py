"""HTML of the hosted bank-link page: a small modal-like sheet, full screen on phones, no JavaScript.

Every value is escaped; every control has a visible label; errors are announced (``role="alert"``) and
tied to their inputs (``aria-invalid`` / ``aria-describedby``); focus is always visible.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from providers.banklink.banks import INSTITUTIONS, Institution
from providers.banklink.records import ACCOUNT_KINDS, SANDBOX_PASSWORD, SANDBOX_USERNAME
from providers.pages import document

CSS = """
:root{--ink:#111827;--muted:#4b5563;--line:#d1d5db;--brand:#0f766e;--brand-dark:#115e59;--tint:#f0fdfa;--focus:#d97706}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);
background:linear-gradient(160deg,#1e293b,#0f766e);min-height:100vh}
.backdrop{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
.sheet{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 20px 50px rgb(0 0 0/.35);
padding:20px 24px 16px}
@media (max-width:480px){.backdrop{padding:0;align-items:stretch}.sheet{border-radius:0;max-width:none;min-height:100vh}}
.top{display:flex;justify-content:space-between;align-items:center;font-size:14px;color:var(--muted)}
.brand{display:flex;gap:6px;align-items:center;font-weight:600;color:var(--ink)}
.top a{color:var(--muted);padding:4px}
.steps{display:flex;gap:6px;list-style:none;padding:0;margin:16px 0 4px}
.steps li{flex:1;height:4px;border-radius:2px;background:#e5e7eb}
.steps li.done,.steps li[aria-current]{background:var(--brand)}
.step-label{font-size:13px;color:var(--muted);margin:0}
h1{font-size:22px;line-height:1.25;margin:10px 0 4px}
.lead{color:var(--muted);margin:0 0 16px}
.institution{display:flex;align-items:center;gap:10px;margin-top:14px;font-weight:600}
.banks{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.bank{width:100%;display:flex;align-items:center;gap:12px;padding:12px 14px;border:1px solid var(--line);
border-radius:12px;background:#fff;font:inherit;color:inherit;text-align:left;cursor:pointer}
.bank:hover{border-color:var(--brand);background:var(--tint)}
.logo{width:40px;height:40px;border-radius:50%;display:grid;place-items:center;color:#fff;font-weight:700;
font-size:14px;flex:none}
.bank-name{flex:1;font-weight:600}
.chev{color:var(--muted);font-size:22px;line-height:1}
.field{display:grid;gap:4px;font-weight:600;font-size:14px;margin-bottom:12px}
.field input{font:inherit;font-weight:400;padding:11px 12px;border:1px solid #6b7280;border-radius:10px;width:100%}
.field input[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.alert{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:10px;padding:10px 12px;margin:0 0 12px}
.hint{background:#f1f5f9;border-radius:10px;padding:10px 12px;font-size:14px;color:#334155;margin:0 0 16px}
.primary{width:100%;padding:13px;border:0;border-radius:10px;background:var(--brand);color:#fff;font:inherit;
font-weight:600;cursor:pointer}
.primary:hover{background:var(--brand-dark)}
.secondary{display:block;text-align:center;margin-top:12px;color:var(--brand)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
fieldset{border:0;padding:0;margin:0 0 16px;display:grid;gap:8px}
.account{display:flex;align-items:center;gap:12px;padding:14px;border:1px solid var(--line);border-radius:12px;cursor:pointer}
.account:has(input:checked){border-color:var(--brand);background:var(--tint)}
.account input{width:20px;height:20px;margin:0;accent-color:var(--brand)}
.acct{flex:1;display:grid}.acct b{font-weight:600}.acct span,.balance{color:var(--muted);font-size:14px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
footer{margin-top:20px;font-size:12px;color:var(--muted);text-align:center}
@media (prefers-reduced-motion:no-preference){.bank,.account{transition:border-color .15s,background-color .15s}}
"""

LOCK = (
    '<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" '
    'd="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 '
    '8V7a3 3 0 1 1 6 0v3H9Z"/></svg>'
)
STEPS = ("Select your bank", "Sign in", "Choose an account")


def _steps(current: int) -> str:
    items = "".join(
        '<li class="done"></li>' if i < current else ('<li aria-current="step"></li>' if i == current else "<li></li>")
        for i in range(1, len(STEPS) + 1)
    )
    label = f"Step {current} of {len(STEPS)}: {STEPS[current - 1]}"
    return f'<ol class="steps" aria-hidden="true">{items}</ol><p class="step-label">{escape(label)}</p>'


def page(title: str, content: str, *, step: int | None = None, exit_url: str | None = None) -> str:
    exit_link = f'<a href="{escape(exit_url)}">Exit<span class="sr"> and return to Vitrine</span></a>' if exit_url else ""
    body = (
        '<div class="backdrop"><main class="sheet" aria-labelledby="title">'
        f'<header class="top"><span class="brand">{LOCK} Sandbox Link</span>{exit_link}</header>'
        f"{_steps(step) if step else ''}{content}"
        "<footer>Sandbox: no real bank is contacted and no real money moves.</footer></main></div>"
    )
    return document(f"{title} · Sandbox Link", CSS, body)


def exit_url(token: str) -> str:
    return "/banklink/link/exit?" + urlencode({"token": token})


def _logo(institution: Institution) -> str:
    return f'<span class="logo" style="background:{institution.colour}" aria-hidden="true">{escape(institution.initials)}</span>'


def choose_bank(token: str) -> str:
    buttons = "".join(
        f'<li><button class="bank" type="submit" name="institution" value="{escape(i.id)}">{_logo(i)}'
        f'<span class="bank-name">{escape(i.name)}</span><span class="chev" aria-hidden="true">›</span></button></li>'
        for i in INSTITUTIONS
    )
    content = (
        '<h1 id="title">Select your bank</h1>'
        '<p class="lead">Vitrine uses Sandbox Link to connect your bank account securely.</p>'
        '<form method="post" action="/banklink/link/institution">'
        f'<input type="hidden" name="token" value="{escape(token)}"><ul class="banks">{buttons}</ul></form>'
    )
    return page("Select your bank", content, step=1, exit_url=exit_url(token))


def login(token: str, institution: Institution, *, error: str | None = None, username: str = "") -> str:
    invalid = ' aria-invalid="true" aria-describedby="login-error"' if error else ""
    alert = f'<p class="alert" role="alert" id="login-error">{escape(error)}</p>' if error else ""
    back = "/banklink/link?" + urlencode({"token": token})
    content = (
        f'<div class="institution">{_logo(institution)}<span>{escape(institution.name)}</span></div>'
        f'<h1 id="title">Sign in to {escape(institution.name)}</h1>'
        '<p class="lead">Enter the username and password you use for online banking.</p>'
        f'{alert}<form method="post" action="/banklink/link/login" novalidate>'
        f'<input type="hidden" name="token" value="{escape(token)}">'
        f'<input type="hidden" name="institution" value="{escape(institution.id)}">'
        '<label class="field" for="username">Username<input id="username" name="username" type="text" required'
        f' autocomplete="username" autocapitalize="none" spellcheck="false" value="{escape(username)}"{invalid}></label>'
        '<label class="field" for="password">Password<input id="password" name="password" type="password" required'
        f' autocomplete="current-password"{invalid}></label>'
        f'<p class="hint" role="note">Sandbox credentials: username <code>{SANDBOX_USERNAME}</code>,'
        f" password <code>{SANDBOX_PASSWORD}</code>.</p>"
        f'<button class="primary" type="submit">Sign in</button></form>'
        f'<a class="secondary" href="{escape(back)}">Choose a different bank</a>'
    )
    return page(f"Sign in to {institution.name}", content, step=2, exit_url=exit_url(token))


def accounts(session_id: str, token: str, institution: Institution, *, error: str | None = None) -> str:
    alert = f'<p class="alert" role="alert" id="account-error">{escape(error)}</p>' if error else ""
    described = ' aria-describedby="account-error"' if error else ""
    options = "".join(
        f'<label class="account"><input type="radio" name="account" value="{a.kind}" required{" checked" if i == 0 else ""}>'
        f'<span class="acct"><b>{escape(a.name)}</b><span><span aria-hidden="true">••{a.mask}</span>'
        f'<span class="sr">ending in {a.mask}</span></span></span><span class="balance">{a.balance} available</span></label>'
        for i, a in enumerate(ACCOUNT_KINDS.values())
    )
    content = (
        f'<div class="institution">{_logo(institution)}<span>{escape(institution.name)}</span></div>'
        '<h1 id="title">Choose an account</h1><p class="lead">Select the account to link to Vitrine.</p>'
        f'{alert}<form method="post" action="/banklink/link/accounts">'
        f'<input type="hidden" name="session" value="{escape(session_id)}">'
        f'<fieldset{described}><legend class="sr">Accounts at {escape(institution.name)}</legend>{options}</fieldset>'
        '<button class="primary" type="submit">Continue</button></form>'
    )
    return page("Choose an account", content, step=3, exit_url=exit_url(token))


def problem(message: str) -> str:
    content = (
        '<h1 id="title">This link cannot be used</h1>'
        f'<p class="lead" role="alert">{escape(message)}</p>'
        '<p class="lead">Go back to Vitrine and start linking your bank again.</p>'
    )
    return page("Link problem", content)
