"""HTML of the sandbox signing page: a one-page "Subscription Agreement" with Sign, Cancel and Decline.

Self-contained (inline CSS, no scripts, fonts or images) so it renders inside the api's iframe. Every value is
escaped; the three actions are real buttons, each in its own form with the view token; focus is always visible.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from html import escape
from typing import Any
from urllib.parse import quote

from providers.esign.records import COMPLETED, DECLINED, Envelope
from providers.pages import document

CSS = """
:root{--ink:#1f2937;--muted:#4b5563;--line:#e5e7eb;--brand:#1d4ed8;--brand-dark:#1e3a8a;--danger:#b91c1c;--focus:#d97706}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#eef1f5}
.bar{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:10px 20px;background:#fff;
border-bottom:1px solid var(--line);font-size:14px;color:var(--muted)}
.brand{font-weight:700;color:var(--ink)}
main{max-width:760px;margin:20px auto;padding:0 16px 24px}
.paper{background:#fff;border:1px solid var(--line);border-radius:8px;box-shadow:0 6px 24px rgb(15 23 42/.08);
padding:32px 36px}
@media (max-width:560px){main{margin:0;padding:0}.paper{border-radius:0;border-width:0;padding:20px}}
h1{font:700 24px/1.25 Georgia,"Times New Roman",serif;margin:0 0 4px;text-align:center}
.sub{margin:0 0 24px;text-align:center;color:var(--muted);font-size:14px}
dl{display:grid;grid-template-columns:minmax(120px,auto) 1fr;gap:6px 16px;margin:0 0 24px;padding:16px;
background:#f8fafc;border-radius:6px}
dt{color:var(--muted)}dd{margin:0;font-weight:600}
.terms p{font-family:Georgia,"Times New Roman",serif;margin:0 0 12px}
.signature{margin-top:28px;padding-top:16px;border-top:1px solid var(--line);display:flex;flex-wrap:wrap;gap:8px 32px}
.signature div{display:grid}.signature span{font-size:13px;color:var(--muted)}
.sig{font:italic 400 26px/1.2 "Brush Script MT","Segoe Script",cursive;color:var(--brand-dark)}
.hint{margin:20px 0 0;font-size:14px;color:var(--muted);text-align:right}
.actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:10px;margin-top:20px}
.actions form{margin:0}
button{font:inherit;font-weight:600;padding:11px 20px;border-radius:8px;cursor:pointer;border:1px solid #6b7280;
background:#fff;color:var(--ink);min-width:110px}
button.primary{background:var(--brand);border-color:var(--brand);color:#fff}
button.primary:hover{background:var(--brand-dark)}
button.danger{color:var(--danger);border-color:var(--danger)}
button:hover{box-shadow:0 0 0 3px rgb(29 78 216/.15)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.notice{margin:0 0 16px;padding:12px 14px;border-radius:8px;background:#eff6ff;border:1px solid #bfdbfe}
footer{margin-top:16px;text-align:center;font-size:12px;color:var(--muted)}
"""

LABELS = {"ticker": "Asset", "shares": "Shares", "total": "Total price", "price_per_share": "Price per share"}
MONEY = frozenset({"total", "price_per_share", "subtotal", "cost", "amount", "gift_value", "promo_value"})
ACTIONS = (("decline", "Decline", "danger"), ("cancel", "Cancel", ""), ("sign", "Sign", "primary"))


def _text(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_text(v)}" for k, v in value.items())
    return str(value)


def _value(key: str, value: Any) -> str:
    text = _text(value)
    if key in MONEY and not isinstance(value, bool):
        try:
            return f"${Decimal(text):,.2f}"
        except InvalidOperation:
            return text
    return text


def _label(key: str) -> str:
    return LABELS.get(key) or key.replace("_", " ").strip().capitalize() or key


def _summary(envelope: Envelope) -> str:
    rows = [("Subscriber", envelope.signer_name), ("E-mail", envelope.signer_email)]
    rows += [(_label(k), _value(k, v)) for k, v in envelope.fields.items()]
    items = "".join(f"<dt>{escape(label)}</dt><dd>{escape(value)}</dd>" for label, value in rows)
    return f'<dl aria-label="Subscription details">{items}</dl>'


def _terms(envelope: Envelope) -> str:
    fields = envelope.fields
    shares = escape(_text(fields.get("shares", "the")))
    asset = escape(_text(fields.get("ticker", "the offered asset")))
    total = escape(_value("total", fields["total"])) if "total" in fields else "the price stated above"
    paragraphs = (
        f"The undersigned, {escape(envelope.signer_name)} (the “Subscriber”), subscribes for {shares} shares of "
        f"{asset} for a total purchase price of {total}, on the terms of the offering described to the Subscriber.",
        "The Subscriber confirms having read the offering materials, understands that the shares are a speculative "
        "investment that may lose all their value and may be hard to resell, and invests only what the Subscriber "
        "can afford to lose.",
        "The subscription becomes binding when it is accepted by the issuer and the purchase price is paid. "
        "Signing electronically has the same effect as a handwritten signature.",
    )
    return '<section class="terms" aria-label="Terms">' + "".join(f"<p>{p}</p>" for p in paragraphs) + "</section>"


def _action_form(envelope_id: str, token: str, action: str, label: str, kind: str) -> str:
    path = f"/sandbox/esign/envelopes/{quote(envelope_id, safe='')}/{action}"
    css = f' class="{kind}"' if kind else ""
    return (
        f'<form method="post" action="{escape(path)}"><input type="hidden" name="token" value="{escape(token)}">'
        f'<button type="submit"{css}>{label}</button></form>'
    )


def _page(title: str, content: str) -> str:
    body = (
        '<header class="bar"><span class="brand">Sandbox Sign</span><span>Secure electronic signature</span></header>'
        f'<main aria-labelledby="title"><article class="paper">{content}</article>'
        "<footer>Sandbox: nothing is signed for real.</footer></main>"
    )
    return document(f"{title} · Sandbox Sign", CSS, body)


def signing(envelope: Envelope, token: str) -> str:
    """The agreement with the three actions (for a ``sent`` envelope)."""
    actions = "".join(_action_form(envelope.id, token, *a) for a in ACTIONS)
    content = (
        '<h1 id="title">Subscription Agreement</h1>'
        f'<p class="sub">Please review the agreement and sign it. Envelope {escape(envelope.id)}</p>'
        f"{_summary(envelope)}{_terms(envelope)}"
        f'<div class="signature"><div><span>Signature</span><b class="sig">{escape(envelope.signer_name)}</b></div>'
        f"<div><span>Printed name</span><b>{escape(envelope.signer_name)}</b></div></div>"
        '<p class="hint" id="decision-hint">Sign to accept the agreement, Cancel to decide later, or Decline to refuse'
        " it.</p>"
        f'<div class="actions" role="group" aria-label="Your decision" aria-describedby="decision-hint">{actions}</div>'
    )
    return _page("Subscription Agreement", content)


def finished(envelope: Envelope, token: str) -> str:
    """What a finished envelope's page says; a signed one offers to continue (back to the return URL)."""
    if envelope.status == COMPLETED:
        message = f"You signed this agreement on {envelope.completed_at or ''}."
        more = f'<div class="actions">{_action_form(envelope.id, token, "sign", "Continue", "primary")}</div>'
    elif envelope.status == DECLINED:
        message, more = "You declined this agreement. It can no longer be signed.", ""
    else:
        message, more = "This agreement was withdrawn by the sender. It can no longer be signed.", ""
    content = (
        '<h1 id="title">Subscription Agreement</h1>'
        f'<p class="notice" role="status">{escape(message)}</p>{_summary(envelope)}{more}'
    )
    return _page("Subscription Agreement", content)


def problem(title: str, message: str) -> str:
    content = f'<h1 id="title">{escape(title)}</h1><p class="notice" role="alert">{escape(message)}</p>'
    return _page(title, content)
