/**
 * Where the person is in the flow, built from FlowState.steps without the skipped ones: a Chakra Steps row on wider
 * screens, a compact "Step n of m" with a bar on phones. The visual row is hidden from screen readers, which read the
 * "Step n of m: title" line instead.
 */
import { Box, Progress, Steps, Text } from '@chakra-ui/react'
import { CheckIcon } from '../ui/icons'
import { progressOf, visibleSteps } from './paths'
import type { FlowStepView } from './types'

interface Props {
  steps: readonly FlowStepView[]
  current: string
  title: string
  titleOf: (id: string) => string
}

export function FlowProgress({ steps, current, title, titleOf }: Props) {
  const shown = visibleSteps(steps)
  const { index, count } = progressOf(steps, current)
  return (
    <Box flex="1" minW="0" data-testid="flow-progress">
      <Text fontSize="sm" color="fg.muted" fontWeight="medium" data-testid="flow-step-count">
        Step {index} of {count}
        <Box as="span" srOnly>
          : {title}
        </Box>
      </Text>
      <Progress.Root hideFrom="md" value={(index / Math.max(1, count)) * 100} size="xs" colorPalette="gold" mt="2" aria-hidden="true">
        <Progress.Track borderRadius="full" bg="ink.100">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Steps.Root
        hideBelow="md"
        step={index - 1}
        count={shown.length}
        size="xs"
        colorPalette="gold"
        mt="3"
        aria-hidden="true"
      >
        <Steps.List css={{ '--steps-gutter': '{spacing.1}' }}>
          {shown.map((s, i) => (
            <Steps.Item key={s.id} index={i} title={titleOf(s.id)} gap="0">
              <Steps.Indicator>
                <Steps.Status complete={<CheckIcon />} incomplete={<Steps.Number />} />
              </Steps.Indicator>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
    </Box>
  )
}
