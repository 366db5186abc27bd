/** A deliberate logout: revoke the token on the server (best effort), then wipe the session. */
import { logoutOnServer } from '../api/endpoints'
import type { LogoutReason } from './logoutReasons'
import { session } from './sessionStore'

export function logoutNow(reason: LogoutReason = 'user'): void {
  const { token } = session.get()
  session.logout(reason)
  if (token) logoutOnServer(token).catch(() => undefined)
}
