/**
 * My Portfolio (spec doc 3 §2.6): the account block, the linked bank, the button row, the all-time gain/loss (behind
 * gainLossEnabled) and the investments. Its child
 * routes open the micro-deposit popup (/microdeposits) and the deposit/withdrawal popup (/deposit-withdrawal) over it.
 */
import { Button, Separator, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { appName } from '../../api/middleware'
import { APP_VERSION } from '../../config'
import { isDocumentNeeded, UPLOAD_ID_POPUP } from '../../domain/customerStatus'
import { canRemoveBank } from '../../domain/fundingGate'
import { BLOCKED_STATE } from '../../domain/transfers'
import { FlowErrorDialog } from '../../flows/FlowErrorDialog'
import { AccountSummary } from './AccountSummary'
import { BankPanel } from './BankPanel'
import { GainLossBlock } from './GainLossBlock'
import { InvestmentsList } from './InvestmentsList'
import { PortfolioTrading } from '../trading/PortfolioTrading'
import { PortfolioActions } from './PortfolioActions'
import { RemoveBankDialog } from './RemoveBankDialog'
import { hasPending, PortfolioContext, usePortfolio } from './usePortfolio'
import { useSession } from '../../app/session/useSession'
import { Page, Panel } from '../../ui/Page'
import { SkeletonSections } from '../../ui/SkeletonSections'

export function InvestmentsPage() {
  const { userId } = useSession()
  const { user } = useUser()
  const portfolio = usePortfolio(userId)
  const navigate = useNavigate()
  const [removing, setRemoving] = useState(false)
  const [uploadId, setUploadId] = useState(false)
  const { state } = portfolio

  if (user?.state_status?.is_state_blocked) {
    return (
      <Page title="Investments & Positions" maxW="3xl">
        <Panel>
          <Stack gap="4" align="flex-start" data-testid="state-unavailable">
            <Text>{BLOCKED_STATE}</Text>
            <Button colorPalette="brand" onClick={() => navigate('/app')}>
              Close
            </Button>
          </Stack>
        </Panel>
      </Page>
    )
  }

  return (
    <PortfolioContext.Provider value={portfolio}>
      <Page title="My Portfolio" subtitle="Your account value, cash and shares.">
        {state.status === 'loading' ? (
          <SkeletonSections label="Loading your portfolio" lead="44" card="12" columns={{ base: 1, sm: 3 }} />
        ) : state.status === 'error' ? (
          <Panel>
            <Stack gap="3" align="flex-start" role="alert">
              <Text>We could not load your portfolio. Please try again.</Text>
              <Button colorPalette="brand" size="sm" onClick={portfolio.retry} loading={portfolio.retrying}>
                Try again
              </Button>
            </Stack>
          </Panel>
        ) : (
          <Stack gap="5">
            <Panel>
              <Stack gap="5">
                <AccountSummary balance={state.data.balance} pending={hasPending(state.data)} />
                <Separator />
                <BankPanel source={state.data.source} onRemove={() => setRemoving(true)} />
              </Stack>
            </Panel>
            <PortfolioActions
              needsVerification={state.data.source?.status === 'unverified'}
              documentNeeded={isDocumentNeeded(state.data.status.customer_status)}
              onUploadId={() => setUploadId(true)}
            />
            <GainLossBlock userId={userId ?? 0} />
            <PortfolioTrading />
            <InvestmentsList data={state.data} />
            <RemoveBankDialog
              open={removing}
              source={state.data.source}
              allowed={canRemoveBank(state.data.balance, state.data.pendingTransfers.length)}
              onClose={() => setRemoving(false)}
            />
          </Stack>
        )}
        {appName(navigator.userAgent) === 'web' ? (
          <Text fontSize="xs" color="fg.subtle" textAlign="center" mt="8">
            Vitrine web {APP_VERSION}
          </Text>
        ) : null}
      </Page>
      <FlowErrorDialog error={uploadId ? UPLOAD_ID_POPUP : null} onDismiss={() => setUploadId(false)} onAction={(to) => navigate(to)} />
      <Outlet />
    </PortfolioContext.Provider>
  )
}
