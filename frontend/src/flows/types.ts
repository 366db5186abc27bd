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

type Schemas = components['schemas']
/** A step's body as the OpenAPI declares it (api/flow_bodies.py): per wizard a union discriminated by `step`. */
export type FlowStepBody =
  | Schemas['OnboardingStepBody']
  | Schemas['FundAccountStepBody']
  | Schemas['DocumentUploadStepBody']
  | Schemas['MakeInvestmentStepBody']
  | Schemas['PlaceOrderStepBody']
/** One step's body: `StepBody<'ssn'>` is the ssn step's fields and its `step`. */
export type StepBody<S extends FlowStepBody['step']> = Extract<FlowStepBody, { step: S }>
/** What a step's form sends: its step body's fields (the api adds `step`, the one the flow is on). */
export type StepPayload<S extends FlowStepBody['step']> = Omit<StepBody<S>, 'step'>
/** What starting a flow sends (a purchase its asset, an order wizard its asset and side or the order it edits). */
export type FlowStartBody = Schemas['FlowStartBody']

const absent = (v: unknown): boolean => v === undefined || v === null

/** A start body as the OpenAPI declares it: each key absent or of its type. */
export function isStartBody(value: StepFields): value is FlowStartBody {
  const { asset_id: asset, side, order_id: order } = value
  return (absent(asset) || typeof asset === 'number') && (absent(side) || side === 'BID' || side === 'ASK') &&
    (absent(order) || typeof order === 'string')
}

/**
 * The step's fields with its `step` as a step body: the renderer's fields are whatever the step's form holds, and
 * the server judges them (422 with the step's messages); what is checked here is the discriminator.
 */
export function isStepBody(value: StepFields): value is FlowStepBody {
  return typeof value.step === 'string' && value.step !== ''
}

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
