/**
 * The live trading data of one instrument: the caller's orders, the order book and the positions, one cached query
 * kept current by GET /api/trading/events (SSE), whose events are written into the cache; the query polls every
 * POLL_MS only while the stream is down. Once the stream says `subscribed` the query is read again: a change made
 * between the first read and the subscription (an order settling as the page opens) carries no event of its own.
 * The instrument's `window` and `pricing` events are kept under keys.liveMarket (features/trading/liveMarket.ts), which the
 * asset page lays over the catalogue's copy (useLiveAsset); a `window` event also reads the windows' status again
 * (the confirm-trade popup), as does `subscribed` (a window may have moved on before the stream listened).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { keys } from '../../api/queryKeys'
import { financialAccountId, getOrderBook, getPositions, listOrders, type Order, type OrderBook, type Position } from '../../api/trading'
import type { Asset, User } from '../../api/types'
import { subscribeSse } from '../../flows/events'
import { instrumentIdOf, liveAsset, NO_MARKET, pricingOf, sameInstrument, windowOf, withWindow, type LiveMarket } from './liveMarket'
import { mergeOrder } from './orders'

export const POLL_MS = 5_000

export interface TradingData {
  orders: Order[]
  book: OrderBook | null
  positions: Position[]
  loading: boolean
  error: boolean
  live: boolean
  reload: () => Promise<void>
  patch: (order: Order) => void
}

interface TradingView {
  orders: Order[]
  book: OrderBook | null
  positions: Position[]
}

/** A list read from the projection may be older than an order already received: the newest version of each is kept. */
export function newestOrders(seen: readonly Order[], read: readonly Order[]): Order[] {
  return read.map((next) => {
    const known = seen.find((p) => p.id === next.id)
    return known && known.version > next.version ? known : next
  })
}

/** The trading data of `user` (null until the user is read): orders and positions on their financial account. */
export function useTrading(user: User | null, assetId: number | null, instrumentId: string | null): TradingData {
  const userId = user?.id ?? null
  const accountId = financialAccountId(user)
  const queryClient = useQueryClient()
  const [live, setLive] = useState(false)
  const key = useMemo(() => keys.tradingView(userId ?? 0, assetId, instrumentId), [userId, assetId, instrumentId])

  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<TradingView> => {
      const id = accountId ?? ''
      const [orders, book, positions] = await Promise.all([
        listOrders(id, assetId === null ? {} : { asset: assetId }),
        instrumentId ? getOrderBook(instrumentId).catch(() => null) : Promise.resolve(null),
        getPositions(id),
      ])
      const seen = queryClient.getQueryData<TradingView>(key)?.orders ?? []
      return { orders: newestOrders(seen, orders), book, positions }
    },
    enabled: accountId !== null,
    refetchInterval: live ? false : POLL_MS,
  })

  const write = useCallback(
    (change: (view: TradingView) => TradingView) => queryClient.setQueryData<TradingView>(key, (view) => change(view ?? { orders: [], book: null, positions: [] })),
    [queryClient, key],
  )
  const patch = useCallback((next: Order) => void write((v) => ({ ...v, orders: mergeOrder(v.orders, next) })), [write])
  const writeMarket = useCallback(
    (change: (market: LiveMarket) => LiveMarket) => {
      if (instrumentId) queryClient.setQueryData<LiveMarket>(keys.liveMarket(instrumentId), (market) => change(market ?? NO_MARKET))
    },
    [queryClient, instrumentId],
  )
  // what the stream told counts only while it is up; a stream (re)connected starts afresh (the catalogue meanwhile)
  const onLive = useCallback(
    (up: boolean) => {
      setLive(up)
      writeMarket(() => (up ? { ...NO_MARKET, live: true } : NO_MARKET))
    },
    [writeMarket],
  )
  const { refetch } = query
  const reload = useCallback(async () => {
    await refetch()
  }, [refetch])
  /** A read that starts now: one still under way (TanStack would answer with it) may predate the subscription. */
  const readAfresh = useCallback(async () => {
    await queryClient.cancelQueries({ queryKey: key, exact: true })
    await refetch()
  }, [queryClient, refetch, key])

  useEffect(() => {
    if (userId === null) return undefined
    const url = `/api/trading/events${instrumentId ? `?instrumentId=${encodeURIComponent(instrumentId)}` : ''}`
    const stop = subscribeSse(
      url,
      (data, event) => {
        try {
          const body = JSON.parse(data) as unknown
          if (event === 'order') {
            const o = body as Order
            if (assetId === null || o.asset === assetId) patch(o)
            if (o.units.filled > 0) {
              if (accountId !== null) void getPositions(accountId).then((positions) => write((v) => ({ ...v, positions })), () => undefined)
              void queryClient.invalidateQueries({ queryKey: keys.financials(userId) }) // cash and holdings moved
            }
          } else if (event === 'book') write((v) => ({ ...v, book: body as OrderBook }))
          else if (event === 'window') {
            // the window moved on (e.g. into CONFIRMATION): its status is read again (the confirm-trade popup), and
            // the instrument's page shows the market it is in now
            const id = (body as { id?: unknown }).id
            if (typeof id === 'string') void queryClient.invalidateQueries({ queryKey: keys.window(id) })
            const moved = windowOf(body)
            if (moved && sameInstrument(moved.instrument_id, instrumentId)) writeMarket((market) => withWindow(market, moved))
            void reload()
          } else if (event === 'pricing') {
            const pricing = pricingOf(body)
            if (pricing) writeMarket((market) => ({ ...market, pricing }))
          } else if (event === 'notice') {
            void queryClient.invalidateQueries({ queryKey: keys.notices(userId) }) // a "Notify me" answered: the bell reads its list
          } else if (event === 'subscribed') {
            void readAfresh()
            void queryClient.invalidateQueries({ queryKey: keys.notices(userId) }) // one may have come before the stream listened
            void queryClient.invalidateQueries({ queryKey: keys.allWindows() })
          }
        } catch {
          // a malformed event is skipped; polling or the next event carries the state
        }
      },
      onLive,
    )
    return () => {
      stop()
      writeMarket(() => NO_MARKET) // a closed stream tells nothing more
    }
  }, [userId, accountId, assetId, instrumentId, patch, write, writeMarket, onLive, reload, readAfresh, queryClient])

  const view = query.data
  return {
    orders: view?.orders ?? [],
    book: view?.book ?? null,
    positions: view?.positions ?? [],
    loading: query.isPending,
    error: query.isError,
    live,
    reload,
    patch,
  }
}

/** Units held of an asset (the positions' total). */
export function unitsOf(positions: Position[], assetId: number): number {
  return positions.find((p) => p.financialInstrument.assetId === assetId)?.units.total ?? 0
}

/** An instrument's market as its trading stream (opened by useTrading) tells it; NO_MARKET without one. */
export function useLiveMarket(instrumentId: string | null): LiveMarket {
  const market = useQuery({
    queryKey: keys.liveMarket(instrumentId ?? ''),
    queryFn: () => NO_MARKET, // never read: the stream writes it
    enabled: false,
    staleTime: Infinity,
  })
  return (instrumentId ? market.data : undefined) ?? NO_MARKET
}

/** The asset as its page shows it: the catalogue's copy with its trading stream's market laid over (liveMarket.ts). */
export function useLiveAsset(asset: Asset): Asset {
  const market = useLiveMarket(instrumentIdOf(asset))
  return liveAsset(asset, market)
}
