/**
 * Funding calls (spec doc 3 §7 "Portfolio and funding", doc 2 §7): the financial reads, transfers, micro-deposits,
 * bank removal and the identity document upload (request an upload address, PUT the file there).
 */
import { call } from './call'
import { api } from './client'
import { ApiError } from './errors'
import type { components } from './schema.gen'
import type { TransferType } from '../domain/transfers'


type Schemas = components['schemas']

/** The verified or pending bank (status verified, unverified, verification_failed…). */
export type FundingSource = Schemas['FundingSourceInfo']
export type FinancialStatus = Schemas['FinancialStatusOut']
/** A deposit or withdrawal (`type`, a TransferType the schema types as a string; `source_name` 'bank' or 'balance',
 * the Vitrine account). */
export type Transfer = Schemas['TransferOut']

const user = (id: number) => ({ params: { path: { user_id: id } } })

export const getFundingSource = async (userId: number): Promise<FundingSource | null> =>
  (await call(api.GET('/api/users/{user_id}/financials/funding-source', user(userId)))).info ?? null

export const getFinancialStatus = (userId: number) => call(api.GET('/api/users/{user_id}/financials/status', user(userId)))

export type Receipt = Schemas['ReceiptOut']
export type ReceiptsPage = Schemas['TransactionsOut']

/** One page of receipts, newest first (GET /api/users/{id}/financials/transactions). */
export const getTransactions = (userId: number, page = 1) =>
  call(api.GET('/api/users/{user_id}/financials/transactions', { params: { path: { user_id: userId }, query: { page } } }))

export const createTransfer = (type: TransferType, amount: string) =>
  call(api.POST('/api/dwolla/transfers/', { body: { type, amount } }))

export const verifyMicroDeposits = (value1: string, value2: string) =>
  call(api.POST('/api/dwolla/micro-deposits/', { body: { value1, value2 } }))

export const removeBank = () => call(api.DELETE('/api/dwolla/bank-funding-source/'))

export const requestUpload = (body: { file_name: string; content_type: string; document_type: string }) =>
  call(api.POST('/api/users/files/', { body }))

/** PUTs the file to its upload address with its content type; resolves on HTTP 200 only. */
export function putFile(url: string, file: Blob, contentType: string, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    xhr.setRequestHeader('Content-Type', contentType)
    xhr.timeout = 120_000
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new ApiError(xhr.status >= 500 ? 'SERVER' : 'CLIENT', xhr.status, null)))
    xhr.onerror = () => reject(new ApiError('UNKNOWN_ONLINE', null, null, 'The upload failed'))
    xhr.ontimeout = () => reject(new ApiError('NETWORK_TIMEOUT', null, null, 'The upload timed out'))
    xhr.send(file)
  })
}
