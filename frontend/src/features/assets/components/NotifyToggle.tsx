/** Notify me (coming soon) / Notify me on trading (closed offering, trading closed) — spec doc 1 §7 "Assets". */
import { Button } from '@chakra-ui/react'
import { useUser } from '../../../app/account/userContext'
import { useSetNotification } from '../../../api/mutations'
import type { Asset } from '../../../api/types'
import { notifyKind } from '../../../domain/assetStatus'
import { useAlert } from '../../../ui/alertContext'
import { BellIcon, CheckIcon } from '../../../ui/icons'

export function NotifyToggle({ asset }: { asset: Asset }) {
  const kind = notifyKind(asset)
  const { user, patchUser } = useUser()
  const { showAlert, showFailure } = useAlert()
  const notification = useSetNotification()
  if (kind === null || !user) return null

  const list = kind === 'notify_me' ? user.notify_me : user.notify_on_trading
  const on = list.includes(asset.id)
  const label = kind === 'notify_me' ? 'Notify me' : 'Notify me on trading'

  const toggle = async () => {
    try {
      await notification.mutateAsync({ kind, assetId: asset.id, on: !on })
      patchUser((u) => {
        const current = kind === 'notify_me' ? u.notify_me : u.notify_on_trading
        const next = on ? current.filter((id) => id !== asset.id) : [...current, asset.id]
        return kind === 'notify_me' ? { ...u, notify_me: next } : { ...u, notify_on_trading: next }
      })
      const what = kind === 'notify_me' ? 'opens for investment' : 'opens for trading'
      void showAlert(on
        ? { title: 'Notification removed', message: `You will no longer be notified when ${asset.ticker} ${what}.` }
        : { title: 'You are on the list', message: `We will let you know when ${asset.ticker} ${what}.` })
    } catch {
      void showFailure()
    }
  }

  return (
    <Button
      variant={on ? 'subtle' : 'outline'}
      colorPalette={on ? 'green' : 'brand'}
      aria-pressed={on}
      loading={notification.isPending}
      onClick={() => void toggle()}
      data-testid="notify-toggle"
    >
      {on ? <CheckIcon /> : <BellIcon />}
      {on ? `${label}: on` : label}
    </Button>
  )
}
