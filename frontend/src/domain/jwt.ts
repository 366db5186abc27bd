/** JWT expiry and the refresh schedule (spec doc 1 §4 "Authentication", §9: 60 s margin). */
export const REFRESH_MARGIN_SECONDS = 60

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The token's payload, or null when it is not a readable JWT. */
export function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(part))
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Expiry in epoch seconds, or null. */
export function jwtExpiry(token: string): number | null {
  const exp = jwtPayload(token)?.exp
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null
}

/**
 * Milliseconds until the token should be refreshed: 60 s before expiry, 0 (now) when less than 60 s remain,
 * null when the token carries no expiry.
 */
export function refreshDelayMs(token: string, nowMs: number): number | null {
  const exp = jwtExpiry(token)
  if (exp === null) return null
  return Math.max(0, (exp - REFRESH_MARGIN_SECONDS) * 1000 - nowMs)
}
