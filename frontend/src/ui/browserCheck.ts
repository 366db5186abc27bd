/** Whether the browser can run the app: cookies and local storage enabled, storage not over quota (spec doc 1 §5). */
export type BrowserProblem = 'cookies' | 'storage' | 'quota'

const PROBE_KEY = '__vitrine_probe__'

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22 || error.code === 1014)
  )
}

export function browserProblem(): BrowserProblem | null {
  if (typeof navigator !== 'undefined' && navigator.cookieEnabled === false) return 'cookies'
  try {
    const storage = window.localStorage
    storage.setItem(PROBE_KEY, PROBE_KEY)
    storage.removeItem(PROBE_KEY)
    return null
  } catch (error) {
    return isQuotaError(error) ? 'quota' : 'storage'
  }
}
