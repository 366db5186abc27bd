import { createContext, useContext } from 'react'
import type { User } from '../../api/types'

export interface UserApi {
  user: User | null
  loading: boolean
  /** the last load failed */
  failed: boolean
  reload(): Promise<User | null>
  /** optimistic change of the notify lists after a notify call */
  patchUser(change: (user: User) => User): void
}

export const UserContext = createContext<UserApi>({
  user: null,
  loading: false,
  failed: false,
  reload: async () => null,
  patchUser: () => undefined,
})

export function useUser(): UserApi {
  return useContext(UserContext)
}
