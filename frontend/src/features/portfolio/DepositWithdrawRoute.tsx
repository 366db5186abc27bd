/**
 * /app/investments/deposit-withdrawal: the opening checks in order (domain/fundingGate.ts, on freshly read data), then
 * the popup; a successful transfer refreshes the balance, and closing returns to the portfolio.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { fundingGateQuery } from '../../api/queries'
import { openingCheck, type GateOutcome } from '../../domain/fundingGate'
import { FlowErrorDialog } from '../../flows/FlowErrorDialog'
import { VerifyEmailDialog } from '../funding/VerifyEmailDialog'
import { useSession } from '../../app/session/useSession'
import { useAlert } from '../../ui/alertContext'
import { useLoaderWhile } from '../../ui/loaderStore'
import { TransferDialog } from './TransferDialog'
import { usePortfolioContext } from './usePortfolio'

export function DepositWithdrawRoute() {
  const { userId } = useSession()
  const queryClient = useQueryClient()
  const { state } = usePortfolioContext()
  const { showFailure } = useAlert()
  const navigate = useNavigate()
  const [outcome, setOutcome] = useState<GateOutcome | null>(null)
  const close = () => navigate('/app/investments')

  // the checks run on fresh data: the user, the customer status and the bank
  const gate = useQuery({ ...fundingGateQuery(queryClient, userId ?? 0), enabled: userId !== null })
  useLoaderWhile(gate.isFetching)

  useEffect(() => {
    if (gate.isError) {
      void showFailure()
      navigate('/app/investments', { replace: true })
      return
    }
    const data = gate.data
    if (!data || outcome) return
    const result = openingCheck({
      emails: data.user.emails,
      email: data.user.email,
      stateBlocked: Boolean(data.user.state_status?.is_state_blocked),
      customerStatus: data.status.customer_status,
      bankStatus: data.bank?.status ?? null,
    })
    if (result.kind === 'redirect') navigate(result.to, { replace: true })
    else setOutcome(result)
  }, [gate.isError, gate.data, outcome, navigate, showFailure])

  const source = gate.data?.bank ?? null

  if (!outcome) return null
  if (outcome.kind === 'verify-email') return <VerifyEmailDialog email={outcome.email} onClose={close} />
  if (outcome.kind === 'popup') {
    return <FlowErrorDialog error={outcome.popup} onDismiss={close} onAction={(to) => navigate(to)} />
  }
  if (outcome.kind !== 'open' || state.status !== 'ready') return null
  const bank = source ? `${source.name || 'Your bank'} ••••${source.accountNumberTail}` : 'your bank'
  return <TransferDialog cash={Number(state.data.balance.cash) || 0} bank={bank} onClose={close} />
}
