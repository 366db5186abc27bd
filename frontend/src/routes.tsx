/** The route table (spec doc 1 §2): public pages, vanity redirects and the logged-in app per mode. */
import type { ComponentType, ReactElement } from 'react'
import { Navigate, Outlet, type RouteObject } from 'react-router'
import { VANITY_REDIRECTS } from './config'
import type { AppMode } from './domain/mode'
import { AssetsPage } from './features/assets/AssetsPage'
import { HomePage } from './features/home/HomePage'
import { LogoutPage } from './features/auth/LogoutPage'
import { VanityRedirect } from './app/VanityRedirect'
import { RequireAuth } from './app/session/RequireAuth'
import { AppShell } from './app/shell/AppShell'
import { ErrorPage } from './ui/ErrorPage'
import { PageLoading } from './ui/PageLoading'
import { trackJob } from './ui/loaderStore'

/**
 * A page loaded when its route is first visited (its own chunk, with the libraries only it uses): the flows, the
 * portfolio, trading and settings stay out of the JavaScript the first screen needs (README "Bundle"). The shell,
 * the sign-in pages, home and the catalogue load with the app.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: pick(await trackJob(load())) }) // the top bar runs while the chunk loads
}

function placeOrder(side: 'BID' | 'ASK'): () => Promise<{ element: ReactElement }> {
  return async () => {
    const { PlaceOrderPage } = await trackJob(import('./features/trading/place-order/PlaceOrderPage'))
    return { element: <PlaceOrderPage side={side} /> }
  }
}

/** The sign-in pages: their forms (Formik, Yup and the rules) load with them, not with the app. */
function authPage(kind: 'login' | 'signup' | 'password-reset'): () => Promise<{ element: ReactElement }> {
  return async () => {
    const { AuthPage } = await trackJob(import('./features/auth/AuthPage'))
    return { element: <AuthPage kind={kind} /> }
  }
}

const assetRoutes: RouteObject[] = [
  { path: 'assets', element: <AssetsPage /> },
  { path: 'assets/:category', element: <AssetsPage /> },
  { path: 'assets/:category/:ticker', element: <AssetsPage /> },
]

function appRoutes(mode: AppMode): RouteObject[] {
  if (mode === 'special') {
    return [
      { index: true, element: <Navigate to="/app/assets" replace /> },
      ...assetRoutes,
      // a free share (special access) is redeemed through the purchase flow
      { path: 'make-investment/*', lazy: page(() => import('./features/purchase/MakeInvestmentPage'), (m) => m.MakeInvestmentPage) },
      { path: 'contact', lazy: page(() => import('./features/legal/ContactPage'), (m) => m.ContactPage) },
      { path: 'privacy', lazy: page(() => import('./features/legal/PrivacyPage'), (m) => m.PrivacyPage) },
      { path: '*', element: <Navigate to="/app/assets" replace /> },
    ]
  }
  return [
    { index: true, element: <Navigate to="/app/home" replace /> },
    { path: 'home', element: <HomePage /> },
    ...assetRoutes,
    {
      path: 'investments',
      lazy: page(() => import('./features/portfolio/InvestmentsPage'), (m) => m.InvestmentsPage),
      children: [
        { index: true, element: null },
        { path: 'microdeposits', lazy: page(() => import('./features/portfolio/MicroDepositDialog'), (m) => m.MicroDepositDialog) },
        { path: 'deposit-withdrawal', lazy: page(() => import('./features/portfolio/DepositWithdrawRoute'), (m) => m.DepositWithdrawRoute) },
      ],
    },
    { path: 'investments/transaction', lazy: page(() => import('./features/portfolio/TransactionHistoryPage'), (m) => m.TransactionHistoryPage) },
    { path: 'investments/statements', lazy: page(() => import('./features/statements/StatementsPage'), (m) => m.StatementsPage) },
    { path: 'settings', lazy: page(() => import('./features/settings/SettingsPage'), (m) => m.SettingsPage) },
    { path: 'contact', lazy: page(() => import('./features/legal/ContactPage'), (m) => m.ContactPage) },
    { path: 'privacy', lazy: page(() => import('./features/legal/PrivacyPage'), (m) => m.PrivacyPage) },
    { path: 'disclaimer', lazy: page(() => import('./features/legal/DisclaimerPage'), (m) => m.DisclaimerPage) },
    { path: 'external-link', lazy: page(() => import('./features/legal/ExternalLinkPage'), (m) => m.ExternalLinkPage) },
    { path: 'tour/:step?', lazy: page(() => import('./features/tour/TourPage'), (m) => m.TourPage) },
    { path: 'onboarding/*', lazy: page(() => import('./features/onboarding/OnboardingPage'), (m) => m.OnboardingPage) },
    { path: 'fund-account/*', lazy: page(() => import('./features/funding/FundAccountPage'), (m) => m.FundAccountPage) },
    { path: 'document/*', lazy: page(() => import('./features/documents/DocumentPage'), (m) => m.DocumentPage) },
    { path: 'make-investment/*', lazy: page(() => import('./features/purchase/MakeInvestmentPage'), (m) => m.MakeInvestmentPage) },
    { path: 'place-bid/*', lazy: placeOrder('BID') },
    { path: 'place-ask/*', lazy: placeOrder('ASK') },
    { path: 'orders', lazy: page(() => import('./features/trading/OrdersPage'), (m) => m.OrdersPage) },
    { path: 'details', lazy: page(() => import('./features/assets/page/DetailsPage'), (m) => m.DetailsPage) },
    { path: 'gallery', lazy: page(() => import('./features/assets/page/GalleryPage'), (m) => m.GalleryPage) },
    { path: 'legal', lazy: page(() => import('./features/assets/page/LegalPage'), (m) => m.LegalPage) },
    { path: 'chat', lazy: page(() => import('./features/assets/page/ChatPage'), (m) => m.ChatPage) },
    { path: 'investments-calendar', lazy: page(() => import('./features/calendar/CalendarPage'), (m) => m.CalendarPage) },
    { path: 'ats/*', lazy: page(() => import('./features/trading/AtsPage'), (m) => m.AtsPage) },
    { path: 'profile-update/*', lazy: page(() => import('./features/profile/ProfileUpdatePage'), (m) => m.ProfileUpdatePage) },
    { path: '*', element: <Navigate to="/app/home" replace /> },
  ]
}

export function routes(mode: AppMode): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <PageLoading />, // a first visit straight to a lazy page, while its chunk loads
      children: [
        { path: '/', element: <Navigate to="/app" replace /> },
        { path: '/login', lazy: authPage('login') },
        { path: '/signup', lazy: authPage('signup') },
        { path: '/password-reset', lazy: authPage('password-reset') },
        { path: '/new-password', lazy: page(() => import('./features/auth/NewPasswordPage'), (m) => m.NewPasswordPage) },
        { path: '/email/confirm', lazy: page(() => import('./features/auth/EmailConfirmPage'), (m) => m.EmailConfirmPage) },
        { path: '/faq', lazy: page(() => import('./features/legal/FaqPage'), (m) => m.FaqPage) }, // public: logged in or out
        { path: '/dcsigncllbck', lazy: page(() => import('./features/auth/SigningCallbackPage'), (m) => m.SigningCallbackPage) },
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
