/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPPORT_EMAIL?: string
  readonly VITE_GAIN_LOSS_ENABLED?: string
  readonly VITE_SITE_URL?: string
  readonly VITE_FAQ_URL?: string
  readonly VITE_APP_STORE_URL?: string
  readonly VITE_PLAY_STORE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
