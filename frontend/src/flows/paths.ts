/** Step ids ↔ URLs (`/app/onboarding/{step}`, the intro step at the flow's root) and the browser-history resync rule. */
import type { FlowStepView } from './types'

export const INDEX_STEP = 'intro'

export function stepPath(base: string, step: string): string {
  return step === INDEX_STEP ? base : `${base}/${step}`
}

/** The step a pathname names below `base` (the root is the intro step); null when it is not below `base`. */
export function stepFromPath(base: string, pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '')
  if (path === base) return INDEX_STEP
  if (!path.startsWith(`${base}/`)) return null
  const rest = path.slice(base.length + 1)
  return rest && !rest.includes('/') ? decodeURIComponent(rest) : null
}

/** The steps that apply (not skipped), in order. */
export function visibleSteps(steps: readonly FlowStepView[]): FlowStepView[] {
  return steps.filter((s) => s.state !== 'skipped')
}

export type Resync = 'none' | 'back' | 'replace'

/**
 * The browser moved to `urlStep` while the server is at `current`: a previous step that applies → go back on the
 * server until they match; anything else (a later or unknown step) → put the server's step in the URL.
 */
export function resyncAction(steps: readonly FlowStepView[], current: string, urlStep: string | null): Resync {
  if (urlStep === current) return 'none'
  const ids = visibleSteps(steps).map((s) => s.id)
  const target = urlStep === null ? -1 : ids.indexOf(urlStep)
  const here = ids.indexOf(current)
  return target !== -1 && here !== -1 && target < here ? 'back' : 'replace'
}

/** Position of the current step among those that apply: { index (1-based), count }. */
export function progressOf(steps: readonly FlowStepView[], current: string): { index: number; count: number } {
  const ids = visibleSteps(steps).map((s) => s.id)
  return { index: Math.max(0, ids.indexOf(current)) + 1, count: ids.length }
}
