/** A deliberate logout: forget this device's push id and revoke the token on the server (best effort), then wipe. */
import { unregisterDevice } from '../../api/device'
import { logoutOnServer } from '../../api/endpoints'
import type { LogoutReason } from './logoutReasons'
import { session } from './sessionStore'
import { KEYS, readKey } from './storage'

export function logoutNow(reason: LogoutReason = 'user'): void {
  const { token } = session.get()
  const device = readKey(KEYS.firebaseToken) // registered in this login (app/session/pushRegistration.ts)
  session.logout(reason)
  if (!token) return
  // the device's id goes while the token is still good, then the token is revoked
  const forget = device ? unregisterDevice(token, device).catch(() => undefined) : Promise.resolve()
  void forget.then(() => logoutOnServer(token)).catch(() => undefined)
}
