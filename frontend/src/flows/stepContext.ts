/** What a step component gets from the flow renderer: the state, the moves it may make, and whether one is running. */
import { createContext, useContext, type ComponentType } from 'react'
import type { Busy } from './useFlow'
import type { FlowState, StepFields, SubmitOutcome } from './types'

export interface FlowStepApi {
  state: FlowState
  /** the step's saved values (FlowState.values) */
  values: Record<string, unknown>
  /** the step's read-only data (FlowState.context) */
  context: Record<string, unknown>
  busy: Busy
  submit(fields: StepFields): Promise<SubmitOutcome | null>
  /** null when this step offers no Back */
  back: (() => void) | null
  /** reads the flow again (a step waiting on something outside the browser polls with it) */
  refresh(): Promise<void>
}

export const FlowStepContext = createContext<FlowStepApi | null>(null)

export function useFlowStep(): FlowStepApi {
  const api = useContext(FlowStepContext)
  if (!api) throw new Error('useFlowStep outside a flow step')
  return api
}

export interface StepDefinition {
  /** the step's heading (the page title too) */
  title: string | ((state: FlowState) => string)
  component: ComponentType
  /** false: no Back button on this step (default true) */
  back?: boolean
  /** true: the page is wider on this step (a document to read) */
  wide?: boolean
}

export type StepRegistry = Readonly<Record<string, StepDefinition>>

export function stepTitle(definition: StepDefinition | undefined, state: FlowState): string {
  if (!definition) return ''
  return typeof definition.title === 'function' ? definition.title(state) : definition.title
}
