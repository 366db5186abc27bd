/** Loads the logged-in user (GET /api/users/{id}) for the header e-mail, access groups and notify lists. */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { getUser } from '../api/endpoints'
import type { User } from '../api/types'
import { useSession } from '../session/useSession'
import { UserContext, type UserApi } from './userContext'

export function UserProvider({ children }: { children: ReactNode }) {
  const { userId } = useSession()
  const [user, setUser] = useState<User | null>(null)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)

  const reload = useCallback(async () => {
    if (userId === null) return null
    setLoading(true)
    try {
      const fresh = await getUser(userId)
      setUser(fresh)
      setFailed(false)
      return fresh
    } catch {
      setFailed(true)
      return null
    } finally {
      setLoading(false)
    }
  }, [userId])

  useEffect(() => {
    setUser(null)
    setFailed(false)
    if (userId !== null) void reload()
  }, [userId, reload])

  const api = useMemo<UserApi>(
    () => ({ user, loading, failed, reload, patchUser: (change) => setUser((u) => (u ? change(u) : u)) }),
    [user, loading, failed, reload],
  )
  return <UserContext.Provider value={api}>{children}</UserContext.Provider>
}
