/**
 * The session: token and user id in local storage, plus the message to show on the login page after a logout.
 * A plain external store, so the API middleware (outside React) and components share it.
 */
import type { AuthAnswer } from '../../api/types'
import { KEYS, readKey, writeKey } from './storage'
import { LOGOUT_MESSAGES, type LogoutReason } from './logoutReasons'

export interface SessionState {
  token: string | null
  userId: number | null
  /** shown once on the login page */
  logoutMessage: string | null
}

type Listener = () => void
const listeners = new Set<Listener>()
const logoutHooks = new Set<(reason: LogoutReason) => void>()

function load(): SessionState {
  const token = readKey(KEYS.token)
  const userId = Number(readKey(KEYS.userId))
  return token && Number.isInteger(userId) && userId > 0
    ? { token, userId, logoutMessage: null }
    : { token: null, userId: null, logoutMessage: null }
}

let state: SessionState = typeof window === 'undefined' ? { token: null, userId: null, logoutMessage: null } : load()

function set(next: SessionState): void {
  state = next
  listeners.forEach((l) => l())
}

export const session = {
  get(): SessionState {
    return state
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  isLoggedIn(): boolean {
    return state.token !== null
  },
  /** Login or signup success: store the token, user id and exchange token. */
  login(answer: AuthAnswer): void {
    writeKey(KEYS.token, answer.token)
    writeKey(KEYS.userId, String(answer.user_id))
    writeKey(KEYS.exchangeToken, answer.exchange_token ?? null)
    set({ token: answer.token, userId: answer.user_id, logoutMessage: null })
  },
  /** A refreshed token from the api. */
  setToken(token: string): void {
    if (state.token === null || token === state.token) return
    writeKey(KEYS.token, token)
    set({ ...state, token })
  },
  /** Wipe the token, user id, exchange token and push token; everything else resets through the hooks. */
  logout(reason: LogoutReason = 'user'): void {
    const wasLoggedIn = state.token !== null
    writeKey(KEYS.token, null)
    writeKey(KEYS.userId, null)
    writeKey(KEYS.exchangeToken, null)
    writeKey(KEYS.firebaseToken, null)
    const message = LOGOUT_MESSAGES[reason]
    set({ token: null, userId: null, logoutMessage: message ?? (wasLoggedIn ? null : state.logoutMessage) })
    if (wasLoggedIn) logoutHooks.forEach((h) => h(reason))
  },
  clearMessage(): void {
    if (state.logoutMessage !== null) set({ ...state, logoutMessage: null })
  },
  /** Run on every logout (e.g. clear caches, tell the server). */
  onLogout(hook: (reason: LogoutReason) => void): () => void {
    logoutHooks.add(hook)
    return () => logoutHooks.delete(hook)
  },
}
