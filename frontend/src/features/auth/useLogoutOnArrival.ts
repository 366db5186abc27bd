import { useEffect, useRef } from 'react'
import { logoutNow } from '../../app/session/logout'
import { session } from '../../app/session/sessionStore'

/** Arriving on an authentication page while logged in logs out first (once, on arrival; a signup completed here stays). */
export function useLogoutOnArrival(enabled: boolean): void {
  const loggedInOnArrival = useRef(session.isLoggedIn())
  useEffect(() => {
    if (enabled && loggedInOnArrival.current) {
      loggedInOnArrival.current = false
      logoutNow('silent')
    }
  }, [enabled])
}
