/**
 * A value chart (its own chunk, loaded by the Graph slide with recharts and Chakra's charts package): an area line
 * over the points with a tooltip for a pointer, named for a screen reader by its first and last values, and the same
 * points as a table (visually hidden) — the text alternative a screen reader reads.
 */
import { Chart, useChart } from '@chakra-ui/charts'
import { Box, Table, VisuallyHidden } from '@chakra-ui/react'
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts'
import type { ChartPoint } from '../assetPage'
import { formatMoney } from '../../../domain/money'
import { formatDay } from './ContentSlides'

export default function ValueChart({ points, label }: { points: readonly ChartPoint[]; label: string }) {
  const chart = useChart({ data: [...points], series: [{ name: 'value', color: 'brand.solid', label }] })
  const first = points[0]
  const last = points[points.length - 1]
  const gradient = `${chart.id}-fill`
  return (
    <Box>
      <Box role="img" aria-label={`${label}: from ${formatMoney(first?.value)} to ${formatMoney(last?.value)}`} data-testid="value-chart">
        <Chart.Root chart={chart} h={{ base: '56', md: '64' }} aspectRatio="auto" aria-hidden="true">
          <AreaChart data={chart.data} responsive accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <defs>
              <Chart.Gradient id={gradient} stops={[{ offset: '0%', color: 'brand.solid', opacity: 0.3 }, { offset: '100%', color: 'brand.solid', opacity: 0.02 }]} />
            </defs>
            <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
            <XAxis dataKey={chart.key('date')} tickFormatter={formatDay} tickLine={false} axisLine={false} minTickGap={24} />
            <YAxis dataKey={chart.key('value')} tickFormatter={chart.formatNumber({ style: 'currency', currency: 'USD', notation: 'compact' })} tickLine={false} axisLine={false} width={56} domain={['auto', 'auto']} />
            <Tooltip cursor={{ stroke: chart.color('border.emphasized') }} animationDuration={100} content={<Chart.Tooltip hideIndicator hideSeriesLabel formatter={(v: number) => formatMoney(v)} />} labelFormatter={(d) => formatDay(String(d))} />
            <Area type="monotone" dataKey={chart.key('value')} stroke={chart.color('brand.solid')} strokeWidth={2.5} fill={`url(#${gradient})`} isAnimationActive={false} />
          </AreaChart>
        </Chart.Root>
      </Box>
      <VisuallyHidden>
        <Table.Root size="sm">
          <Table.Caption>{label}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Value</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {points.map((p) => (
              <Table.Row key={p.date}>
                <Table.Cell>{formatDay(p.date)}</Table.Cell>
                <Table.Cell>{formatMoney(p.value)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  )
}
