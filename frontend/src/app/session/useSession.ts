import { useSyncExternalStore } from 'react'
import { session, type SessionState } from './sessionStore'

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get)
}
