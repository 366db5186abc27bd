/** Local storage keys (spec doc 1 §9) and safe access to them. */
export const KEYS = {
  token: 'token',
  userId: 'user_id',
  exchangeToken: 'exchange_token',
  firebaseToken: 'firebase_token',
  firstLaunch: 'firstLaunch',
  notifiedOnTradingApproved: 'notifiedOnTradingApproved',
  atsEducationalCards: 'atsEducationalCards',
  openedOfferings: 'openedOfferings',
  closedBanners: 'closedBanners',
} as const

export function readKey(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeKey(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // storage blocked or full: the browser guard reports it at start-up
  }
}
