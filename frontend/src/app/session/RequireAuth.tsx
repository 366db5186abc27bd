import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession } from './useSession'

/** Logged-out visitors reach only the public pages: anything else goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession()
  const location = useLocation()
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />
  return <>{children}</>
}
