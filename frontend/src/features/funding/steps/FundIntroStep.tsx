/** The fund-account wizard's first screen: what happens next (link a bank if needed, then a first deposit). */
import { List, Stack, Text } from '@chakra-ui/react'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { CheckIcon } from '../../../ui/icons'

const POINTS = [
  'Link the bank account you will transfer from, if you have not yet',
  'Transfer up to $5,000 at a time to your Vitrine account',
  'Use your cash to buy shares; withdraw it back to your bank at any time',
]

export function FundIntroStep() {
  const { submit } = useFlowStep()
  return (
    <Stack gap="6">
      <Text color="fg.muted" fontSize="lg">
        To buy shares you need cash in your Vitrine account. It only takes a minute.
      </Text>
      <List.Root gap="3" variant="plain">
        {POINTS.map((p) => (
          <List.Item key={p} alignItems="flex-start">
            <CheckIcon boxSize="5" color="gold.fg" flexShrink="0" mt="0.5" me="3" />
            {p}
          </List.Item>
        ))}
      </List.Root>
      <StepActions label="CONTINUE" onClick={() => void submit({})} />
    </Stack>
  )
}
