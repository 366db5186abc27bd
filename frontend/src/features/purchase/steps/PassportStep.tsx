/** investing-passport: the investor profile, read-only, with 'Continue' and 'Edit this info' (submits {edit: true}). */
import { Box, Button, Grid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { text } from '../context'

const ACCREDITED: Record<string, string> = {
  '0': 'Not set',
  '1': 'Accredited (income)',
  '2': 'Accredited (net worth)',
  '3': 'Not accredited',
}

const words = (value: string) => value.replace(/_/g, ' ').toLowerCase().replace(/^\w/, (c) => c.toUpperCase())

export function PassportStep() {
  const { context, submit, busy } = useFlowStep()
  const [editing, setEditing] = useState(false)
  const profile = (context.profile && typeof context.profile === 'object' ? context.profile : {}) as Record<string, unknown>
  const bank = (profile.bank && typeof profile.bank === 'object' ? profile.bank : null) as Record<string, unknown> | null
  const accredited = text(profile.accredited_status)
  const rows: [string, string][] = [
    ['Name', text(profile.name)],
    ['E-mail', text(profile.email)],
    ['Phone', text(profile.phone_number)],
    ['Date of birth', text(profile.date_of_birth)],
    ['Address', text(profile.address)],
    ['SSN', text(profile.ssn)],
    ['Accreditation', ACCREDITED[accredited] ?? accredited],
    ['Employment', words(text(profile.employment_status))],
    ['Risk tolerance', words(text(profile.risk_tolerance))],
    ['Bank', bank ? [text(bank.name), text(bank.account_tail) ? `••••${text(bank.account_tail)}` : '', text(bank.status) ? `(${text(bank.status)})` : ''].filter(Boolean).join(' ') : ''],
  ]
  const edit = async () => {
    setEditing(true)
    await submit({ edit: true })
    setEditing(false)
  }
  return (
    <Stack gap="6">
      <Text color="fg.muted">Your investing passport carries your profile to every purchase. Check that it is up to date.</Text>
      <Box as="dl" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" data-testid="passport">
        {rows
          .filter(([, v]) => v !== '')
          .map(([label, value], i) => (
            <Grid key={label} templateColumns={{ base: '1fr', sm: '10rem 1fr' }} gap={{ base: '0', sm: '4' }} px="4" py="2.5" bg={i % 2 ? 'bg.canvas' : 'white'}>
              <Text as="dt" fontSize="sm" color="fg.muted">
                {label}
              </Text>
              <Text as="dd" fontWeight="medium" overflowWrap="anywhere">
                {value}
              </Text>
            </Grid>
          ))}
      </Box>
      <StepActions>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button variant="outline" size="lg" onClick={() => void edit()} disabled={busy !== null} loading={editing && busy === 'submit'}>
            Edit this info
          </Button>
          <Button colorPalette="brand" size="lg" minW={{ sm: '40' }} onClick={() => void submit({})} disabled={busy !== null} loading={!editing && busy === 'submit'} loadingText="Saving">
            Continue
          </Button>
        </Stack>
      </StepActions>
    </Stack>
  )
}
