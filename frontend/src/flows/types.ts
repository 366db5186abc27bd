import type { ReadError } from '../api/errors'
import type { components } from '../api/schema.gen'

/** The flow API's shapes (docs/flows.md): one FlowState for every wizard. */
export type FlowStatus = 'active' | 'waiting' | 'completed' | 'closed' | 'failed'
export type StepState = 'done' | 'current' | 'todo' | 'skipped'

export interface FlowStepView {
  id: string
  state: StepState
}

/** A flow's error (title, message, and `action`: where the browser should go to fix it, e.g. /app/document). */
export type FlowError = components['schemas']['FlowError']

/**
 * The FlowState as the api's OpenAPI declares it (generated from the one model, workflows/flow_core.FlowState), with
 * what the server documents in words narrowed: the status and step states are closed sets, a result has an outcome.
 */
export type FlowState = Omit<components['schemas']['FlowState'], 'status' | 'steps' | 'result'> & {
  status: FlowStatus
  steps: FlowStepView[]
  result: { outcome: string; redirect?: string | null; [key: string]: unknown } | null
}

export type StepFields = Record<string, unknown>

/** What a step submission came to. */
export type SubmitOutcome =
  | { kind: 'state'; state: FlowState }
  /** 422: nothing saved, the step is unchanged; `error` has the field errors and the messages (api/errors.ts) */
  | { kind: 'invalid'; error: ReadError }
  /** 409: the step is no longer the current one (the flow moved on elsewhere) */
  | { kind: 'moved'; error: ReadError }

export function isFlowState(value: unknown): value is FlowState {
  const v = value as Partial<FlowState> | null
  return Boolean(v && typeof v === 'object' && typeof v.flow_id === 'string' && typeof v.step === 'string' && Array.isArray(v.steps))
}
