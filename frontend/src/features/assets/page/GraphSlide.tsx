/**
 * The Graph slide (spec doc 3 §2.1, §3 "Chart"): 'SIMILAR ASSET SALES' (the asset's value history; prices not
 * adjusted for inflation) and, for a traded asset, 'TRADING ON VITRINE' (its closes from .../pricing/history), over
 * 1M / 3M / 6M / 1Y / ALL. The chart itself loads on first show (its own chunk) and has a table for screen readers.
 */
import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { priceHistoryQuery } from '../../../api/queries'
import type { Asset, AssetPage } from '../../../api/types'
import { CHART_RANGES, NOT_ADJUSTED, pointsInRange, SIMILAR_SALES, TRADING_ON_VITRINE, valueChange, type ChartPoint, type ChartRange } from '../assetPage'
import { marketMode } from '../../trading/marketState'

const ValueChart = lazy(() => import('./ValueChart'))

type Mode = 'similar' | 'trading'

export function GraphSlide({ asset, page }: { asset: Asset; page: AssetPage | undefined }) {
  const traded = marketMode(asset) !== 'none'
  const [mode, setMode] = useState<Mode>(traded ? 'trading' : 'similar')
  const [range, setRange] = useState<ChartRange>('ALL')
  const instrument = asset.financialInstrument?.id ?? ''
  const history = useQuery({ ...priceHistoryQuery(instrument), enabled: traded && mode === 'trading' && instrument !== '' })

  const similar: ChartPoint[] = (page?.history_value_points ?? []).map((p) => ({ date: p.date, value: Number(p.value) }))
  const trading: ChartPoint[] = (history.data?.dataPoints ?? [])
    .filter((p) => p.pricePerUnit.close !== null && p.pricePerUnit.close !== undefined)
    .map((p) => ({ date: p.date, value: Number(p.pricePerUnit.close) }))
  const all = mode === 'trading' ? trading : similar
  const points = pointsInRange(all, range, new Date())
  const loading = mode === 'trading' ? history.isPending : page === undefined
  const change = valueChange(points)

  return (
    <Stack gap="3">
      <HStack gap="2" role="tablist" aria-label="Chart">
        <Button role="tab" size="xs" aria-selected={mode === 'similar'} variant={mode === 'similar' ? 'solid' : 'ghost'} onClick={() => setMode('similar')}>
          {SIMILAR_SALES}
        </Button>
        {traded ? (
          <Button role="tab" size="xs" aria-selected={mode === 'trading'} variant={mode === 'trading' ? 'solid' : 'ghost'} onClick={() => setMode('trading')}>
            {TRADING_ON_VITRINE}
          </Button>
        ) : null}
      </HStack>
      <Text fontSize="sm" color={change < 0 ? 'red.700' : 'green.700'} fontWeight="semibold" data-testid="value-change">
        {change > 0 ? '+' : ''}
        {change.toFixed(1)}% over {range === 'ALL' ? 'all time' : range}
      </Text>
      {loading ? (
        <Skeleton h="56" borderRadius="xl" />
      ) : points.length === 0 ? (
        <Text color="fg.muted">No prices in this range yet.</Text>
      ) : (
        <Suspense fallback={<Skeleton h="56" borderRadius="xl" />}>
          <ValueChart points={points} label={mode === 'trading' ? TRADING_ON_VITRINE : SIMILAR_SALES} />
        </Suspense>
      )}
      <HStack gap="1" aria-label="Range" role="group">
        {CHART_RANGES.map((r) => (
          <Button key={r} size="xs" aria-pressed={r === range} variant={r === range ? 'subtle' : 'ghost'} onClick={() => setRange(r)}>
            {r}
          </Button>
        ))}
      </HStack>
      {mode === 'similar' ? (
        <Text fontSize="xs" color="fg.muted">
          {NOT_ADJUSTED}
        </Text>
      ) : null}
    </Stack>
  )
}
