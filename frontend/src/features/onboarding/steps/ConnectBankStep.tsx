/**
 * Connect a bank: "Sign in to your bank" (the bank-linking provider's hosted page, which comes back here with
 * ?public_token=&account_id=, submitted at once and removed from the URL) or the routing number by hand.
 */
import { Badge, Box, Button, Stack, Text } from '@chakra-ui/react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { errorMessage } from '../../../api/errors'
import { bankLinkUrl } from '../../../flows/api'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { FormAlert } from '../../../ui/forms/FormAlert'
import type { StepPayload } from '../../../flows/types'

const CANCELLED = 'Bank sign-in was cancelled. Try again, or enter your routing number manually.'

export function ConnectBankStep() {
  const { submit, busy } = useFlowStep()
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const [linking, setLinking] = useState(false)
  const [messages, setMessages] = useState<string[]>([])
  const [method, setMethod] = useState<'provider' | 'manual' | null>(null)
  const handled = useRef(false)

  const send = async (fields: StepPayload<'connect-bank'>) => {
    setMessages([])
    setMethod(fields.method ?? null)
    const outcome = await submit(fields)
    if (outcome?.kind === 'invalid' || outcome?.kind === 'moved') {
      setMessages(outcome.error.messages)
    }
  }

  // back from the provider's page: submit its token once, and take it out of the URL
  const takeProviderReply = useEffectEvent(() => {
    const token = params.get('public_token')
    const cancelled = params.get('status') === 'cancelled'
    if (handled.current || (!token && !cancelled)) return
    handled.current = true
    navigate(location.pathname, { replace: true })
    if (token) void send({ method: 'provider', public_token: token, account_id: params.get('account_id') ?? '' })
    else setMessages([CANCELLED])
  })
  useEffect(() => {
    takeProviderReply()
  }, [])

  const signIn = async () => {
    setMessages([])
    setLinking(true)
    try {
      window.location.assign(await bankLinkUrl(`${window.location.origin}${location.pathname}`))
    } catch (error) {
      setLinking(false)
      setMessages([errorMessage(error, 'Something went wrong, please try again')])
    }
  }

  const waiting = busy !== null || linking
  return (
    <Stack gap="5">
      <Text color="fg.muted">Link the bank account you will fund your purchases from.</Text>
      <Option
        badge="Instant"
        description="Sign in securely through our bank-linking partner. We never see your bank password."
        button={
          <Button colorPalette="brand" size="lg" w="full" onClick={() => void signIn()} disabled={waiting} loading={linking || (busy === 'submit' && method === 'provider')}>
            Sign in to your bank
          </Button>
        }
      />
      <Option
        description="Use the routing and account numbers printed on your checks. We verify them with two small deposits."
        button={
          <Button variant="outline" size="lg" w="full" h="auto" minH="12" py="3" whiteSpace="normal" onClick={() => void send({ method: 'manual' })} disabled={waiting} loading={busy === 'submit' && method === 'manual'}>
            Enter routing number manually (1-2 business days to verify)
          </Button>
        }
      />
      <div aria-live="assertive" aria-atomic="true">
        <FormAlert messages={messages} />
      </div>
      <StepActions />
    </Stack>
  )
}

function Option({ badge, description, button }: { badge?: string; description: string; button: React.ReactNode }) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '5' }} bg="white">
      <Stack gap="3">
        {button}
        <Text fontSize="sm" color="fg.muted">
          {badge ? (
            <Badge colorPalette="green" variant="subtle" me="2">
              {badge}
            </Badge>
          ) : null}
          {description}
        </Text>
      </Stack>
    </Box>
  )
}
