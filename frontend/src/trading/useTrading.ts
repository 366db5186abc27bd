/**
 * The live trading data of one instrument: the caller's orders, the order book and the positions, one cached query
 * kept current by GET /api/trading/events (SSE), whose events are written into the cache; the query polls every
 * POLL_MS only while the stream is down. Once the stream says `subscribed` the query is read again: a change made
 * between the first read and the subscription (an order settling as the page opens) carries no event of its own.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { keys } from '../api/queryKeys'
import { getOrderBook, getPositions, listOrders, type Order, type OrderBook, type Position } from '../api/trading'
import { subscribeSse } from '../flows/events'
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

export function useTrading(userId: number | null, assetId: number | null, instrumentId: string | null): TradingData {
  const queryClient = useQueryClient()
  const [live, setLive] = useState(false)
  const key = keys.tradingView(userId ?? 0, assetId, instrumentId)

  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<TradingView> => {
      const id = userId ?? 0
      const [orders, book, positions] = await Promise.all([
        listOrders(id, assetId === null ? {} : { asset: assetId }),
        instrumentId ? getOrderBook(instrumentId).catch(() => null) : Promise.resolve(null),
        getPositions(id),
      ])
      const seen = queryClient.getQueryData<TradingView>(key)?.orders ?? []
      return { orders: newestOrders(seen, orders), book, positions }
    },
    enabled: userId !== null,
    refetchInterval: live ? false : POLL_MS,
  })

  const write = useCallback(
    (change: (view: TradingView) => TradingView) => queryClient.setQueryData<TradingView>(key, (view) => change(view ?? { orders: [], book: null, positions: [] })),
    // the key's parts are the dependencies
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, userId, assetId, instrumentId],
  )
  const patch = useCallback((next: Order) => void write((v) => ({ ...v, orders: mergeOrder(v.orders, next) })), [write])
  const { refetch } = query
  const reload = useCallback(async () => {
    await refetch()
  }, [refetch])
  /** A read that starts now: one still under way (TanStack would answer with it) may predate the subscription. */
  const readAfresh = useCallback(async () => {
    await queryClient.cancelQueries({ queryKey: key, exact: true })
    await refetch()
    // the key's parts are the dependencies
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, refetch, userId, assetId, instrumentId])

  useEffect(() => {
    if (userId === null) return undefined
    const url = `/api/trading/events${instrumentId ? `?instrumentId=${encodeURIComponent(instrumentId)}` : ''}`
    return subscribeSse(
      url,
      (data, event) => {
        try {
          const body = JSON.parse(data) as unknown
          if (event === 'order') {
            const o = body as Order
            if (assetId === null || o.asset === assetId) patch(o)
            if (o.units.filled > 0) {
              void getPositions(userId).then((positions) => write((v) => ({ ...v, positions })), () => undefined)
              void queryClient.invalidateQueries({ queryKey: keys.financials(userId) }) // cash and holdings moved
            }
          } else if (event === 'book') write((v) => ({ ...v, book: body as OrderBook }))
          else if (event === 'window') {
            // the window moved on (e.g. into CONFIRMATION): its status is read again (the confirm-trade popup)
            const id = (body as { id?: unknown }).id
            if (typeof id === 'string') void queryClient.invalidateQueries({ queryKey: keys.window(id) })
            void reload()
          }
          else if (event === 'subscribed') void readAfresh()
        } catch {
          // a malformed event is skipped; polling or the next event carries the state
        }
      },
      setLive,
    )
  }, [userId, assetId, instrumentId, patch, write, reload, readAfresh, queryClient])

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
