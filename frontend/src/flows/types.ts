/** The flow API's shapes (docs/flows.md): one FlowState for every wizard. */
export type FlowStatus = 'active' | 'waiting' | 'completed' | 'closed' | 'failed'
export type StepState = 'done' | 'current' | 'todo' | 'skipped'

export interface FlowStepView {
  id: string
  state: StepState
}

export interface FlowError {
  title: string
  message: string
  /** where the browser should go to fix it (e.g. /app/document) */
  action?: string | null
}

export interface FlowState {
  flow_id: string
  kind: string
  status: FlowStatus
  step: string
  steps: FlowStepView[]
  /** the current step's saved values */
  values: Record<string, unknown>
  /** read-only data the current step shows */
  context: Record<string, unknown>
  waiting_for: string | null
  result: { outcome: string; redirect?: string | null } | null
  error: FlowError | null
  version: number
}

export type StepFields = Record<string, unknown>

/** What a step submission came to. */
export type SubmitOutcome =
  | { kind: 'state'; state: FlowState }
  /** 422: nothing saved, the step is unchanged */
  | { kind: 'invalid'; errors: Record<string, string>; message: string }
  /** 409: the step is no longer the current one (the flow moved on elsewhere) */
  | { kind: 'moved'; message: string }

export function isFlowState(value: unknown): value is FlowState {
  const v = value as Partial<FlowState> | null
  return Boolean(v && typeof v === 'object' && typeof v.flow_id === 'string' && typeof v.step === 'string' && Array.isArray(v.steps))
}
