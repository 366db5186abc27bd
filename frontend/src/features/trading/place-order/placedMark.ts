/** The review step marks the moment an order was sent, so the summary that follows waits out the result delay first. */
const key = (flowId: string) => `orderPlaced:${flowId}`

export function markPlaced(flowId: string, now: number = Date.now()): void {
  try {
    sessionStorage.setItem(key(flowId), String(now))
  } catch {
    // storage blocked: the summary shows at once
  }
}

/** How long the summary should still wait (ms), and forget the mark. */
export function takeDelay(flowId: string, delayMs: number, now: number = Date.now()): number {
  try {
    const at = Number(sessionStorage.getItem(key(flowId)))
    sessionStorage.removeItem(key(flowId))
    return Number.isFinite(at) && at > 0 ? Math.max(0, Math.min(delayMs, delayMs - (now - at))) : 0
  } catch {
    return 0
  }
}
