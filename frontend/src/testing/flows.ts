/** Flow fixtures of the tests: a FlowState at `step` of `steps` (those before it done, those after it to do). */
import type { FlowState } from '../flows/types'

export function flowStateAt(
  steps: readonly string[],
  step: string,
  version: number,
  over: Partial<FlowState> = {},
): FlowState {
  const at = steps.indexOf(step)
  return {
    flow_id: 'f1',
    kind: 'test',
    status: 'active',
    step,
    steps: steps.map((id, i) => ({ id, state: i < at ? 'done' : i === at ? 'current' : 'todo' })),
    values: {},
    context: {},
    waiting_for: null,
    result: null,
    error: null,
    version,
    ...over,
  }
}
