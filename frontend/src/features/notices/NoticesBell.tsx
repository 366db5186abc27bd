/**
 * The header's notices ("Notify me" answered: an asset the person asked about opened its offering or its trading): a
 * bell with the unread count that opens a menu of the newest notices, each a link to the asset's page. Opening it
 * marks those it shows read. The list is GET /api/notifications/, read again when the shell's trading stream says
 * `notice` (features/trading/useTrading.ts), when the window regains focus, and every POLL_MS while the page is open.
 * Keyboard: the bell is a button (Enter/Space opens), arrows move through the notices, Escape closes.
 */
import { Badge, Box, IconButton, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router'
import { listNotices, markNoticesRead, type Notice, type Notices } from '../../api/notices'
import { keys } from '../../api/queryKeys'
import { useSession } from '../../app/session/useSession'
import { BellIcon } from '../../ui/icons'

export const POLL_MS = 60_000

/** What the bell's button says to a screen reader. */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications'
  return `Notifications, ${unread} unread`
}

/** The count shown on the bell: 1-9, else 9+. */
export function badgeText(unread: number): string {
  return unread > 9 ? '9+' : String(unread)
}

function when(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
}

export function NoticesBell() {
  const { userId } = useSession()
  const queryClient = useQueryClient()
  const key = keys.notices(userId ?? 0)
  const read = useQuery({ queryKey: key, queryFn: listNotices, enabled: userId !== null, refetchInterval: POLL_MS })
  const markRead = useMutation({
    mutationFn: markNoticesRead,
    onSuccess: (now: Notices) => queryClient.setQueryData(key, now),
  })
  const items = read.data?.items ?? []
  const unread = read.data?.unread ?? 0

  const opened = (open: boolean) => {
    const newest = items[0]
    if (open && unread > 0 && newest) markRead.mutate(newest.id)
  }

  return (
    <Menu.Root onOpenChange={(e) => opened(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={bellLabel(unread)} variant="ghost" size="md" position="relative" data-testid="notices-bell">
          <BellIcon boxSize="5" />
          {unread > 0 ? (
            <Badge position="absolute" top="1" right="1" colorPalette="red" variant="solid" borderRadius="full" fontSize="2xs" px="1.5" aria-hidden="true" data-testid="notices-unread">
              {badgeText(unread)}
            </Badge>
          ) : null}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxW="sm" minW="xs" aria-label="Notifications">
            {items.length === 0 ? (
              <Menu.Item value="none" disabled>
                <Text fontSize="sm" color="fg.muted">No notifications yet. Use “Notify me” on an asset to hear when it opens.</Text>
              </Menu.Item>
            ) : (
              items.map((n) => <NoticeItem key={n.id} notice={n} />)
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

function NoticeItem({ notice }: { notice: Notice }) {
  const unread = notice.read_at === null || notice.read_at === undefined
  return (
    <Menu.Item value={String(notice.id)} asChild>
      <RouterLink to={notice.path} data-testid="notice-item">
        <Box display="flex" flexDirection="column" gap="0.5" py="1">
          <Text fontSize="sm" fontWeight={unread ? 'semibold' : 'normal'}>
            {notice.title}
            {unread ? <VisuallyHidden> (new)</VisuallyHidden> : null}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {when(notice.created_at)}
          </Text>
        </Box>
      </RouterLink>
    </Menu.Item>
  )
}
