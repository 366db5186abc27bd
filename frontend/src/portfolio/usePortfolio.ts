/**
 * My Portfolio's data (spec doc 3 §4.12): balance, linked bank, payment-customer status and investments. `refresh()`
 * re-reads them (after a transfer, a verification, a removal); while money is pending the balance is re-read on its
 * own, every 2 s at first and less often as time goes by, so settled cash appears without a reload.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { getBalance } from '../api/endpoints'
import { getFinancialStatus, getFundingSource, type FinancialStatus, type FundingSource, type Transfer } from '../api/funding'
import { getUserInvestments, type Investment } from '../api/purchase'
import type { Balance } from '../api/types'

export interface PortfolioData {
  balance: Balance
  pendingTransfers: Transfer[]
  source: FundingSource | null
  status: FinancialStatus
  investments: Investment[]
}

export type PortfolioState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: PortfolioData }

export interface PortfolioApi {
  state: PortfolioState
  refresh(): Promise<void>
}

const FIRST_POLL_MS = 2_000
const MAX_POLL_MS = 30_000

export function hasPending(data: PortfolioData): boolean {
  return Number(data.balance.pending) !== 0 || data.pendingTransfers.length > 0
}

async function load(userId: number): Promise<PortfolioData> {
  const [balance, source, status, investments] = await Promise.all([getBalance(userId), getFundingSource(userId), getFinancialStatus(userId), getUserInvestments(userId)])
  const pendingTransfers = Array.isArray(balance.pending_info) ? (balance.pending_info as Transfer[]) : []
  return { balance, pendingTransfers, source, status, investments }
}

export function usePortfolio(userId: number | null): PortfolioApi {
  const [state, setState] = useState<PortfolioState>({ status: 'loading' })
  const [pollMs, setPollMs] = useState(FIRST_POLL_MS)
  const live = useRef(true)
  const userRef = useRef(userId)
  userRef.current = userId

  const fetchNow = useCallback(async (firstLoad: boolean) => {
    const id = userRef.current
    if (id === null) return
    try {
      const data = await load(id)
      if (live.current && userRef.current === id) setState({ status: 'ready', data })
    } catch {
      // a failed refresh keeps what is shown; only a failed first load shows the error
      if (live.current && firstLoad) setState({ status: 'error' })
    }
  }, [])

  useEffect(() => {
    live.current = true
    setState({ status: 'loading' })
    void fetchNow(true)
    return () => {
      live.current = false
    }
  }, [userId, fetchNow])

  const refresh = useCallback(async () => {
    setPollMs(FIRST_POLL_MS)
    await fetchNow(false)
  }, [fetchNow])

  // while something is pending: poll, backing off
  const pending = state.status === 'ready' && hasPending(state.data)
  const [tick, setTick] = useState(0)
  useEffect(() => {
    if (!pending) return undefined
    let cancelled = false
    const timer = setTimeout(async () => {
      if (document.visibilityState !== 'hidden') await fetchNow(false)
      if (cancelled) return
      setPollMs((ms) => Math.min(MAX_POLL_MS, Math.round(ms * 1.25)))
      setTick((t) => t + 1)
    }, pollMs)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [pending, pollMs, tick, fetchNow])

  return { state, refresh }
}

export const PortfolioContext = createContext<PortfolioApi | null>(null)

export function usePortfolioContext(): PortfolioApi {
  const api = useContext(PortfolioContext)
  if (!api) throw new Error('usePortfolioContext outside My Portfolio')
  return api
}
