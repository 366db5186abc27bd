/**
 * The app's writes as TanStack Query mutations: each sends its call through the generated client and, once it has
 * succeeded, invalidates the reads it changed, so every screen showing them reads them again (no manual reloads).
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { TransferType } from '../domain/transfers'
import type { MerchOrder } from '../domain/merchandise'
import { track } from './analytics'
import { setNotification, type NotifyKind } from './endpoints'
import { createTransfer, removeBank, verifyMicroDeposits } from './funding'
import { createMerchOrder } from './purchase'
import { keys } from './queryKeys'
import { cancelOrder } from './trading'

function useWrite<A, T>(call: (args: A) => Promise<T>, changes: QueryKey) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changes }),
  })
}

/** A transfer started: the financials are read again and the transfer tracked (spec doc 3 §4.8). */
export const useCreateTransfer = () =>
  useWrite(async (t: { type: TransferType; amount: string }) => {
    const made = await createTransfer(t.type, t.amount)
    track(t.type === 'deposit' ? 'Transfer Deposit' : 'Transfer Withdrawal')
    return made
  }, keys.allFinancials())

export const useVerifyMicroDeposits = () =>
  useWrite((v: { value1: string; value2: string }) => verifyMicroDeposits(v.value1, v.value2), keys.allFinancials())

export const useRemoveBank = () => useWrite(() => removeBank(), keys.allFinancials())

/** Buying merchandise is paid from the Vitrine cash. */
export const useCreateMerchOrder = () => useWrite((order: MerchOrder) => createMerchOrder(order), keys.allFinancials())

export const useCancelOrder = () => useWrite((o: { accountId: string; orderId: string }) => cancelOrder(o.accountId, o.orderId), keys.allTrading())

/** The user's notify lists change: the user is read again. */
export const useSetNotification = () =>
  useWrite((n: { kind: NotifyKind; assetId: number; on: boolean }) => setNotification(n.kind, n.assetId, n.on), keys.allUsers())
