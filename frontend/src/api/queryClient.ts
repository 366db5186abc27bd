/**
 * The app's one QueryClient: server reads are cached per key, retried by the library with exponential backoff (never
 * by reloading the page), and dropped when the session's user changes (logout, another login).
 * A 401 is not retried: the client middleware has already logged out (api/middleware.ts).
 */
import { QueryClient } from '@tanstack/react-query'
import { session } from '../app/session/sessionStore'
import { ApiError } from './errors'

export const MAX_RETRIES = 3
const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 30_000

/** Answers of the client's own fault (4xx) or an abort are final; no answer at all or a 5xx is tried again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false
  if (!(error instanceof ApiError)) return true
  return error.kind !== 'CLIENT' && error.kind !== 'CLIENT_UNAUTHORIZED' && error.kind !== 'ABORTED'
}

/** 1 s, 2 s, 4 s… at most 30 s. */
export const retryDelay = (attempt: number): number => Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS)

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // a screen shown reads its data again (as before the cache), answered cheaply by a 304 when nothing changed
      queries: { retry: shouldRetry, retryDelay, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()

// a new session (logout, another login) never sees the previous one's answers
let sessionUser = session.get().userId
session.subscribe(() => {
  const userId = session.get().userId
  if (userId === sessionUser) return
  sessionUser = userId
  queryClient.clear()
})
