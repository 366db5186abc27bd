import { useEffect, useState } from 'react'
import { Navigate } from 'react-router'
import { logoutNow } from '../../app/session/logout'
import { session } from '../../app/session/sessionStore'

/** /app/logout: logs out, then goes to /login. */
export function LogoutPage() {
  const [done, setDone] = useState(false)
  useEffect(() => {
    if (session.isLoggedIn()) logoutNow('user')
    setDone(true)
  }, [])
  return done ? <Navigate to="/login" replace /> : null
}
