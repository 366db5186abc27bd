/** An asset's status line (spec doc 1 §4), coloured by tone, with the funding bar for an open offering. */
import { Box, Progress, Stack, Text } from '@chakra-ui/react'
import type { Asset } from '../../../api/types'
import { exitedLine, progressFill } from '../assetPage'
import { statusLine, type StatusTone } from '../../../domain/assetStatus'

const TONE_COLOR: Record<StatusTone, string> = {
  default: 'fg.muted',
  positive: 'green.700',
  finishing: 'red.700',
  muted: 'fg.muted', // fg.subtle is under 4.5:1 on the canvas (WCAG 1.4.3)
  early: 'brand.700',
}

export function StatusText({ asset, accessType, showBar = true }: { asset: Asset; accessType: string | null; showBar?: boolean }) {
  const line = statusLine(asset, accessType)
  return (
    <Stack gap="1" data-testid="status-line" data-tone={line.tone}>
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="0.06em" color={TONE_COLOR[line.tone]}>
        {asset.is_exited ? exitedLine(asset.exited_date) : line.text}
        {line.detail ? (
          <Box as="span" fontWeight="medium" color="fg.muted">
            {' · '}
            {line.detail}
          </Box>
        ) : null}
      </Text>
      {showBar && line.progress !== undefined && line.progress < 100 ? (
        <Progress.Root value={progressFill(line.progress).width} size="xs" colorPalette={progressFill(line.progress).warning ? 'red' : 'green'} aria-label={`${line.progress}% funded`}>
          <Progress.Track borderRadius="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
    </Stack>
  )
}
