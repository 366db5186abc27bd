/** The how-it-works popup (spec doc 3 §2.2): placing a bid, placing an ask, live trading and post-only 'accepting orders'. */
import { Button, Link, Stack, Text } from '@chakra-ui/react'
import { FAQ_URL } from '../../../config'
import { Link as RouterLink } from 'react-router'
import { AlertDialog } from '../../../ui/AlertDialog'

const SECTIONS: [string, string][] = [
  ['Placing a bid', 'A bid is an offer to buy shares at a price per share you choose. The estimated cost is held from your cash until the bid is matched, edited or canceled.'],
  ['Placing an ask', 'An ask is an offer to sell shares you own at a price per share you choose. Shares must be held 5 business days before they can be sold.'],
  ['Live trading', 'While the trading window is open, a bid and an ask that cross are matched at once; Instant Buy buys one share at the lowest ask.'],
  ['Accepting orders', 'Before the window opens the market is post-only: orders are accepted and queued, and matched when trading opens.'],
]

export function HowItWorksDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AlertDialog
      role="dialog"
      open={open}
      title="How trading works"
      onClose={onClose}
      testId="how-it-works"
      width="md"
      closeButton
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          Got it
        </Button>
      }
    >
      <Stack gap="4">
        {SECTIONS.map(([title, body]) => (
          <Stack key={title} gap="1">
            <Text fontWeight="semibold">{title}</Text>
            <Text color="fg.muted">{body}</Text>
          </Stack>
        ))}
        <Text fontSize="sm">
          More in the{' '}
          <Link href={FAQ_URL} target="_blank" rel="noopener noreferrer" color="gold.fg">
            FAQs
          </Link>{' '}
          or{' '}
          <Link asChild color="gold.fg">
            <RouterLink to="/app/contact">contact us</RouterLink>
          </Link>
          .
        </Text>
      </Stack>
    </AlertDialog>
  )
}
