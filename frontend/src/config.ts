/** Global constants (spec doc 1 §9) and the external links, overridable at build time with VITE_* variables. */
const env = import.meta.env

export const APP_NAME = 'Vitrine'
export const APP_VERSION = '2.12.0'
export const REQUEST_TIMEOUT_MS = 60_000
export const ASSET_REFRESH_INTERVAL_MS = 15_000
export const ASSET_SCHEDULE_MAX_RETRIES = 10
export const NAV_NOTIFICATION_HIDE_MS = 6_000
export const MOBILE_MAX_WIDTH_PX = 767
export const SIGNUP_REDIRECT_DELAY_MS = 1_000

/** Feature flags (spec doc 1 §9): their defaults. */
export const FEATURE_FLAGS = {
  /** My Portfolio's all-time gain/loss block */
  gainLossEnabled: env.VITE_GAIN_LOSS_ENABLED !== 'off',
} as const

export const SUPPORT_EMAIL: string = env.VITE_SUPPORT_EMAIL || 'support@vitrine.app'
export const SUPPORT_PHONE: string = env.VITE_SUPPORT_PHONE || '+1 (646) 555-0134'
/** Social accounts shown on the contact page, in order. */
export const SOCIAL_LINKS: readonly (readonly [string, string])[] = [
  ['Instagram', env.VITE_INSTAGRAM_URL || 'https://www.instagram.com/vitrine.app'],
  ['X', env.VITE_X_URL || 'https://x.com/vitrineapp'],
  ['Facebook', env.VITE_FACEBOOK_URL || 'https://www.facebook.com/vitrine.app'],
  ['YouTube', env.VITE_YOUTUBE_URL || 'https://www.youtube.com/@vitrineapp'],
]
export const SITE_URL: string = env.VITE_SITE_URL || 'https://www.vitrine.app'
/** The app's own FAQ page (features/legal/FaqPage.tsx), opened in a new tab by every link to it (spec doc 1 §2). */
export const FAQ_URL: string = env.VITE_FAQ_URL || '/faq'
export const APP_STORE_URL: string = env.VITE_APP_STORE_URL || 'https://apps.apple.com/app/vitrine'
export const PLAY_STORE_URL: string = env.VITE_PLAY_STORE_URL || 'https://play.google.com/store/apps/details?id=app.vitrine'

/** Short vanity paths that send the browser to external campaign or app-download links (spec doc 1 §2). */
export const VANITY_REDIRECTS: Readonly<Record<string, string>> = {
  cash: `${SITE_URL}/cash`,
  autoplicity: `${SITE_URL}/autoplicity`,
  dash: `${SITE_URL}/dash`,
  download: `${SITE_URL}/download`,
  media: `${SITE_URL}/press`,
  ios: APP_STORE_URL,
  android: PLAY_STORE_URL,
}
