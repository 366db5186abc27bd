/**
 * The live trading data of one instrument: the caller's orders, the order book and the positions, kept current
 * by GET /api/trading/events (SSE); polling every POLL_MS only while the stream is down.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
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

export function useTrading(userId: number | null, assetId: number | null, instrumentId: string | null): TradingData {
  const [orders, setOrders] = useState<Order[]>([])
  const [book, setBook] = useState<OrderBook | null>(null)
  const [positions, setPositions] = useState<Position[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState(false)
  const [live, setLive] = useState(false)
  const alive = useRef(true)

  const reload = useCallback(async () => {
    if (userId === null) return
    try {
      const [o, b, p] = await Promise.all([
        listOrders(userId, assetId === null ? {} : { asset: assetId }),
        instrumentId ? getOrderBook(instrumentId).catch(() => null) : Promise.resolve(null),
        getPositions(userId),
      ])
      if (!alive.current) return
      // a list read from the projection may be older than an order already received: keep the newest version
      setOrders((prev) => o.map((next) => { const seen = prev.find((p) => p.id === next.id); return seen && seen.version > next.version ? seen : next }))
      setBook(b)
      setPositions(p)
      setError(false)
    } catch {
      if (alive.current) setError(true)
    } finally {
      if (alive.current) setLoading(false)
    }
  }, [userId, assetId, instrumentId])

  const patch = useCallback((next: Order) => setOrders((list) => mergeOrder(list, next)), [])

  useEffect(() => {
    alive.current = true
    void reload()
    return () => {
      alive.current = false
    }
  }, [reload])

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
            if (o.units.filled > 0) void getPositions(userId).then(setPositions, () => undefined)
          } else if (event === 'book') setBook(body as OrderBook)
          else if (event === 'window') void reload()
        } catch {
          // a malformed event is skipped; polling or the next event carries the state
        }
      },
      setLive,
    )
  }, [userId, assetId, instrumentId, patch, reload])

  useEffect(() => {
    if (live || userId === null) return undefined
    const timer = setInterval(() => void reload(), POLL_MS)
    return () => clearInterval(timer)
  }, [live, userId, reload])

  return { orders, book, positions, loading, error, live, reload, patch }
}

/** Units held of an asset (the positions' total). */
export function unitsOf(positions: Position[], assetId: number): number {
  return positions.find((p) => p.financialInstrument.assetId === assetId)?.units.total ?? 0
}
