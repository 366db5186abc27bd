/**
 * My Portfolio's all-time gain/loss block (spec doc 3 §2.6), shown only with the gainLossEnabled flag on. Its read is
 * apart from the portfolio's: while it loads or when it failed (the failure only logged, §4.12, §8) the block is not
 * shown and the rest of the page is unaffected.
 */
import { Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { gainLossQuery } from '../../api/queries'
import { FEATURE_FLAGS } from '../../config'
import { Panel } from '../../ui/Page'
import { GainLossFigure } from './GainLoss'

export function GainLossBlock({ userId, enabled = FEATURE_FLAGS.gainLossEnabled }: { userId: number; enabled?: boolean }) {
  const read = useQuery({ ...gainLossQuery(userId), enabled, retry: false })
  useEffect(() => {
    if (read.error) console.error('gain/loss', read.error)
  }, [read.error])
  if (!enabled || !read.data) return null
  return (
    <Panel>
      <Stack gap="1" data-testid="gain-loss">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.08em" fontWeight="semibold">
          All-Time Gain/Loss
        </Text>
        <GainLossFigure amount={read.data.allTimeAmount} percent={read.data.allTimePercentage} fontSize="xl" fontWeight="semibold" data-testid="gain-loss-all-time" />
      </Stack>
    </Panel>
  )
}
