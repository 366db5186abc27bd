/**
 * The settings page's password change (spec doc 3 §2.7, §8), mirrored from domain/password_change.py with its messages
 * from rules.gen.ts: the first broken rule of each field, shown on that field.
 */
import * as Yup from 'yup'
import { passwordChangeRules as r } from '../../domain/rules.gen'

export interface PasswordChangeValues {
  old_password: string
  new_password1: string
  new_password2: string
}

export function newPasswordProblem(next: string, current: string): string | null {
  if (!next) return r.NEW_PASSWORD_REQUIRED
  if (!/[A-Z]/.test(next)) return r.UPPERCASE_REQUIRED
  if (!/\d/.test(next)) return r.DIGIT_REQUIRED
  if (next.length < r.MIN_LENGTH) return r.TOO_SHORT
  if (current && next === current) return r.SAME_PASSWORD
  return null
}

/** Field → message for every field that breaks a rule (empty: the change may be sent). */
export function passwordChangeErrors(v: PasswordChangeValues): Partial<Record<keyof PasswordChangeValues, string>> {
  const errors: Partial<Record<keyof PasswordChangeValues, string>> = {}
  if (!v.old_password) errors.old_password = r.CURRENT_PASSWORD_REQUIRED
  const problem = newPasswordProblem(v.new_password1, v.old_password)
  if (problem) errors.new_password1 = problem
  if (!v.new_password2) errors.new_password2 = r.CONFIRM_PASSWORD_REQUIRED
  else if (v.new_password2 !== v.new_password1) errors.new_password2 = r.PASSWORDS_SHOULD_MATCH
  return errors
}

const fieldRule = (name: keyof PasswordChangeValues) =>
  Yup.string()
    .default('')
    .test(name, (_value, ctx) => {
      const message = passwordChangeErrors(ctx.parent as PasswordChangeValues)[name]
      return message ? ctx.createError({ message }) : true
    })

export const passwordChangeSchema = Yup.object({
  old_password: fieldRule('old_password'),
  new_password1: fieldRule('new_password1'),
  new_password2: fieldRule('new_password2'),
})
