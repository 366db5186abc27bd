/**
 * The special-access splash popup (spec doc 1 §4, doc 2 §2.7, §4): for an asset the user has early_io or
 * free_share_program access to, shown while the per-user counter in local storage is absent or above 0 (1 at first
 * for these types), once per visit; closing counts it down. A free share's 'ACCEPT' needs a verified primary e-mail
 * (else the verify-email popup), then goes to the asset page, which opens the purchase and moves past its intro.
 */
import { Button, Stack } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { useUser } from '../../../app/account/userContext'
import { useCatalogue } from '../catalogue/catalogueContext'
import { FREE_SHARE_PROGRAM } from '../../../domain/access'
import { assetPath } from '../../../domain/categories'
import { primaryEmail } from '../../../domain/fundingGate'
import { formatMoney } from '../../../domain/money'
import { afterClose, counterKey, freeSharePrice, parseCounter, splashFor } from '../../../domain/specialAccess'
import { VerifyEmailDialog } from '../../funding/VerifyEmailDialog'
import { readKey, writeKey } from '../../../app/session/storage'
import { AlertDialog } from '../../../ui/AlertDialog'
import { AssetImage } from './AssetImage'
import type { AssetPageState } from '../../purchase/InvestButton'

export function SpecialAccessSplash() {
  const { user } = useUser()
  const { assets, categories, accessTypeFor } = useCatalogue()
  const navigate = useNavigate()
  const [shown, setShown] = useState(false)
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)

  const found = useMemo(() => {
    if (!user) return null
    const candidates = assets.map((a) => ({ id: a.id, accessType: accessTypeFor(a.id) ?? '' })).filter((c) => c.accessType !== '')
    const chosen = splashFor(candidates, (type) => parseCounter(readKey(counterKey(user.id, type))))
    const asset = chosen ? assets.find((a) => a.id === chosen.id) : undefined
    return chosen && asset ? { asset, accessType: chosen.accessType, userId: user.id } : null
  }, [user, assets, accessTypeFor])

  if (!found && !verifyEmail) return null

  const close = () => {
    if (found) {
      const key = counterKey(found.userId, found.accessType)
      writeKey(key, String(afterClose(parseCounter(readKey(key)), found.accessType)))
    }
    setShown(true)
  }
  const free = found?.accessType === FREE_SHARE_PROGRAM
  const price = found ? freeSharePrice(found.asset.asset_value, found.asset.number_of_shares) : null
  const accept = () => {
    if (!found || !user) return
    const primary = primaryEmail(user)
    close()
    if (free && !primary.verified) {
      setVerifyEmail(primary.email)
      return
    }
    const state: AssetPageState | null = free ? { openPurchase: true } : null
    navigate(assetPath(categories, found.asset), { state })
  }

  return (
    <>
      {found ? (
        <AlertDialog
          role="dialog"
          open={!shown}
          title={free ? 'Your Free Share' : 'Early Access'}
          message={
            free
              ? `You've been given a free share of ${found.asset.ticker} ${found.asset.display_name}${price ? `, worth ${formatMoney(price)}` : ''}. Accept it now and it is yours.`
              : `You have early access to ${found.asset.ticker} ${found.asset.display_name}. Take a look before everyone else.`
          }
          onClose={close}
          testId="special-access-modal"
          width="md"
          closeButton
          media={<AssetImage asset={found.asset} size="full" radius="0" variant="home" aspect={16 / 9} />}
          footer={
            <Stack w="full" gap="2" direction={{ base: 'column', sm: 'row-reverse' }}>
              <Button colorPalette="brand" onClick={accept}>
                {free ? 'ACCEPT' : 'VIEW ASSET'}
              </Button>
              <Button variant="ghost" onClick={close}>
                Not now
              </Button>
            </Stack>
          }
        />
      ) : null}
      <VerifyEmailDialog email={verifyEmail} onClose={() => setVerifyEmail(null)} />
    </>
  )
}
