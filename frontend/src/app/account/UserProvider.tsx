/** The logged-in user (GET /api/users/{id}, a cached query) for the header e-mail, access groups and notify lists. */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, type ReactNode } from 'react'
import { userQuery } from '../../api/queries'
import { keys } from '../../api/queryKeys'
import type { User } from '../../api/types'
import { useSession } from '../session/useSession'
import { UserContext, type UserApi } from './userContext'

export function UserProvider({ children }: { children: ReactNode }) {
  const { userId } = useSession()
  const queryClient = useQueryClient()
  const query = useQuery({ ...userQuery(userId ?? 0), enabled: userId !== null })
  const { refetch } = query
  const user = userId === null ? null : (query.data ?? null)

  const reload = useCallback(async (): Promise<User | null> => {
    if (userId === null) return null
    const result = await refetch()
    return result.isError ? null : (result.data ?? null)
  }, [userId, refetch])

  const patchUser = useCallback(
    (change: (u: User) => User) => {
      if (userId !== null) queryClient.setQueryData<User>(keys.user(userId), (u) => (u ? change(u) : u))
    },
    [userId, queryClient],
  )

  const api = useMemo<UserApi>(
    () => ({ user, loading: query.isFetching, failed: query.isError, reload, patchUser }),
    [user, query.isFetching, query.isError, reload, patchUser],
  )
  return <UserContext.Provider value={api}>{children}</UserContext.Provider>
}
