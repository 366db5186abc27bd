/**
 * /app/investments/statements: STATEMENTS (spec doc 3 §2.6): 'Account Statements' and 'Tax Documents' as collapsibles
 * with their counts ('(n) available …' or 'No current …'), disabled while loading or when empty; each document is a
 * link that opens its PDF in a new tab (its short-lived address is asked for on click); the names lose the word
 * Statement; an info popup on each. A failed list read shows as an empty list.
 */
import { Box, Collapsible, HStack, IconButton, Link, Popover, Portal, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { formsQuery } from '../../api/queries'
import { getFormUrl, type Form, type FormKind } from '../../api/statements'
import { availability, formName } from './statements'
import { useSession } from '../../app/session/useSession'
import { ChevronDownIcon, ExternalIcon } from '../../ui/icons'
import { Page } from '../../ui/Page'

const SECTIONS: readonly { kind: FormKind; title: string; singular: string; info: string }[] = [
  {
    kind: 'statements',
    title: 'Account Statements',
    singular: 'Account Statement',
    info: 'Statements are typically available by the first week of the month and only show once you have an active investment.',
  },
  {
    kind: 'taxforms',
    title: 'Tax Documents',
    singular: 'Tax Document',
    info: 'Tax documents become available in March of the following year if you sold shares.',
  },
]

/** Opens a tab at once (a click's own window, so no popup blocker), then sends it to the document's address. */
async function openForm(userId: number, form: Form) {
  const tab = window.open('', '_blank')
  try {
    const { url } = await getFormUrl(userId, form.fileKey)
    if (tab) tab.location.href = url
    else window.open(url, '_blank', 'noopener')
  } catch {
    tab?.close()
  }
}

function Info({ title, text }: { title: string; text: string }) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label={`About ${title}`} size="xs" variant="ghost" borderRadius="full" fontWeight="bold">
          i
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="xs">
            <Popover.Arrow />
            <Popover.Body>
              <Text fontSize="sm">{text}</Text>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}

function Section({ userId, kind, title, singular, info }: (typeof SECTIONS)[number] & { userId: number }) {
  const read = useQuery(formsQuery(userId, kind))
  const forms = read.data ?? []
  const disabled = read.isPending || forms.length === 0
  return (
    <Box bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px="5" py="4" data-testid={`forms-${kind}`}>
      <Collapsible.Root disabled={disabled}>
        <HStack justify="space-between" align="flex-start" gap="2">
          <Collapsible.Trigger display="flex" flex="1" textAlign="left" justifyContent="space-between" alignItems="center" cursor={disabled ? 'default' : 'pointer'} aria-label={title} disabled={disabled}>
            <Stack gap="0.5">
              <Text fontWeight="semibold">{title}</Text>
              <Text fontSize="sm" color="fg.muted">
                {read.isPending ? 'Loading…' : availability(forms.length, singular)}
              </Text>
            </Stack>
            {disabled ? null : <ChevronDownIcon boxSize="5" color="fg.muted" />}
          </Collapsible.Trigger>
          <Info title={title} text={info} />
        </HStack>
        <Collapsible.Content>
          <Stack as="ul" gap="2" mt="3" listStyleType="none" m="0" p="0" pt="3">
            {forms.map((f) => (
              <Box as="li" key={f.fileKey}>
                <Link
                  href="#"
                  target="_blank"
                  rel="noopener"
                  color="brand.600"
                  onClick={(e) => {
                    e.preventDefault()
                    void openForm(userId, f)
                  }}
                >
                  {formName(f.displayName)} <ExternalIcon boxSize="3.5" />
                </Link>
              </Box>
            ))}
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  )
}

export function StatementsPage() {
  const { userId } = useSession()
  return (
    <Page title="Statements" maxW="3xl" back={{ to: '/app/investments', label: 'My Portfolio' }}>
      <Stack gap="3">{userId !== null ? SECTIONS.map((s) => <Section key={s.kind} userId={userId} {...s} />) : null}</Stack>
    </Page>
  )
}
