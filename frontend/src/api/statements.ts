/**
 * Statements and tax documents (spec doc 3 §7 "Portfolio and funding"): the two lists of {fileKey, displayName} and
 * one document's short-lived address (the same call for a tax document's key).
 */
import { call } from './call'
import { api } from './client'
import type { components } from './schema.gen'

export type Form = components['schemas']['FormOut']
export type FormKind = 'statements' | 'taxforms'

const user = (id: number) => ({ params: { path: { user_id: id } } })

export const getForms = (userId: number, kind: FormKind) =>
  kind === 'statements'
    ? call(api.GET('/api/users/{user_id}/financials/forms/statements', user(userId)))
    : call(api.GET('/api/users/{user_id}/financials/forms/taxforms', user(userId)))

export const getFormUrl = (userId: number, fileKey: string) =>
  call(
    api.GET('/api/users/{user_id}/financials/forms/statements/{file_key}', { params: { path: { user_id: userId, file_key: fileKey } } }),
  )
