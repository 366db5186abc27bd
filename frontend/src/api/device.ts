/**
 * Device push registration (spec doc 1 §7 POST /api/device/fcm/ {registration_id}) and its removal on logout
 * (DELETE /api/device/fcm/ with the same body, sent with the session's token before that token is revoked).
 */
import { call } from './call'
import { api } from './client'

export const registerDevice = (registrationId: string) =>
  call(api.POST('/api/device/fcm/', { body: { registration_id: registrationId } }))

export const unregisterDevice = (token: string, registrationId: string) =>
  call(api.DELETE('/api/device/fcm/', { body: { registration_id: registrationId }, headers: { Authorization: `JWT ${token}` } }))
