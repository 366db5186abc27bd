/**
 * Opening the deposit/withdrawal popup (spec doc 3 §4.8), checked in this order: a verified primary e-mail, a state
 * that is not blocked, a payment customer that may move money, a linked bank (else fund-account or onboarding), a
 * verified bank; then the popup opens.
 */
import { customerStatusPopup, type StatusPopup } from './customerStatus'
import { BLOCKED_STATE, NO_BANK } from './transfers'

export interface GateFacts {
  /** the user as just re-read */
  emails: readonly { email: string; primary: boolean; verified: boolean }[]
  email: string
  stateBlocked: boolean
  customerStatus: string | null
  /** the linked bank's status, null when there is none */
  bankStatus: string | null
}

export type GateOutcome =
  | { kind: 'verify-email'; email: string }
  | { kind: 'popup'; popup: StatusPopup }
  | { kind: 'redirect'; to: string }
  | { kind: 'open' }

export function primaryEmail(facts: Pick<GateFacts, 'emails' | 'email'>): { email: string; verified: boolean } {
  const primary = facts.emails.find((e) => e.primary)
  return primary ? { email: primary.email, verified: primary.verified } : { email: facts.email, verified: false }
}

export function openingCheck(facts: GateFacts): GateOutcome {
  const primary = primaryEmail(facts)
  if (!primary.verified) return { kind: 'verify-email', email: primary.email }
  if (facts.stateBlocked) return { kind: 'popup', popup: { title: 'State Availability Issue', message: BLOCKED_STATE, action: null } }
  const status = customerStatusPopup(facts.customerStatus)
  if (status) return { kind: 'popup', popup: status }
  if (facts.bankStatus === null) return { kind: 'redirect', to: facts.customerStatus === 'verified' ? '/app/fund-account' : '/app/onboarding' }
  if (facts.bankStatus !== 'verified') {
    return { kind: 'popup', popup: { title: 'Verify Your Bank Account', message: NO_BANK, action: facts.bankStatus === 'unverified' ? '/app/investments/microdeposits' : null } }
  }
  return { kind: 'open' }
}

/** A bank may be removed only with a zero balance and nothing pending (spec doc 3 §4.10). */
export function canRemoveBank(balance: { cash: string; pending: string; investments: string; total: string }, pendingTransfers: number): boolean {
  const zero = (v: string) => Number(v) === 0
  return pendingTransfers === 0 && zero(balance.cash) && zero(balance.pending) && zero(balance.investments) && zero(balance.total)
}

export const REMOVAL_BLOCKED = 'You must have a total balance of $0 and no pending transfers or investments, in order to remove your bank account.'
