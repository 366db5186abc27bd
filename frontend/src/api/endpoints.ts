/**
 * Every call the app makes (spec doc 1 §7, docs/api-contract.md), answering the app's own types (types.ts)
 * or throwing an ApiError.
 */
import { call } from './call'
import type { components } from './schema.gen'
import { api } from './client'
import type { Asset, AssetPage, AssetStatusUpdate, AuthAnswer, Balance, Category, HomeScreen, TradingDates, UpdateSchedule, User } from './types'


function items<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[]
  const list = (data as { items?: unknown } | null)?.items
  return Array.isArray(list) ? (list as T[]) : []
}

// --- auth and account
export const login = (body: { email: string; password: string; remember_me: boolean }) =>
  call<AuthAnswer>(api.POST('/api/v3/auth/login/', { body }))

export const register = (body: { email: string; password: string; referral_code: string | null }) =>
  call<AuthAnswer>(api.POST('/api/auth/registration/', { body: { ...body, referral_code: body.referral_code ?? '' } }))

export const refreshToken = (token: string) =>
  call<{ token: string | null }>(api.POST('/api/token-refresh/', { body: { token } }))

export const logoutOnServer = (token: string) =>
  call<unknown>(api.POST('/api/auth/logout/', { headers: { Authorization: `JWT ${token}` } }))

export const requestPasswordReset = (email: string) =>
  call<unknown>(api.POST('/api/auth/password/reset/', { body: { email } }))

export const confirmPasswordReset = (body: { new_password1: string; new_password2: string; uid: string; token: string }) =>
  call<unknown>(api.POST('/api/auth/password/reset/confirm/', { body }))

export const confirmEmail = (key: string) =>
  call<{ detail?: string; email?: string }>(api.POST('/api/auth/email/confirm/', { body: { key } }))

export const resendEmailConfirmation = (email: string) =>
  call<unknown>(api.POST('/api/auth/email/verify/', { body: { email } }))

/** The settings page's password change: the answer's token replaces the session's (the middleware takes it out of
 * the answer and keeps it); every other session ends. */
export const changePassword = (body: { old_password: string; new_password1: string; new_password2: string }) =>
  call<{ detail: string }>(api.POST('/api/auth/password/change/', { body }))

/** Asks for a new login address (confirmed by a link sent to it); the current password proves the owner. */
export const changeEmail = (body: { email: string; password: string }) =>
  call<{ detail: string }>(api.POST('/api/auth/change-email/', { body }))

export type PersonalInfo = components['schemas']['PersonalInfoOut']
export type PersonalInfoChange = components['schemas']['PersonalInfoIn']

/** Settings → personal information: the SSN masked, the completion percentage. */
export const getPersonalInfo = (userId: number) =>
  call<PersonalInfo>(api.GET('/api/users/{user_id}/personal-information', { params: { path: { user_id: userId } } }))

/** An empty field keeps what is saved (apt may be cleared); a masked SSN too. */
export const savePersonalInfo = (userId: number, body: PersonalInfoChange) =>
  call<PersonalInfo>(api.PUT('/api/users/{user_id}/personal-information', { params: { path: { user_id: userId } }, body }))

export const getUser = (id: number) => call<User>(api.GET('/api/users/{user_id}', { params: { path: { user_id: id } } }))

// --- catalogue
export const getCategories = async (): Promise<Category[]> => items<Category>(await call(api.GET('/api/categories/')))

export const getAssets = async (query?: { query?: string; category?: string }): Promise<Asset[]> =>
  items<Asset>(await call(api.GET('/api/v2/assets/', query ? { params: { query } } : {})))

export const getAsset = (id: number) => call<AssetPage>(api.GET('/api/v2/assets/{asset_id}/', { params: { path: { asset_id: id } } }))

export const getUpdateSchedule = () => call<UpdateSchedule>(api.GET('/api/v2/asset/status/update-schedule/'))

export const getStatusChanges = async (modifiedGte: number): Promise<UpdateSchedule & { items: AssetStatusUpdate[] }> => {
  const data = await call<Partial<UpdateSchedule> & { items?: unknown }>(
    api.GET('/api/v2/asset/status/', { params: { query: { modified_gte: modifiedGte } } }),
  )
  return {
    items: items<AssetStatusUpdate>(data),
    next_update_timestamp: Number(data.next_update_timestamp ?? 0),
    update_seconds_interval: Number(data.update_seconds_interval ?? 0),
  }
}

export const getHomeScreen = () => call<HomeScreen>(api.GET('/api/client-screens/home'))

export const getTradingDates = () => call<TradingDates>(api.GET('/api/assets/trading-dates/'))

export type NotifyKind = 'notify_me' | 'notify_on_trading'

export async function setNotification(kind: NotifyKind, assetId: number, on: boolean): Promise<void> {
  if (kind === 'notify_me') {
    await (on
      ? call(api.POST('/api/assets/notify_me/', { body: { asset: assetId } }))
      : call(api.DELETE('/api/assets/notify_me/{asset_id}/', { params: { path: { asset_id: assetId } } })))
  } else {
    await (on
      ? call(api.POST('/api/assets/notify-on-trading/', { body: { asset: assetId } }))
      : call(api.DELETE('/api/assets/notify-on-trading/{asset_id}/', { params: { path: { asset_id: assetId } } })))
  }
}

// --- financials
export const getBalance = (userId: number) =>
  call<Balance>(api.GET('/api/users/{user_id}/financials/balance', { params: { path: { user_id: userId } } }))
