import { useEffect } from 'react'
import { Navigate } from 'react-router'
import { logoutNow } from '../session/logout'
import { session } from '../session/sessionStore'

/** /app/logout: logs out, then goes to /login. */
export function LogoutPage() {
  useEffect(() => {
    if (session.isLoggedIn()) logoutNow('user')
  }, [])
  return <Navigate to="/login" replace />
}
