/** The flow API calls (docs/flows.md) through the app's client (JWT, app headers, 401 → logout). */
import { send, type Result } from '../api/call'
import { api } from '../api/client'
import { ApiError, errorFromResponse, readError } from '../api/errors'
import { isFlowState, isStartBody, isStepBody, type FlowState, type StepFields, type SubmitOutcome } from './types'


function flowState(result: Result): FlowState {
  if (!result.response.ok) throw errorFromResponse(result.response.status, result.error)
  if (!isFlowState(result.data)) throw new ApiError('SERVER', result.response.status, null, 'Unexpected answer')
  return result.data
}

/** Starts the caller's flow of this kind, or reopens the running one where it was; `body` is what starting needs (e.g. {asset_id}). */
export async function openFlow(kind: string, body?: StepFields): Promise<FlowState> {
  if (body && !isStartBody(body)) throw new ApiError('CLIENT', 0, null, 'Not a flow start')
  return flowState(await send(api.POST('/api/flows/{kind}', { params: { path: { kind } }, ...(body ? { body } : {}) })))
}

export async function getFlow(kind: string, flowId: string): Promise<FlowState> {
  return flowState(await send(api.GET('/api/flows/{kind}/{flow_id}', { params: { path: { kind, flow_id: flowId } } })))
}

export async function submitStep(kind: string, flowId: string, step: string, fields: StepFields): Promise<SubmitOutcome> {
  const body = { ...fields, step }
  if (!isStepBody(body)) throw new ApiError('CLIENT', 0, null, 'No step to submit')
  const result = await send(
    api.POST('/api/flows/{kind}/{flow_id}/steps/{step}', { params: { path: { kind, flow_id: flowId, step } }, body }),
  )
  if (result.response.status === 422) return { kind: 'invalid', error: readError(result.error) }
  if (result.response.status === 409) return { kind: 'moved', error: readError(result.error) }
  return { kind: 'state', state: flowState(result) }
}

export async function backFlow(kind: string, flowId: string): Promise<FlowState> {
  return flowState(await send(api.POST('/api/flows/{kind}/{flow_id}/back', { params: { path: { kind, flow_id: flowId } } })))
}

export async function closeFlow(kind: string, flowId: string): Promise<FlowState> {
  return flowState(await send(api.POST('/api/flows/{kind}/{flow_id}/close', { params: { path: { kind, flow_id: flowId } } })))
}

/** The bank-linking provider's hosted page for this user, returning to `returnUrl`. */
export async function bankLinkUrl(returnUrl: string): Promise<string> {
  const result = await send(api.POST('/api/bank-link/token', { body: { return_url: returnUrl } }))
  if (!result.response.ok) throw errorFromResponse(result.response.status, result.error)
  const url = (result.data as { url?: unknown } | undefined)?.url
  if (typeof url !== 'string' || !url) throw new ApiError('SERVER', result.response.status, null, 'No bank link address')
  return url
}
