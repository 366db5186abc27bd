/**
 * /app/fund-account/*: the fund-account wizard, drawn by the generic flow renderer. Funding needs a verified primary
 * e-mail: the user is re-read on arrival and the verify-email popup shows over the wizard until then.
 */
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { primaryEmail } from '../../domain/fundingGate'
import { FlowRenderer } from '../../flows/FlowRenderer'
import { FUND_ACCOUNT_STEPS } from './registry'
import { VerifyEmailDialog } from './VerifyEmailDialog'

export function FundAccountPage() {
  const { reload } = useUser()
  const navigate = useNavigate()
  const [unverified, setUnverified] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void reload().then((user) => {
      if (!live || !user) return
      const primary = primaryEmail(user)
      if (!primary.verified) setUnverified(primary.email)
    })
    return () => {
      live = false
    }
  }, [reload])
  return (
    <>
      <FlowRenderer kind="fund-account" base="/app/fund-account" registry={FUND_ACCOUNT_STEPS} exitTo="/app" name="Fund Your Account" />
      <VerifyEmailDialog email={unverified} onClose={() => navigate('/app')} />
    </>
  )
}
