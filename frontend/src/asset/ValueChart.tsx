/**
 * A value chart (its own chunk, loaded by the Graph slide): an SVG line over the points with the first and last
 * values marked, and the same points as a table for screen readers (visually hidden).
 */
import { Box, Table, VisuallyHidden } from '@chakra-ui/react'
import type { ChartPoint } from '../domain/assetPage'
import { formatMoney } from '../domain/money'
import { formatDay } from './ContentSlides'

const W = 600
const H = 220
const PAD = 12

export function chartPath(points: readonly ChartPoint[]): string {
  const values = points.map((p) => p.value)
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = max - min || 1
  const step = points.length > 1 ? (W - 2 * PAD) / (points.length - 1) : 0
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${(PAD + i * step).toFixed(1)},${(H - PAD - ((p.value - min) / span) * (H - 2 * PAD)).toFixed(1)}`)
    .join(' ')
}

export default function ValueChart({ points, label }: { points: readonly ChartPoint[]; label: string }) {
  const first = points[0]
  const last = points[points.length - 1]
  return (
    <Box>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`${label}: from ${formatMoney(first?.value)} to ${formatMoney(last?.value)}`} data-testid="value-chart">
        <path d={chartPath(points)} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
      </svg>
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
