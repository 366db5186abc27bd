/**
 * The app's server reads as TanStack Query options: each pairs its key (queryKeys.ts) with the call that reads it
 * through the generated client (endpoints.ts, funding.ts, purchase.ts, trading.ts). Components use them with
 * useQuery; a write invalidates the keys it changes.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getAsset, getBalance, getCategories, getHomeScreen, getTradingDates, getUser } from './endpoints'
import { getFinancialStatus, getFundingSource, getTransactions, type FinancialStatus, type FundingSource, type Transfer } from './funding'
import { getMerchProducts, getUserInvestments, type Investment } from './purchase'
import { keys } from './queryKeys'
import type { Balance } from './types'

export const userQuery = (userId: number) => queryOptions({ queryKey: keys.user(userId), queryFn: () => getUser(userId) })

export const categoriesQuery = () => queryOptions({ queryKey: keys.categories(), queryFn: getCategories })

export const assetQuery = (assetId: number) => queryOptions({ queryKey: keys.asset(assetId), queryFn: () => getAsset(assetId) })

export const homeScreenQuery = () => queryOptions({ queryKey: keys.homeScreen(), queryFn: getHomeScreen })

/** The investments calendar: re-read each minute (a session starts or an offering opens while the page is open). */
export const tradingDatesQuery = () => queryOptions({ queryKey: keys.tradingDates(), queryFn: getTradingDates, refetchInterval: 60_000 })

export interface PortfolioData {
  balance: Balance
  pendingTransfers: Transfer[]
  source: FundingSource | null
  status: FinancialStatus
  investments: Investment[]
}

async function readPortfolio(userId: number): Promise<PortfolioData> {
  const [balance, source, status, investments] = await Promise.all([
    getBalance(userId),
    getFundingSource(userId),
    getFinancialStatus(userId),
    getUserInvestments(userId),
  ])
  const pendingTransfers = Array.isArray(balance.pending_info) ? (balance.pending_info as Transfer[]) : []
  return { balance, pendingTransfers, source, status, investments }
}

export const portfolioQuery = (userId: number) => queryOptions({ queryKey: keys.portfolio(userId), queryFn: () => readPortfolio(userId) })

export interface TransactionHistory {
  items: Transfer[]
  investments: number
  bank: string
}

async function readTransactions(userId: number): Promise<TransactionHistory> {
  const [items, investments, source] = await Promise.all([getTransactions(userId), getUserInvestments(userId), getFundingSource(userId)])
  const bank = source ? `${source.name || 'your bank'} ••••${source.accountNumberTail}` : 'your bank'
  return { items, investments: investments.length, bank }
}

export const transactionsQuery = (userId: number) => queryOptions({ queryKey: keys.transactions(userId), queryFn: () => readTransactions(userId) })

/** The deposit/withdrawal gate's inputs, read fresh each time the popup opens (the user's cached copy refreshed too). */
export const fundingGateQuery = (queryClient: QueryClient, userId: number) =>
  queryOptions({
    queryKey: keys.fundingGate(userId),
    queryFn: async () => {
      const [user, status, bank] = await Promise.all([
        queryClient.fetchQuery(userQuery(userId)),
        getFinancialStatus(userId),
        getFundingSource(userId),
      ])
      return { user, status, bank }
    },
    gcTime: 0,
    retry: false,
  })

/** The store's answer for these products (a failure drops the offer: no retries). */
export const merchProductsQuery = (ids: readonly number[]) =>
  queryOptions({ queryKey: keys.merchProducts(ids), queryFn: () => getMerchProducts(ids), retry: false })
