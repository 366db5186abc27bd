/**
 * Every server-state key of the app (TanStack Query), in one place: a read's key names what it shows, so a write
 * invalidates by prefix (e.g. `keys.user(id)` after a notify change, `keys.financials(id)` after a transfer).
 */
export const keys = {
  allUsers: () => ['user'] as const,
  allFinancials: () => ['financials'] as const,
  allTrading: () => ['trading'] as const,
  user: (userId: number) => ['user', userId] as const,
  personalInfo: (userId: number) => ['user', userId, 'personal-information'] as const,
  categories: () => ['catalogue', 'categories'] as const,
  assets: () => ['catalogue', 'assets'] as const,
  asset: (assetId: number) => ['catalogue', 'asset', assetId] as const,
  homeScreen: () => ['home-screen'] as const,
  tradingDates: () => ['catalogue', 'trading-dates'] as const,
  /** everything money: balance, bank, status, investments, transactions */
  financials: (userId: number) => ['financials', userId] as const,
  portfolio: (userId: number) => ['financials', userId, 'portfolio'] as const,
  gainLoss: (userId: number) => ['financials', userId, 'gain-loss'] as const,
  transactions: (userId: number) => ['financials', userId, 'transactions'] as const,
  forms: (userId: number, kind: 'statements' | 'taxforms') => ['financials', userId, 'forms', kind] as const,
  fundingGate: (userId: number) => ['financials', userId, 'gate'] as const,
  /** a wizard's flow (flows/useFlow.ts): opened with `start` (its JSON), then kept current by its event stream */
  flow: (kind: string, start: string) => ['flow', kind, start] as const,
  /** the catalogue's status update schedule (features/assets/catalogue/useLiveUpdates.ts): the next update's time */
  statusUpdates: () => ['asset-status-updates'] as const,
  /** an e-mail confirmation link's POST (features/auth/EmailConfirmPage.tsx): sent once per key */
  emailConfirmation: (key: string) => ['email-confirmation', key] as const,
  merchProducts: (ids: readonly number[]) => ['merchandise', [...ids].sort((a, b) => a - b)] as const,
  /** one instrument's trading screen: orders, book, positions */
  trading: (userId: number) => ['trading', userId] as const,
  tradingView: (userId: number, assetId: number | null, instrumentId: string | null) => ['trading', userId, assetId, instrumentId] as const,
  positions: (accountId: string) => ['trading', 'account', accountId, 'positions'] as const,
  order: (userId: number, orderId: string) => ['trading', userId, 'order', orderId] as const,
  allWindows: () => ['trading-window'] as const,
  window: (windowId: string) => ['trading-window', windowId] as const,
  /** an instrument's market as its trading stream tells it (trading/liveMarket.ts): written by the stream, never read */
  liveMarket: (instrumentId: string) => ['live-market', instrumentId] as const,
  priceHistory: (instrumentId: string) => ['price-history', instrumentId] as const,
  /** the caller's notices (the shell's bell): read again on the stream's `notice` */
  notices: (userId: number) => ['notices', userId] as const,
}
