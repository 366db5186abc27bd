/** Step 1 'Creating Your Profile': what the wizard asks and why, with the privacy and security links; OKAY. */
import { Box, Link, List, Stack, Text } from '@chakra-ui/react'
import { FAQ_URL } from '../../../config'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { CheckIcon } from '../../../ui/icons'

const ASKS = [
  'Your name, phone number, date of birth and home address',
  'Your Social Security number, to verify your identity',
  'A few questions about your employment and investing experience',
  'A bank account to fund your purchases',
]

export function IntroStep() {
  const { submit } = useFlowStep()
  return (
    <Stack gap="6">
      <Text color="fg.muted" fontSize="lg">
        Before your first investment we need to create your investor profile, as required by US securities regulations. It takes about five minutes.
      </Text>
      <List.Root gap="3" variant="plain">
        {ASKS.map((a) => (
          <List.Item key={a} alignItems="flex-start">
            <CheckIcon boxSize="5" color="gold.fg" flexShrink="0" mt="0.5" me="3" />
            {a}
          </List.Item>
        ))}
      </List.Root>
      <Box bg="bg.canvas" borderRadius="lg" p="4" fontSize="sm" color="fg.muted">
        Your information is encrypted and never sold. Read about{' '}
        <Link href={`${FAQ_URL}#privacy`} target="_blank" rel="noopener noreferrer" color="gold.fg" fontWeight="semibold">
          privacy
        </Link>{' '}
        and{' '}
        <Link href={`${FAQ_URL}#security`} target="_blank" rel="noopener noreferrer" color="gold.fg" fontWeight="semibold">
          security
        </Link>
        .
      </Box>
      <StepActions label="OKAY" onClick={() => void submit({})} />
    </Stack>
  )
}
