import { useEffect } from 'react'
import { refreshToken } from '../../api/endpoints'
import { session } from './sessionStore'
import { scheduleTokenRefresh } from './tokenRefresh'
import { useSession } from './useSession'

/** Keeps the JWT fresh while logged in; a failed refresh logs out with the session-expired message. */
export function useTokenRefresh(): void {
  const { token } = useSession()
  useEffect(() => {
    if (!token) return undefined
    return scheduleTokenRefresh(token, {
      refresh: async (t) => (await refreshToken(t)).token,
      onToken: (fresh) => session.setToken(fresh),
      onFailure: () => session.logout('session-expired'),
      now: () => Date.now(),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (h) => window.clearTimeout(h as number),
    })
  }, [token])
}
