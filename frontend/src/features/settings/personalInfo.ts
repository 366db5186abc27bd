/**
 * Settings → personal information (spec doc 3 §2.7, §8), mirrored from domain/personal_info.py: the completion
 * percentage over the required fields, and the checks of a value a person typed (an empty field keeps what is saved,
 * so only what is filled is checked): the onboarding's rules (profile.ts) and 'Date is invalid' for a date of birth.
 */
import * as Yup from 'yup'
import * as r from '../../domain/profile'
import { personalInfoRules as rules } from '../../domain/rules.gen'

export type PersonalInfoValues = Record<(typeof rules.FIELDS)[number], string>

export function completion(values: Partial<PersonalInfoValues>): number {
  const filled = rules.REQUIRED.filter((f) => r.text(values[f])).length
  return Math.floor((filled * 100) / rules.REQUIRED.length)
}

/** The banner's warning: an address line that is a P.O. box. */
export function hasPoBox(values: Partial<PersonalInfoValues>): boolean {
  return r.isPoBox(r.text(values.address)) || r.isPoBox(r.text(values.apt))
}

const MASKED = /^\*{3}-\*{2}-\d{4}$/
const filled = (check: (v: string) => string | null) =>
  Yup.string()
    .default('')
    .test('rule', function test(value) {
      const v = r.text(value)
      const message = v ? check(v) : null
      return message ? this.createError({ message }) : true
    })

export const personalInfoSchema = (today: r.CalendarDate = r.calendarToday()) =>
  Yup.object({
    first_name: filled(() => null),
    last_name: filled(() => null),
    address: filled((v) => r.addressLineError(v, false)),
    apt: filled((v) => r.addressLineError(v, false)),
    city: filled(() => null),
    state: filled((v) => r.stateError(v)),
    postal_code: filled((v) => r.zipError(v)),
    date_of_birth: filled((v) => (r.dobError(v, today) ? rules.DATE_INVALID : null)),
    ssn: filled((v) => (MASKED.test(v) ? null : r.ssnError(v, false))),
    phone_number: filled((v) => r.phoneError(v)),
  })
