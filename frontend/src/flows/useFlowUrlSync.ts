/**
 * Keeps the URL in step with the flow. The server's step goes into the URL (a move forward adds a history entry,
 * anything else replaces it); a completed flow follows `result.redirect`. When the browser goes back or forward
 * (a POP), a previous step's URL sends POST .../back until the server is there, and a later or unknown one is
 * corrected to the server's step.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate, useNavigationType } from 'react-router'
import { resyncAction, stepFromPath, stepPath, visibleSteps } from './paths'
import type { FlowController } from './useFlow'

/** `search` (e.g. '?asset=12') stays on every step's URL, so a reload reopens the same flow. */
export function useFlowUrlSync(flow: FlowController, base: string, exitTo: string, search = ''): void {
  const { state, busy, backTo } = flow
  const location = useLocation()
  const navigationType = useNavigationType()
  const navigate = useNavigate()
  const lastStep = useRef<string | null>(null)
  const deferred = useRef<string | null>(null) // a history move that came while the flow was busy, handled once idle
  const pathname = useRef(location.pathname)
  pathname.current = location.pathname

  // server → URL
  const step = state?.step
  const status = state?.status
  const redirect = state?.result?.redirect
  const steps = state?.steps
  useEffect(() => {
    if (!step || !steps || busy === 'sync') return
    if (status === 'completed') {
      navigate(redirect || exitTo, { replace: true })
      return
    }
    const ids = visibleSteps(steps).map((s) => s.id)
    const forward = lastStep.current !== null && ids.indexOf(step) > ids.indexOf(lastStep.current)
    lastStep.current = step
    const target = stepPath(base, step)
    if (pathname.current !== target) navigate({ pathname: target, search }, { replace: !forward })
  }, [step, status, redirect, steps, busy, base, exitTo, search, navigate])

  // URL → server (browser history moves, or a link to a step that is not the server's). A move that arrives while
  // the flow is busy (a step's new state can arrive over SSE before its own answer) waits for the flow to be idle.
  const key = location.key
  const stateRef = useRef(state)
  stateRef.current = state
  const resync = useRef<() => void>(() => undefined)
  resync.current = () => {
    const current = stateRef.current
    if (!current || current.status === 'completed') return
    const urlStep = stepFromPath(base, location.pathname)
    const action = resyncAction(current.steps, current.step, urlStep)
    if (action === 'none') return
    if (action === 'back' && navigationType === 'POP' && urlStep !== null) {
      void backTo(urlStep, current.steps.length)
      return
    }
    navigate({ pathname: stepPath(base, current.step), search }, { replace: true })
  }
  useEffect(() => {
    // only a change of location starts this; the flow's own moves are handled above
    deferred.current = null
    if (busy !== null) {
      deferred.current = key
      return
    }
    resync.current()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  useEffect(() => {
    if (busy !== null || deferred.current !== key) return
    deferred.current = null
    resync.current()
  }, [busy, key])
}
