/** Logout reasons and the message the login page shows for each (spec doc 1 §8). */
import { NO_ACCESSIBLE_ASSETS, NOT_AUTHORISED_FOR_EARLY_ACCESS } from '../../domain/access'

export const SESSION_EXPIRED = 'Your session has expired, please try logging in again.'

export type LogoutReason = 'user' | 'silent' | 'session-expired' | 'early-access' | 'no-assets' | 'updates-failed'

export const UPDATES_FAILED = 'We lost the connection to Vitrine. Please log in again.'

export const LOGOUT_MESSAGES: Record<LogoutReason, string | null> = {
  user: null,
  silent: null,
  'session-expired': SESSION_EXPIRED,
  'early-access': NOT_AUTHORISED_FOR_EARLY_ACCESS,
  'no-assets': NO_ACCESSIBLE_ASSETS,
  'updates-failed': UPDATES_FAILED,
}
