/**
 * /app/profile-update (spec doc 1 §2: sub-steps including name-phone-info and profile-confirmation; doc 2 §2.2): the
 * profile's identity details edited screen by screen with the onboarding's own steps and rules (profileSchemas.ts,
 * the server's messages), then a confirmation screen, then one save through the settings page's call
 * (PUT /api/users/{id}/personal-information). No workflow runs behind it: the screens are one form cut in three,
 * and nothing is saved before Confirm.
 */
import type { AnyObjectSchema } from 'yup'
import type { PersonalInfo } from '../../api/endpoints'
import { formatPhone } from '../../domain/formatters'
import { calendarToday, text, type CalendarDate } from '../../domain/profile'
import { dateOfBirthSchema, homeAddressSchema, namePhoneSchema } from '../../domain/profileSchemas'
import { STATES } from '../../domain/states'

export const PROFILE_UPDATE_BASE = '/app/profile-update'
export const CONFIRMATION = 'profile-confirmation'

/** The form screens in order, each with the fields it edits (the onboarding's step ids and field names). */
export const FORM_STEPS = [
  { id: 'name-phone-info', fields: ['first_name', 'last_name', 'phone_number'] },
  { id: 'date-of-birth', fields: ['date_of_birth'] },
  { id: 'home-address', fields: ['address', 'apt', 'city', 'state', 'postal_code'] },
] as const

export type FormStepId = (typeof FORM_STEPS)[number]['id']
export type ProfileUpdateStep = FormStepId | typeof CONFIRMATION
export type DraftField = (typeof FORM_STEPS)[number]['fields'][number]
export type Draft = Record<DraftField, string>

export const STEP_IDS: readonly ProfileUpdateStep[] = [...FORM_STEPS.map((s) => s.id), CONFIRMATION]
export const DRAFT_FIELDS: readonly DraftField[] = FORM_STEPS.flatMap((s) => [...s.fields])

export function isStep(value: string | undefined): value is ProfileUpdateStep {
  return value !== undefined && (STEP_IDS as readonly string[]).includes(value)
}

export function stepPath(step: ProfileUpdateStep): string {
  return `${PROFILE_UPDATE_BASE}/${step}`
}

/** What the screens start from: the saved personal information (the SSN is not part of this update). */
export function draftOf(info: Partial<PersonalInfo>): Draft {
  return Object.fromEntries(DRAFT_FIELDS.map((f) => [f, String(info[f] ?? '')])) as Draft
}

function schemaOf(step: FormStepId, today: CalendarDate): AnyObjectSchema {
  if (step === 'name-phone-info') return namePhoneSchema
  if (step === 'date-of-birth') return dateOfBirthSchema(today)
  return homeAddressSchema
}

/** The first form screen whose fields the onboarding's rules refuse, or null when all pass. */
export function firstIncomplete(draft: Draft, today: CalendarDate = calendarToday()): FormStepId | null {
  return FORM_STEPS.find((s) => !schemaOf(s.id, today).isValidSync(draft))?.id ?? null
}

/**
 * The screen to show for the URL's `requested` one: itself when every screen before it passes the rules, else the
 * first one that does not (a link straight to the confirmation with a date of birth missing lands on date-of-birth).
 */
export function reachableStep(requested: ProfileUpdateStep, draft: Draft, today: CalendarDate = calendarToday()): ProfileUpdateStep {
  const blocking = firstIncomplete(draft, today)
  if (blocking === null) return requested
  return STEP_IDS.indexOf(blocking) < STEP_IDS.indexOf(requested) ? blocking : requested
}

export function nextStep(step: ProfileUpdateStep): ProfileUpdateStep | null {
  return STEP_IDS[STEP_IDS.indexOf(step) + 1] ?? null
}

export function previousStep(step: ProfileUpdateStep): ProfileUpdateStep | null {
  const i = STEP_IDS.indexOf(step)
  return i > 0 ? (STEP_IDS[i - 1] ?? null) : null
}

export function stepOfField(field: string): FormStepId | null {
  return FORM_STEPS.find((s) => (s.fields as readonly string[]).includes(field))?.id ?? null
}

/** Where the person goes when they are done or cancel: the app page they came from, else Settings. */
export function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/app/') || from.startsWith('//')) return '/app/settings'
  if (from === PROFILE_UPDATE_BASE || from.startsWith(`${PROFILE_UPDATE_BASE}/`) || from.startsWith('/app/logout')) return '/app/settings'
  return from
}

/** What is sent: every field of the update cleaned the way the server reads it (an emptied apt clears it). */
export function payloadOf(draft: Draft): Draft {
  return Object.fromEntries(DRAFT_FIELDS.map((f) => [f, text(draft[f])])) as Draft
}

/** The fields whose value differs from what is saved (as the server compares them: cleaned; the phone by its digits). */
export function changedFields(saved: Draft, draft: Draft): DraftField[] {
  const norm = (f: DraftField, v: string) => (f === 'phone_number' ? text(v).replace(/\D/g, '') : text(v))
  return DRAFT_FIELDS.filter((f) => norm(f, saved[f]) !== norm(f, draft[f]))
}

/** The confirmation screen's groups: one per form screen, with its lines (a label and the value as shown). */
export interface SummaryGroup {
  step: FormStepId
  title: string
  rows: { label: string; value: string; fields: readonly DraftField[] }[]
}

export function summaryGroups(draft: Draft): SummaryGroup[] {
  const d = payloadOf(draft)
  return [
    {
      step: 'name-phone-info',
      title: 'Name and phone',
      rows: [
        { label: 'First name', value: d.first_name, fields: ['first_name'] },
        { label: 'Last name', value: d.last_name, fields: ['last_name'] },
        { label: 'Phone number', value: formatPhone(d.phone_number), fields: ['phone_number'] },
      ],
    },
    { step: 'date-of-birth', title: 'Date of birth', rows: [{ label: 'Date of birth', value: d.date_of_birth, fields: ['date_of_birth'] }] },
    {
      step: 'home-address',
      title: 'Home address',
      rows: [
        { label: 'Address', value: d.address, fields: ['address'] },
        { label: 'Apt, suite or unit', value: d.apt, fields: ['apt'] },
        { label: 'City', value: d.city, fields: ['city'] },
        { label: 'State', value: STATES[d.state] ?? d.state, fields: ['state'] },
        { label: 'ZIP code', value: d.postal_code, fields: ['postal_code'] },
      ],
    },
  ]
}
