/**
 * My Portfolio's data (spec doc 3 §4.12): balance, linked bank, payment-customer status and investments, one cached
 * query, read again after a transfer, a verification or a removal (their mutations invalidate it). While money is
 * pending the query re-reads itself, every 2 s at first (again after each new pending transfer) and less often as
 * time goes by, so settled cash appears without a reload. A failed first load shows the error with a retry; a failed
 * refresh keeps what is shown.
 */
import { useQuery } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useRef } from 'react'
import { portfolioQuery, type PortfolioData } from '../../api/queries'

export type { PortfolioData } from '../../api/queries'

export type PortfolioState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: PortfolioData }

export interface PortfolioApi {
  state: PortfolioState
  /** the first load failed: try it again */
  retry(): void
  retrying: boolean
}

export const FIRST_POLL_MS = 2_000
export const MAX_POLL_MS = 30_000

export function hasPending(data: PortfolioData): boolean {
  return Number(data.balance.pending) !== 0 || data.pendingTransfers.length > 0
}

/**
 * The wait before the next read while money has been pending for `pendingForMs`: 2 s at first, each wait a quarter
 * longer than the one before (a quarter of the time waited so far), at most 30 s.
 */
export function pendingPollMs(pendingForMs: number): number {
  return Math.min(MAX_POLL_MS, Math.round(FIRST_POLL_MS + Math.max(0, pendingForMs) / 4))
}

export function usePortfolio(userId: number | null): PortfolioApi {
  const pendingSince = useRef<number | null>(null)
  const pendingCount = useRef(0)
  const query = useQuery({
    ...portfolioQuery(userId ?? 0),
    enabled: userId !== null,
    refetchInterval: (q) => {
      const data = q.state.data
      if (!data || !hasPending(data)) {
        pendingSince.current = null
        pendingCount.current = 0
        return false
      }
      const now = Date.now()
      if (data.pendingTransfers.length > pendingCount.current) pendingSince.current = now
      pendingCount.current = data.pendingTransfers.length
      pendingSince.current ??= now
      return pendingPollMs(now - pendingSince.current)
    },
  })
  const { refetch } = query

  const retry = useCallback(() => void refetch(), [refetch])

  const state: PortfolioState = query.data ? { status: 'ready', data: query.data } : query.isError ? { status: 'error' } : { status: 'loading' }
  return { state, retry, retrying: query.isFetching }
}

export const PortfolioContext = createContext<PortfolioApi | null>(null)

export function usePortfolioContext(): PortfolioApi {
  const api = useContext(PortfolioContext)
  if (!api) throw new Error('usePortfolioContext outside My Portfolio')
  return api
}
