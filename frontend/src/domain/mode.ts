/** Application mode (spec doc 1 §1): the first label of the host name `early` gives special access. */
export type AppMode = 'special' | 'default'

export function modeForHost(hostname: string): AppMode {
  const first = (hostname.split(':', 1)[0] ?? '').split('.', 1)[0] ?? ''
  return first.toLowerCase() === 'early' ? 'special' : 'default'
}

export function currentMode(): AppMode {
  return typeof window === 'undefined' ? 'default' : modeForHost(window.location.hostname)
}
