/** The route table (spec doc 1 §2): public pages, vanity redirects and the logged-in app per mode. */
import type { ComponentType, ReactElement } from 'react'
import { Navigate, Outlet, type RouteObject } from 'react-router'
import { VANITY_REDIRECTS } from './config'
import type { AppMode } from './domain/mode'
import { AssetsPage } from './pages/AssetsPage'
import { HomePage } from './pages/HomePage'
import { LogoutPage } from './pages/LogoutPage'
import { VanityRedirect } from './pages/VanityRedirect'
import { RequireAuth } from './session/RequireAuth'
import { AppShell } from './shell/AppShell'
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
    const { PlaceOrderPage } = await trackJob(import('./trade/PlaceOrderPage'))
    return { element: <PlaceOrderPage side={side} /> }
  }
}

/** The sign-in pages: their forms (Formik, Yup and the rules) load with them, not with the app. */
function authPage(kind: 'login' | 'signup' | 'password-reset'): () => Promise<{ element: ReactElement }> {
  return async () => {
    const { AuthPage } = await trackJob(import('./pages/auth/AuthPage'))
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
      { path: 'make-investment/*', lazy: page(() => import('./invest/MakeInvestmentPage'), (m) => m.MakeInvestmentPage) },
      { path: 'contact', lazy: page(() => import('./pages/ContactPage'), (m) => m.ContactPage) },
      { path: 'privacy', lazy: page(() => import('./pages/PrivacyPage'), (m) => m.PrivacyPage) },
      { path: '*', element: <Navigate to="/app/assets" replace /> },
    ]
  }
  return [
    { index: true, element: <Navigate to="/app/home" replace /> },
    { path: 'home', element: <HomePage /> },
    ...assetRoutes,
    {
      path: 'investments',
      lazy: page(() => import('./pages/InvestmentsPage'), (m) => m.InvestmentsPage),
      children: [
        { index: true, element: null },
        { path: 'microdeposits', lazy: page(() => import('./portfolio/MicroDepositDialog'), (m) => m.MicroDepositDialog) },
        { path: 'deposit-withdrawal', lazy: page(() => import('./portfolio/DepositWithdrawRoute'), (m) => m.DepositWithdrawRoute) },
      ],
    },
    { path: 'investments/transaction', lazy: page(() => import('./pages/TransactionHistoryPage'), (m) => m.TransactionHistoryPage) },
    { path: 'investments/statements', lazy: page(() => import('./pages/StatementsPage'), (m) => m.StatementsPage) },
    { path: 'settings', lazy: page(() => import('./pages/SettingsPage'), (m) => m.SettingsPage) },
    { path: 'contact', lazy: page(() => import('./pages/ContactPage'), (m) => m.ContactPage) },
    { path: 'privacy', lazy: page(() => import('./pages/PrivacyPage'), (m) => m.PrivacyPage) },
    { path: 'disclaimer', lazy: page(() => import('./pages/DisclaimerPage'), (m) => m.DisclaimerPage) },
    { path: 'external-link', lazy: page(() => import('./pages/ExternalLinkPage'), (m) => m.ExternalLinkPage) },
    { path: 'tour/:step?', lazy: page(() => import('./pages/TourPage'), (m) => m.TourPage) },
    { path: 'onboarding/*', lazy: page(() => import('./onboarding/OnboardingPage'), (m) => m.OnboardingPage) },
    { path: 'fund-account/*', lazy: page(() => import('./funding/FundAccountPage'), (m) => m.FundAccountPage) },
    { path: 'document/*', lazy: page(() => import('./documents/DocumentPage'), (m) => m.DocumentPage) },
    { path: 'make-investment/*', lazy: page(() => import('./invest/MakeInvestmentPage'), (m) => m.MakeInvestmentPage) },
    { path: 'place-bid/*', lazy: placeOrder('BID') },
    { path: 'place-ask/*', lazy: placeOrder('ASK') },
    { path: 'orders', lazy: page(() => import('./trading/OrdersPage'), (m) => m.OrdersPage) },
    { path: 'details', lazy: page(() => import('./asset/DetailsPage'), (m) => m.DetailsPage) },
    { path: 'gallery', lazy: page(() => import('./asset/GalleryPage'), (m) => m.GalleryPage) },
    { path: 'legal', lazy: page(() => import('./asset/LegalPage'), (m) => m.LegalPage) },
    { path: 'chat', lazy: page(() => import('./asset/ChatPage'), (m) => m.ChatPage) },
    { path: 'investments-calendar', lazy: page(() => import('./pages/CalendarPage'), (m) => m.CalendarPage) },
    { path: 'ats/*', lazy: page(() => import('./trading/AtsPage'), (m) => m.AtsPage) },
    { path: 'profile-update/*', lazy: page(() => import('./profile/ProfileUpdatePage'), (m) => m.ProfileUpdatePage) },
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
        { path: '/new-password', lazy: page(() => import('./pages/auth/NewPasswordPage'), (m) => m.NewPasswordPage) },
        { path: '/email/confirm', lazy: page(() => import('./pages/auth/EmailConfirmPage'), (m) => m.EmailConfirmPage) },
        { path: '/faq', lazy: page(() => import('./pages/FaqPage'), (m) => m.FaqPage) }, // public: logged in or out
        { path: '/dcsigncllbck', lazy: page(() => import('./pages/auth/SigningCallbackPage'), (m) => m.SigningCallbackPage) },
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
