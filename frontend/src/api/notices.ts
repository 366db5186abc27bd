/**
 * The caller's notices ("Notify me" answered: an asset they asked about opened its offering or its trading): the
 * newest first with the unread count, and marking those the list showed as read. New ones are announced on the
 * shell's trading stream (SSE `notice`), which makes the list be read again.
 */
import { call } from './call'
import { api } from './client'
import type { components } from './schema.gen'

export type Notice = components['schemas']['NoticePublic']
export type Notices = components['schemas']['NoticesPublic']

export const listNotices = () => call(api.GET('/api/notifications/'))

/** Marks the caller's notices up to `upTo` (the newest the list showed) read; answers the list as it is now. */
export const markNoticesRead = (upTo: number) => call(api.POST('/api/notifications/read/', { body: { up_to: upTo } }))
