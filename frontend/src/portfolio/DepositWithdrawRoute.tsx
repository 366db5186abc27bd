/**
 * /app/investments/deposit-withdrawal: the opening checks in order (domain/fundingGate.ts, on freshly read data), then
 * the popup; a successful transfer refreshes the balance, and closing returns to the portfolio.
 */
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useUser } from '../account/userContext'
import { getFinancialStatus, getFundingSource, type FundingSource } from '../api/funding'
import { openingCheck, type GateOutcome } from '../domain/fundingGate'
import { FlowErrorDialog } from '../flows/FlowErrorDialog'
import { VerifyEmailDialog } from '../funding/VerifyEmailDialog'
import { useSession } from '../session/useSession'
import { useAlert } from '../ui/alertContext'
import { trackJob } from '../ui/loaderStore'
import { TransferDialog } from './TransferDialog'
import { usePortfolioContext } from './usePortfolio'

export function DepositWithdrawRoute() {
  const { userId } = useSession()
  const { reload } = useUser()
  const { state, refresh } = usePortfolioContext()
  const { showFailure } = useAlert()
  const navigate = useNavigate()
  const [outcome, setOutcome] = useState<GateOutcome | null>(null)
  const [source, setSource] = useState<FundingSource | null>(null)
  const close = () => navigate('/app/investments')

  useEffect(() => {
    if (userId === null) return undefined
    let live = true
    const failed = () => {
      if (!live) return
      void showFailure()
      navigate('/app/investments', { replace: true })
    }
    trackJob(Promise.all([reload(), getFinancialStatus(userId), getFundingSource(userId)])).then(
      ([user, status, bank]) => {
        if (!live) return
        if (!user) return failed()
        setSource(bank)
        const result = openingCheck({
          emails: user.emails,
          email: user.email,
          stateBlocked: Boolean(user.state_status?.is_state_blocked),
          customerStatus: status.customer_status,
          bankStatus: bank?.status ?? null,
        })
        if (result.kind === 'redirect') navigate(result.to, { replace: true })
        else setOutcome(result)
      },
      failed,
    )
    return () => {
      live = false
    }
  }, [userId, reload, navigate, showFailure])

  if (!outcome) return null
  if (outcome.kind === 'verify-email') return <VerifyEmailDialog email={outcome.email} onClose={close} />
  if (outcome.kind === 'popup') {
    return <FlowErrorDialog error={outcome.popup} onDismiss={close} onAction={(to) => navigate(to)} />
  }
  if (outcome.kind !== 'open' || state.status !== 'ready') return null
  const bank = source ? `${source.name || 'Your bank'} ••••${source.accountNumberTail}` : 'your bank'
  return <TransferDialog cash={Number(state.data.balance.cash) || 0} bank={bank} onTransferred={() => void refresh()} onClose={close} />
}
