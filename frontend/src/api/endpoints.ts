/**
 * Every call the app makes (spec doc 1 §7, docs/api-contract.md), answering the schema's types as openapi-fetch infers
 * them (narrowed to the app's own types, types.ts, where they differ)
 * or throwing an ApiError.
 */
import { call } from './call'
import type { components } from './schema.gen'
import { api } from './client'
import type { Asset, AssetPage, AssetStatusUpdate, Category, UpdateSchedule } from './types'

/** An answer's detail (the password change's token is taken out by the middleware, so the answer is only this). */
type Detail = components['schemas']['Detail']

// --- auth and account
export const login = (body: { email: string; password: string; remember_me: boolean }) =>
  call(api.POST('/api/v3/auth/login/', { body }))

export const register = (body: { email: string; password: string; referral_code: string | null }) =>
  call(api.POST('/api/auth/registration/', { body: { ...body, referral_code: body.referral_code ?? '' } }))

export const refreshToken = (token: string) =>
  call(api.POST('/api/token-refresh/', { body: { token } }))

export const logoutOnServer = (token: string) =>
  call(api.POST('/api/auth/logout/', { headers: { Authorization: `JWT ${token}` } }))

export const requestPasswordReset = (email: string) =>
  call(api.POST('/api/auth/password/reset/', { body: { email } }))

export const confirmPasswordReset = (body: { new_password1: string; new_password2: string; uid: string; token: string }) =>
  call(api.POST('/api/auth/password/reset/confirm/', { body }))

export const confirmEmail = (key: string) =>
  call(api.POST('/api/auth/email/confirm/', { body: { key } }))

export const resendEmailConfirmation = (email: string) =>
  call(api.POST('/api/auth/email/verify/', { body: { email } }))

/** The settings page's password change: the answer's token replaces the session's (the middleware takes it out of
 * the answer and keeps it); every other session ends. */
export const changePassword = (body: { old_password: string; new_password1: string; new_password2: string }): Promise<Detail> =>
  call(api.POST('/api/auth/password/change/', { body }))

/** Asks for a new login address (confirmed by a link sent to it); the current password proves the owner. */
export const changeEmail = (body: { email: string; password: string }) =>
  call(api.POST('/api/auth/change-email/', { body }))

export type PersonalInfo = components['schemas']['PersonalInfoOut']
export type PersonalInfoChange = components['schemas']['PersonalInfoIn']

/** Settings → personal information: the SSN masked, the completion percentage. */
export const getPersonalInfo = (userId: number) =>
  call(api.GET('/api/users/{user_id}/personal-information', { params: { path: { user_id: userId } } }))

/** An empty field keeps what is saved (apt may be cleared); a masked SSN too. */
export const savePersonalInfo = (userId: number, body: PersonalInfoChange) =>
  call(api.PUT('/api/users/{user_id}/personal-information', { params: { path: { user_id: userId } }, body }))

export const getUser = (id: number) => call(api.GET('/api/users/{user_id}', { params: { path: { user_id: id } } }))

// --- catalogue
export const getCategories = async (): Promise<Category[]> => (await call(api.GET('/api/categories/'))).items

export const getAssets = async (query?: { query?: string; category?: string }): Promise<Asset[]> =>
  (await call(api.GET('/api/v2/assets/', query ? { params: { query } } : {}))).items

export const getAsset = (id: number): Promise<AssetPage> => call(api.GET('/api/v2/assets/{asset_id}/', { params: { path: { asset_id: id } } }))

export const getUpdateSchedule = () => call(api.GET('/api/v2/asset/status/update-schedule/'))

export const getStatusChanges = (modifiedGte: number): Promise<UpdateSchedule & { items: AssetStatusUpdate[] }> =>
  call(api.GET('/api/v2/asset/status/', { params: { query: { modified_gte: modifiedGte } } }))

export const getHomeScreen = () => call(api.GET('/api/client-screens/home'))

export const getTradingDates = () => call(api.GET('/api/assets/trading-dates/'))

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
  call(api.GET('/api/users/{user_id}/financials/balance', { params: { path: { user_id: userId } } }))
