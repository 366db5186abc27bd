/**
 * One flow's live state: opens it (POST /api/flows/{kind}), follows its events, and sends the person's moves
 * (submit, back, close) one after the other. A state older than the one shown (a lower version) is ignored. Every
 * change, the person's or one the workflow made by itself, comes over the stream; it is re-read (GET) only while
 * the stream is down, with back-off.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAlert } from '../ui/alertContext'
import { backFlow, closeFlow, getFlow, openFlow, submitStep } from './api'
import { subscribeFlowEvents } from './events'
import { createFallbackPoller } from './fallbackPolling'
import type { FlowState, StepFields, SubmitOutcome } from './types'

export type Busy = 'submit' | 'back' | 'close' | 'sync' | null

export interface FlowController {
  state: FlowState | null
  /** the flow could not be opened */
  openFailed: boolean
  /** the move under way, and the step it started from */
  busy: Busy
  busyStep: string | null
  /** sends `step`'s fields (a step that is no longer current gets a 409: the flow is then re-read) */
  submit(step: string, fields: StepFields): Promise<SubmitOutcome | null>
  back(): Promise<void>
  /** back on the server until it is at `step` (or cannot go further) */
  backTo(step: string, maxSteps: number): Promise<void>
  /** leave now and finish later (progress is kept) */
  close(): Promise<void>
  reopen(): void
  /** reads the flow again (GET) now; the hook itself does so only while the event stream is down */
  refresh(): Promise<void>
}

interface Move<T> {
  value: T
  state?: FlowState
}

/** `start`: the body that starts the flow (e.g. make-investment's {asset_id}); another start opens that flow. */
export function useFlow(kind: string, start?: StepFields): FlowController {
  const { showFailure } = useAlert()
  const [state, setState] = useState<FlowState | null>(null)
  const [openFailed, setOpenFailed] = useState(false)
  const [busy, setBusy] = useState<{ label: Busy; step: string | null }>({ label: null, step: null })
  const [attempt, setAttempt] = useState(0)
  const stateRef = useRef<FlowState | null>(null)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const startKey = start ? JSON.stringify(start) : ''

  const apply = useCallback((next: FlowState) => {
    const current = stateRef.current
    if (current && current.flow_id === next.flow_id && next.version < current.version) return
    stateRef.current = next
    setState(next)
  }, [])

  useEffect(() => {
    let cancelled = false
    setOpenFailed(false)
    const body = startKey ? (JSON.parse(startKey) as StepFields) : undefined
    openFlow(kind, body).then(
      (s) => (cancelled ? undefined : apply(s)),
      () => (cancelled ? undefined : setOpenFailed(true)),
    )
    return () => {
      cancelled = true
    }
  }, [kind, startKey, apply, attempt])

  // not queued behind the moves: a read never changes the flow, and an older answer is dropped by `apply`
  const refresh = useCallback(async () => {
    const current = stateRef.current
    if (!current) return
    try {
      apply(await getFlow(kind, current.flow_id))
    } catch {
      // the next poll or event brings it
    }
  }, [apply, kind])

  // every change reaches the page over the stream; polling only while it is down (fallbackPolling.ts)
  const flowId = state?.flow_id
  const refreshRef = useRef(refresh)
  refreshRef.current = refresh
  useEffect(() => {
    if (!flowId) return undefined
    const poller = createFallbackPoller(() => refreshRef.current())
    poller.setLive(false) // until the stream is up
    const unsubscribe = subscribeFlowEvents(kind, flowId, apply, (live) => poller.setLive(live))
    return () => {
      unsubscribe()
      poller.stop()
    }
  }, [kind, flowId, apply])

  /**
   * Runs a move after the ones before it. Its new state and the end of `busy` land in the same render, so a new
   * step never shows a stale spinner; a failure without an answer shows the generic failure alert.
   */
  const run = useCallback(
    <T>(label: Exclude<Busy, null>, work: (s: FlowState) => Promise<Move<T>>): Promise<T | null> => {
      const next = queue.current.then(async () => {
        const current = stateRef.current
        if (!current) return null
        setBusy({ label, step: current.step })
        try {
          const move = await work(current)
          setBusy({ label: null, step: null })
          if (move.state) apply(move.state)
          return move.value
        } catch {
          setBusy({ label: null, step: null })
          void showFailure()
          return null
        }
      })
      queue.current = next
      return next
    },
    [apply, showFailure],
  )

  const submit = useCallback(
    (step: string, fields: StepFields) =>
      run('submit', async (s): Promise<Move<SubmitOutcome>> => {
        const outcome = await submitStep(kind, s.flow_id, step, fields)
        if (outcome.kind === 'state') return { value: outcome, state: outcome.state }
        if (outcome.kind === 'moved') return { value: outcome, state: await getFlow(kind, s.flow_id) }
        return { value: outcome }
      }),
    [run, kind],
  )

  const back = useCallback(async () => {
    await run('back', async (s) => ({ value: null, state: await backFlow(kind, s.flow_id) }))
  }, [run, kind])

  const backTo = useCallback(
    async (step: string, maxSteps: number) => {
      await run('sync', async (s) => {
        let current = s
        for (let i = 0; i < maxSteps && current.step !== step; i += 1) {
          const next = await backFlow(kind, s.flow_id)
          if (next.step === current.step) break
          current = next
        }
        return { value: null, state: current }
      })
    },
    [run, kind],
  )

  const close = useCallback(async () => {
    await run('close', async (s) => ({ value: null, state: await closeFlow(kind, s.flow_id) }))
  }, [run, kind])

  const reopen = useCallback(() => setAttempt((n) => n + 1), [])

  return { state, openFailed, busy: busy.label, busyStep: busy.step, submit, back, backTo, close, reopen, refresh }
}
