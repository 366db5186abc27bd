/**
 * Keeps the URL in step with the flow. The server's step goes into the URL (a move forward adds a history entry,
 * anything else replaces it); a completed flow follows `result.redirect`. When the browser goes back or forward
 * (a POP: React Router's, or the browser's popstate, see below), a previous step's URL sends POST .../back until the
 * server is there, and a later or unknown one is corrected to the server's step. The server's step goes into the URL
 * only when it changes: a state that arrives again with the same step (the stream, a poll, a move's own answer) must
 * not undo a history move still waiting for the flow to be idle.
 */
import { useEffect, useEffectEvent, useRef } from 'react'
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
    if (step === lastStep.current) return // the URL side (below) keeps the URL on an unchanged step
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
  const busyRef = useRef(busy)
  busyRef.current = busy
  /** The server's step into the URL (replacing), unless it is there already. */
  const settle = () => {
    const current = stateRef.current
    if (!current || current.status === 'completed') return
    const target = stepPath(base, current.step)
    if (pathname.current !== target) navigate({ pathname: target, search }, { replace: true })
  }
  const resync = useRef<(path: string, pop: boolean) => void>(() => undefined)
  resync.current = (path, pop) => {
    const current = stateRef.current
    if (!current || current.status === 'completed') return
    const urlStep = stepFromPath(base, path)
    const action = resyncAction(current.steps, current.step, urlStep)
    if (action === 'none') return
    if (action === 'back' && pop && urlStep !== null) {
      // where the server could not go back that far (a step that cannot be undone), the URL shows where it is
      void backTo(urlStep, current.steps.length).then(settle)
      return
    }
    settle()
  }
  const deferred = useRef<(() => void) | null>(null) // a move that came while the flow was busy, made once idle
  const request = useRef((move: () => void) => {
    deferred.current = busyRef.current === null ? null : move
    if (deferred.current === null) move()
  })
  const onLocation = useEffectEvent(() => {
    const path = location.pathname
    const pop = navigationType === 'POP'
    request.current(() => resync.current(path, pop))
  })
  useEffect(() => {
    // a change of the rendered location (a link, or a history move React Router committed): each has its own key
    onLocation()
  }, [key])
  useEffect(() => {
    // a browser history move, from the browser's URL: React Router commits a location in a transition, so our push of
    // the next step that the browser's back overtakes never renders, and the location (its key) comes back unchanged
    // (a move out of the wizard is the router's alone: the wizard unmounts)
    const onPop = () => {
      const path = window.location.pathname
      if (stepFromPath(base, path) !== null) request.current(() => resync.current(path, true))
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [base])
  useEffect(() => {
    if (busy !== null || deferred.current === null) return
    const move = deferred.current
    deferred.current = null
    move()
  }, [busy])
}
