/**
 * The asset page's buy button (spec doc 2 §2.5): for an open offering 'INVEST' opens the purchase flow, unless the
 * offering is funded (progress 100 or more: the 'asset funded' popup), the primary e-mail is unverified (the
 * verify-email popup) or the user's state has no initial offering ('Initial Offering Investments are Not Yet
 * Available in your State'). The user is read again first, so a just-confirmed e-mail counts. Other statuses keep
 * a disabled button with the reason.
 */
import { Button, Flex, Link, Stack, Text } from '@chakra-ui/react'
import { useEffect, useEffectEvent, useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { useUser } from '../../app/account/userContext'
import type { Asset } from '../../api/types'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { buyShows } from '../assets/assetPage'
import { CLOSED_ICO, COMING_SOON } from '../../domain/assetStatus'
import { primaryEmail } from '../../domain/fundingGate'
import { buyCheck, FUNDED_MESSAGE, FUNDED_TITLE, makeInvestmentPath, STATE_TITLE, STATE_UNAVAILABLE } from './purchase'
import { FlowErrorDialog } from '../../flows/FlowErrorDialog'
import type { FlowError } from '../../flows/types'
import { VerifyEmailDialog } from '../funding/VerifyEmailDialog'
import type { MakeInvestmentState } from './MakeInvestmentPage'
import { calendarPath } from '../../app/shell/navigation'
import { NotifyToggle } from '../assets/components/NotifyToggle'

/** The navigation state that opens the purchase from the asset page (the free-share popup's 'accept'). */
export interface AssetPageState {
  openPurchase?: boolean
}

function closedNote(status: string): string {
  if (status === COMING_SOON) return 'Investing opens when the offering starts.'
  return 'This offering is closed. See when trading sessions open in the trading calendar.'
}

export function InvestButton({ asset }: { asset: Asset }) {
  const { user, reload } = useUser()
  const navigate = useNavigate()
  const location = useLocation()
  const [checking, setChecking] = useState(false)
  const [popup, setPopup] = useState<FlowError | null>(null)
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)
  const { accessTypeFor } = useCatalogue()
  const open = buyShows(asset.asset_status, accessTypeFor(asset.id))

  const invest = async (extra: MakeInvestmentState = {}) => {
    if (Number(asset.progress_bar) >= 100) {
      setPopup({ title: FUNDED_TITLE, message: FUNDED_MESSAGE })
      return
    }
    setChecking(true)
    const fresh = (await reload()) ?? user
    setChecking(false)
    const email = fresh ? primaryEmail(fresh) : { email: '', verified: true }
    const check = buyCheck({ progressBar: asset.progress_bar, emailVerified: email.verified, stateStatus: fresh?.state_status })
    if (check === 'funded') setPopup({ title: FUNDED_TITLE, message: FUNDED_MESSAGE })
    else if (check === 'verify-email') setVerifyEmail(email.email)
    else if (check === 'state') setPopup({ title: STATE_TITLE, message: STATE_UNAVAILABLE })
    else navigate(makeInvestmentPath(asset.id), { state: extra })
  }

  // arriving from the free-share popup: straight into the purchase, which moves past its intro by itself
  const openPurchase = (location.state as AssetPageState | null)?.openPurchase === true
  const investFromPopup = useEffectEvent(() => {
    navigate(location.pathname, { replace: true, state: null })
    void invest({ autoForward: true })
  })
  useEffect(() => {
    if (openPurchase && open) investFromPopup()
  }, [openPurchase, open])

  return (
    <Stack gap="2">
      <Flex gap="3" wrap="wrap">
        {open ? (
          <Button colorPalette="brand" size="lg" minW="32" onClick={() => void invest()} loading={checking} data-testid="invest-button">
            INVEST
          </Button>
        ) : (
          <Button colorPalette="brand" size="lg" disabled aria-describedby="invest-note">
            Invest
          </Button>
        )}
        <NotifyToggle asset={asset} />
      </Flex>
      {open ? null : (
        <Stack gap="1" align="flex-start">
          <Text id="invest-note" fontSize="xs" color="fg.muted">
            {closedNote(asset.asset_status)}
          </Text>
          {asset.asset_status === CLOSED_ICO ? (
            <Link asChild fontSize="sm" color="brand.fg" fontWeight="semibold">
              <RouterLink to={calendarPath(asset.id)}>Trading calendar</RouterLink>
            </Link>
          ) : null}
        </Stack>
      )}
      <FlowErrorDialog error={popup} onDismiss={() => setPopup(null)} onAction={() => setPopup(null)} />
      <VerifyEmailDialog email={verifyEmail} onClose={() => setVerifyEmail(null)} />
    </Stack>
  )
}
