/**
 * One flow's live state, as TanStack Query server state: the flow is a query (opened by POST /api/flows/{kind}, read
 * again by GET), the person's moves (submit, back, close) are mutations run one after the other (one mutation scope
 * per flow), and every state the event stream brings is written into the query's cache. A state older than the one
 * shown (a lower version of the same flow) is ignored. The flow is re-read (GET) only while the stream is down, with
 * back-off (`refetchInterval`: 2 s, 4 s, 8 s, ... at most 30 s; a new outage starts from 2 s; none while the tab is
 * hidden).
 */
import { keepPreviousData, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { keys } from '../api/queryKeys'
import { useAlert } from '../ui/alertContext'
import { backFlow, closeFlow, getFlow, openFlow, submitStep } from './api'
import { subscribeFlowEvents } from './events'
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

export const FALLBACK_FIRST_MS = 2_000
export const FALLBACK_MAX_MS = 30_000

/** Wait before the n-th re-read (0-based) while the event stream is down: 2 s, 4 s, 8 s, ... at most 30 s. */
export function fallbackDelayMs(attempt: number): number {
  return Math.min(FALLBACK_MAX_MS, FALLBACK_FIRST_MS * 2 ** Math.max(0, attempt))
}

/** The state to show: `next`, unless it is an older version of the flow shown. */
function newer(current: FlowState | undefined, next: FlowState): FlowState {
  return current && current.flow_id === next.flow_id && next.version < current.version ? current : next
}

/** Answers (and failed reads) the flow query has had: the back-off counts those of the current outage. */
const answers = (query: { state: { dataUpdateCount: number; errorUpdateCount: number } }) => query.state.dataUpdateCount + query.state.errorUpdateCount

/** A move's variables: `from` is the step shown when the person made it. */
interface Move {
  from: string
}

/** `start`: the body that starts the flow (e.g. make-investment's {asset_id}); another start opens that flow. */
export function useFlow(kind: string, start?: StepFields): FlowController {
  const { showFailure } = useAlert()
  const queryClient = useQueryClient()
  const startKey = start ? JSON.stringify(start) : ''
  const key = useMemo(() => keys.flow(kind, startKey), [kind, startKey])
  /** the flow whose event stream is up (none: the query re-reads with back-off) */
  const [liveFlow, setLiveFlow] = useState<string | null>(null)
  /** where the current outage's back-off counts from (null: from the next answer counted) */
  const outage = useRef<{ query: unknown; base: number } | null>(null)

  const query = useQuery({
    queryKey: key,
    // the first read opens (or reopens) the flow; the later ones read it
    queryFn: ({ queryKey }) => {
      const current = queryClient.getQueryData<FlowState>(queryKey)
      return current ? getFlow(kind, current.flow_id) : openFlow(kind, startKey ? (JSON.parse(startKey) as StepFields) : undefined)
    },
    structuralSharing: (current, next) => newer(current as FlowState | undefined, next as FlowState),
    placeholderData: keepPreviousData, // another start: the flow shown stays until the new one is open
    staleTime: Infinity, // every change comes over the stream, or from a move's answer
    gcTime: 0, // a page opened again opens its flow again
    retry: false, // a flow that cannot be opened offers 'Try again'; a failed re-read waits for the next one
    networkMode: 'always',
    refetchInterval: (q) => {
      const current = q.state.data
      if (!current || current.flow_id === liveFlow) return false
      if (outage.current?.query !== q) outage.current = { query: q, base: answers(q) }
      return fallbackDelayMs(answers(q) - outage.current.base)
    },
  })
  const state = query.data ?? null
  const flowId = query.isPlaceholderData ? undefined : state?.flow_id // the stream of the flow this key opened

  // every change reaches the page over the stream
  useEffect(() => {
    if (!flowId) return undefined
    let up = false
    return subscribeFlowEvents(
      kind,
      flowId,
      (next) => queryClient.setQueryData<FlowState>(key, (current) => newer(current, next)),
      (live) => {
        if (up && !live) outage.current = null // a new outage: the back-off starts again
        up = live
        setLiveFlow(live ? flowId : null)
      },
    )
  }, [kind, flowId, key, queryClient])

  const current = useCallback(() => queryClient.getQueryData<FlowState>(key), [queryClient, key])
  const apply = useCallback((next: FlowState) => queryClient.setQueryData<FlowState>(key, (shown) => newer(shown, next)), [queryClient, key])
  /** The moves of one flow run one after the other; each answer's state lands in the cache before the move ends. */
  const moveOptions = (label: Exclude<Busy, null>) => ({
    networkMode: 'always' as const, // tried at once, online or not: no answer shows the failure alert
    mutationKey: [...key, 'move', label],
    scope: { id: JSON.stringify(key) },
  })

  const submitMove = useMutation({
    ...moveOptions('submit'),
    mutationFn: async ({ step, fields }: Move & { step: string; fields: StepFields }): Promise<SubmitOutcome | null> => {
      const s = current()
      if (!s) return null
      const outcome = await submitStep(kind, s.flow_id, step, fields)
      if (outcome.kind === 'state') apply(outcome.state)
      else if (outcome.kind === 'moved') apply(await getFlow(kind, s.flow_id))
      return outcome
    },
  })
  /** a move that is one call answering the flow's new state */
  const oneCall = (label: 'back' | 'close', call: (kind: string, flowId: string) => Promise<FlowState>) => ({
    ...moveOptions(label),
    mutationFn: async () => {
      const s = current()
      if (s) apply(await call(kind, s.flow_id))
    },
  })
  const backMove = useMutation<void, Error, Move>(oneCall('back', backFlow))
  const syncMove = useMutation({
    ...moveOptions('sync'),
    mutationFn: async ({ step, maxSteps }: Move & { step: string; maxSteps: number }) => {
      const s = current()
      if (!s) return
      let at = s
      for (let i = 0; i < maxSteps && at.step !== step; i += 1) {
        const next = await backFlow(kind, s.flow_id)
        if (next.step === at.step) break
        at = next
      }
      apply(at)
    },
  })
  const closeMove = useMutation<void, Error, Move>(oneCall('close', closeFlow))

  // the move under way: the one of this flow's scope that is running (the others wait their turn, paused)
  const running = useMutationState({
    filters: { mutationKey: [...key, 'move'], status: 'pending', predicate: (m) => !m.state.isPaused },
    select: (m) => ({ label: m.options.mutationKey?.at(-1) as Exclude<Busy, null>, step: (m.state.variables as Move).from }),
  })
  const busy = running[0] ?? { label: null, step: null }

  // a move starts from the step shown; a failure without an answer shows the generic failure alert
  const { mutateAsync: submitAsync } = submitMove
  const { mutateAsync: backAsync } = backMove
  const { mutateAsync: syncAsync } = syncMove
  const { mutateAsync: closeAsync } = closeMove
  const from = useCallback(() => current()?.step ?? '', [current])
  const failed = useCallback(() => {
    void showFailure()
    return null
  }, [showFailure])

  const submit = useCallback(
    (step: string, fields: StepFields) => (current() ? submitAsync({ from: from(), step, fields }).catch(failed) : Promise.resolve(null)),
    [current, from, submitAsync, failed],
  )
  const back = useCallback(async () => {
    if (current()) await backAsync({ from: from() }).catch(failed)
  }, [current, from, backAsync, failed])
  const backTo = useCallback(
    async (step: string, maxSteps: number) => {
      if (current()) await syncAsync({ from: from(), step, maxSteps }).catch(failed)
    },
    [current, from, syncAsync, failed],
  )
  const close = useCallback(async () => {
    if (current()) await closeAsync({ from: from() }).catch(failed)
  }, [current, from, closeAsync, failed])

  const { refetch } = query
  const reopen = useCallback(() => void refetch(), [refetch])
  // a read never changes the flow, so it is not queued behind the moves; an older answer is dropped (`newer`)
  const refresh = useCallback(async () => {
    if (current()) await refetch()
  }, [current, refetch])

  const openFailed = query.isError && query.data === undefined
  return { state, openFailed, busy: busy.label, busyStep: busy.step, submit, back, backTo, close, reopen, refresh }
}
