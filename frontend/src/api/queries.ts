/**
 * The app's server reads as TanStack Query options: each pairs its key (queryKeys.ts) with the call that reads it
 * through the generated client (endpoints.ts, funding.ts, purchase.ts, trading.ts). Components use them with
 * useQuery; a write invalidates the keys it changes.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { getAsset, getBalance, getCategories, getHomeScreen, getTradingDates, getUser } from './endpoints'
import { getFinancialStatus, getFundingSource, getTransactions, type FinancialStatus, type FundingSource, type ReceiptsPage, type Transfer } from './funding'
import { getGainLoss, getMerchProducts, getUserInvestments, type Holding } from './purchase'
import { keys } from './queryKeys'
import { getForms, type Form, type FormKind } from './statements'
import { financialAccountId, getPositions, getPriceHistory, listOrders, type Order } from './trading'
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
  /** the active groups per financial instrument, newest activity first */
  holdings: Holding[]
  exited: Holding[]
}

async function readPortfolio(userId: number): Promise<PortfolioData> {
  const [balance, source, status, investments] = await Promise.all([
    getBalance(userId),
    getFundingSource(userId),
    getFinancialStatus(userId),
    getUserInvestments(userId),
  ])
  const pendingTransfers = Array.isArray(balance.pending_info) ? balance.pending_info : []
  return { balance, pendingTransfers, source, status, holdings: investments.holdings, exited: investments.exited }
}

export const portfolioQuery = (userId: number) => queryOptions({ queryKey: keys.portfolio(userId), queryFn: () => readPortfolio(userId) })

/** The all-time gain/loss block's read, apart from the portfolio's: its failure is only logged (spec doc 3 §4.12). */
export const gainLossQuery = (userId: number) => queryOptions({ queryKey: keys.gainLoss(userId), queryFn: () => getGainLoss(userId) })

/** A statements or tax documents list; a failed read is an empty list (spec doc 3 §4, §8). */
export const formsQuery = (userId: number, kind: FormKind) =>
  queryOptions({ queryKey: keys.forms(userId, kind), queryFn: () => getForms(userId, kind).catch((): Form[] => []) })

export interface ReceiptsChunk {
  receipts: ReceiptsPage
  /** on the first page: the bank's name and tail, and whether the investor has anything at all to list (spec doc 3
   * §2.6: transfers, orders and assets all empty → back to the portfolio) */
  bank: string
  empty: boolean
}

/** The investor's orders, on the financial account the user read names (none before there is one). */
async function ordersOf(client: QueryClient, userId: number): Promise<Order[]> {
  const accountId = financialAccountId(await client.fetchQuery(userQuery(userId)))
  return accountId === null ? [] : listOrders(accountId)
}

async function readReceipts(client: QueryClient, userId: number, page: number, previous?: ReceiptsChunk): Promise<ReceiptsChunk> {
  if (previous) return { ...previous, receipts: await getTransactions(userId, page) }
  const [receipts, investments, orders, source] = await Promise.all([
    getTransactions(userId, page),
    getUserInvestments(userId),
    ordersOf(client, userId),
    getFundingSource(userId),
  ])
  const bank = source ? `${source.name || 'your bank'} ••••${source.accountNumberTail}` : 'your bank'
  const assets = investments.items.length + investments.holdings.length + investments.exited.length
  return { receipts, bank, empty: receipts.count === 0 && assets === 0 && orders.length === 0 }
}

/** Transaction History a page at a time (the next page while the last one names it). */
export const transactionsQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: keys.transactions(userId),
    initialPageParam: 1,
    queryFn: ({ pageParam, client }) => {
      const first = client.getQueryData<InfiniteData<ReceiptsChunk>>(keys.transactions(userId))?.pages[0]
      return readReceipts(client, userId, pageParam, pageParam > 1 ? first : undefined)
    },
    getNextPageParam: (last: ReceiptsChunk) => last.receipts.next_page ?? undefined,
  })

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

/** A traded asset's price history (its chart); re-read each minute while shown. */
export const priceHistoryQuery = (instrumentId: string) =>
  queryOptions({ queryKey: keys.priceHistory(instrumentId), queryFn: () => getPriceHistory(instrumentId), refetchInterval: 60_000 })

/** The investor's positions (units per instrument, offering shares included): the shares badge. */
export const positionsQuery = (accountId: string) =>
  queryOptions({ queryKey: keys.positions(accountId), queryFn: () => getPositions(accountId) })
