/** Yup schemas for the auth forms, built on the rules in validation.ts. */
import * as Yup from 'yup'
import { cleanText } from './text'
import { emailError, ENTER_PASSWORD, FILL_PASSWORD_FIELDS, newPasswordError } from './validation'

const email = Yup.string()
  .transform((v: unknown) => (typeof v === 'string' ? cleanText(v) : v))
  .default('')
  .test('email', (value, ctx) => {
    const message = emailError(value)
    return message ? ctx.createError({ message }) : true
  })

const password = Yup.string().default('').required(ENTER_PASSWORD)

export const loginSchema = Yup.object({
  email,
  password,
  remember_me: Yup.boolean().default(false),
})

export const signupSchema = Yup.object({
  email,
  password,
})

export const resetSchema = Yup.object({ email })

export const newPasswordSchema = Yup.object({
  new_password1: Yup.string().default('').required(FILL_PASSWORD_FIELDS),
  new_password2: Yup.string()
    .default('')
    .required(FILL_PASSWORD_FIELDS)
    .test('new-password', (value, ctx) => {
      const message = newPasswordError(ctx.parent.new_password1 as string | undefined, value)
      return message ? ctx.createError({ message }) : true
    }),
})
