/**
 * One flow's live state: opens it (POST /api/flows/{kind}), follows its events, and sends the person's moves
 * (submit, back, close) one at a time. A state older than the one shown (a lower version) is ignored.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAlert } from '../ui/alertContext'
import { backFlow, closeFlow, getFlow, openFlow, submitStep } from './api'
import { subscribeFlowEvents } from './events'
import type { FlowState, StepFields, SubmitOutcome } from './types'

export type Busy = 'submit' | 'back' | 'close' | 'sync' | null

export interface FlowController {
  state: FlowState | null
  /** the flow could not be opened */
  openFailed: boolean
  busy: Busy
  submit(fields: StepFields): Promise<SubmitOutcome | null>
  back(): Promise<void>
  /** back on the server until it is at `step` (or cannot go further) */
  backTo(step: string, maxSteps: number): Promise<void>
  /** leave now and finish later; true when the server kept the progress */
  close(): Promise<boolean>
  reopen(): void
}

export function useFlow(kind: string): FlowController {
  const { showFailure } = useAlert()
  const [state, setState] = useState<FlowState | null>(null)
  const [openFailed, setOpenFailed] = useState(false)
  const [busy, setBusy] = useState<Busy>(null)
  const [attempt, setAttempt] = useState(0)
  const stateRef = useRef<FlowState | null>(null)
  const busyRef = useRef<Busy>(null)

  const apply = useCallback((next: FlowState) => {
    const current = stateRef.current
    if (current && current.flow_id === next.flow_id && next.version < current.version) return
    stateRef.current = next
    setState(next)
  }, [])

  useEffect(() => {
    let cancelled = false
    setOpenFailed(false)
    openFlow(kind).then(
      (s) => (cancelled ? undefined : apply(s)),
      () => (cancelled ? undefined : setOpenFailed(true)),
    )
    return () => {
      cancelled = true
    }
  }, [kind, apply, attempt])

  const flowId = state?.flow_id
  useEffect(() => (flowId ? subscribeFlowEvents(kind, flowId, apply) : undefined), [kind, flowId, apply])

  /** Runs one move at a time; a failure without an answer shows the generic failure alert. */
  const run = useCallback(
    async <T>(label: Exclude<Busy, null>, work: (s: FlowState) => Promise<T>): Promise<T | null> => {
      const current = stateRef.current
      if (!current || busyRef.current) return null
      busyRef.current = label
      setBusy(label)
      try {
        return await work(current)
      } catch {
        void showFailure()
        return null
      } finally {
        busyRef.current = null
        setBusy(null)
      }
    },
    [showFailure],
  )

  const submit = useCallback(
    (fields: StepFields) =>
      run('submit', async (s) => {
        const outcome = await submitStep(kind, s.flow_id, s.step, fields)
        if (outcome.kind === 'state') apply(outcome.state)
        if (outcome.kind === 'moved') apply(await getFlow(kind, s.flow_id))
        return outcome
      }),
    [run, kind, apply],
  )

  const back = useCallback(async () => {
    await run('back', async (s) => apply(await backFlow(kind, s.flow_id)))
  }, [run, kind, apply])

  const backTo = useCallback(
    async (step: string, maxSteps: number) => {
      await run('sync', async (s) => {
        let current = s
        for (let i = 0; i < maxSteps && current.step !== step; i += 1) {
          const next = await backFlow(kind, s.flow_id)
          if (next.step === current.step) break
          current = next
        }
        apply(current)
      })
    },
    [run, kind, apply],
  )

  const close = useCallback(
    async () => (await run('close', async (s) => (apply(await closeFlow(kind, s.flow_id)), true))) ?? false,
    [run, kind, apply],
  )

  const reopen = useCallback(() => setAttempt((n) => n + 1), [])

  return { state, openFailed, busy, submit, back, backTo, close, reopen }
}
