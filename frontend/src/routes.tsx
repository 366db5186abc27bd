/** The route table (spec doc 1 §2): public pages, vanity redirects and the logged-in app per mode. */
import { Navigate, Outlet, type RouteObject } from 'react-router'
import { VANITY_REDIRECTS } from './config'
import type { AppMode } from './domain/mode'
import { AssetsPage } from './pages/AssetsPage'
import { AuthPage } from './pages/auth/AuthPage'
import { EmailConfirmPage } from './pages/auth/EmailConfirmPage'
import { NewPasswordPage } from './pages/auth/NewPasswordPage'
import { SigningCallbackPage } from './pages/auth/SigningCallbackPage'
import { ContactPage } from './pages/ContactPage'
import { DisclaimerPage } from './pages/DisclaimerPage'
import { HomePage } from './pages/HomePage'
import { InvestmentsPage } from './pages/InvestmentsPage'
import { LogoutPage } from './pages/LogoutPage'
import { DocumentPage } from './documents/DocumentPage'
import { FundAccountPage } from './funding/FundAccountPage'
import { MakeInvestmentPage } from './invest/MakeInvestmentPage'
import { OnboardingPage } from './onboarding/OnboardingPage'
import { PlaceOrderPage } from './trade/PlaceOrderPage'
import { AtsPage } from './trading/AtsPage'
import { OrdersPage } from './trading/OrdersPage'
import { DepositWithdrawRoute } from './portfolio/DepositWithdrawRoute'
import { MicroDepositDialog } from './portfolio/MicroDepositDialog'
import { PlaceholderPage } from './pages/PlaceholderPage'
import { PrivacyPage } from './pages/PrivacyPage'
import { SettingsPage } from './pages/SettingsPage'
import { StatementsPage } from './pages/StatementsPage'
import { TourPage } from './pages/TourPage'
import { TransactionHistoryPage } from './pages/TransactionHistoryPage'
import { VanityRedirect } from './pages/VanityRedirect'
import { RequireAuth } from './session/RequireAuth'
import { AppShell } from './shell/AppShell'
import { ErrorPage } from './ui/ErrorPage'

const assetRoutes: RouteObject[] = [
  { path: 'assets', element: <AssetsPage /> },
  { path: 'assets/:category', element: <AssetsPage /> },
  { path: 'assets/:category/:ticker', element: <AssetsPage /> },
]

const LATER: [string, string][] = [
  ['profile-update', 'Update your profile'],
]

function appRoutes(mode: AppMode): RouteObject[] {
  if (mode === 'special') {
    return [
      { index: true, element: <Navigate to="/app/assets" replace /> },
      ...assetRoutes,
      // a free share (special access) is redeemed through the purchase flow
      { path: 'make-investment/*', element: <MakeInvestmentPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: '*', element: <Navigate to="/app/assets" replace /> },
    ]
  }
  return [
    { index: true, element: <Navigate to="/app/home" replace /> },
    { path: 'home', element: <HomePage /> },
    ...assetRoutes,
    {
      path: 'investments',
      element: <InvestmentsPage />,
      children: [
        { index: true, element: null },
        { path: 'microdeposits', element: <MicroDepositDialog /> },
        { path: 'deposit-withdrawal', element: <DepositWithdrawRoute /> },
      ],
    },
    { path: 'investments/transaction', element: <TransactionHistoryPage /> },
    { path: 'investments/statements', element: <StatementsPage /> },
    { path: 'settings', element: <SettingsPage /> },
    { path: 'contact', element: <ContactPage /> },
    { path: 'privacy', element: <PrivacyPage /> },
    { path: 'disclaimer', element: <DisclaimerPage /> },
    { path: 'tour/:step?', element: <TourPage /> },
    { path: 'onboarding/*', element: <OnboardingPage /> },
    { path: 'fund-account/*', element: <FundAccountPage /> },
    { path: 'document/*', element: <DocumentPage /> },
    { path: 'make-investment/*', element: <MakeInvestmentPage /> },
    { path: 'place-bid/*', element: <PlaceOrderPage side="BID" /> },
    { path: 'place-ask/*', element: <PlaceOrderPage side="ASK" /> },
    { path: 'orders', element: <OrdersPage /> },
    { path: 'ats/*', element: <AtsPage /> },
    ...LATER.map(([path, title]) => ({ path: `${path}/*`, element: <PlaceholderPage title={title} /> })),
    { path: '*', element: <Navigate to="/app/home" replace /> },
  ]
}

export function routes(mode: AppMode): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <ErrorPage />,
      children: [
        { path: '/', element: <Navigate to="/app" replace /> },
        { path: '/login', element: <AuthPage kind="login" /> },
        { path: '/signup', element: <AuthPage kind="signup" /> },
        { path: '/password-reset', element: <AuthPage kind="password-reset" /> },
        { path: '/new-password', element: <NewPasswordPage /> },
        { path: '/email/confirm', element: <EmailConfirmPage /> },
        { path: '/dcsigncllbck', element: <SigningCallbackPage /> },
        ...Object.entries(VANITY_REDIRECTS).map(([path, to]) => ({ path: `/${path}`, element: <VanityRedirect to={to} /> })),
        { path: '/app/logout', element: <LogoutPage /> },
        {
          path: '/app',
          element: (
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          ),
          children: appRoutes(mode),
        },
        { path: '*', element: <Navigate to="/app" replace /> },
      ],
    },
  ]
}
