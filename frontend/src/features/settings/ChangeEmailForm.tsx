/**
 * Settings: change e-mail (spec doc 3 §2.7, §8): the new address and the current password; on success the popup
 * 'Please Verify Your Email' (the new address becomes the login address once its link is followed), on failure the
 * popup 'Sorry, an error occurred' with the error. Field errors (an invalid or taken address, a wrong password) go on
 * their fields.
 */
import { Button, Stack, Text } from '@chakra-ui/react'
import { Form, Formik, type FormikHelpers } from 'formik'
import * as Yup from 'yup'
import { useUser } from '../../app/account/userContext'
import { changeEmail } from '../../api/endpoints'
import { errorFromThrown, formErrors } from '../../api/errors'
import { emailError, ENTER_PASSWORD } from '../../domain/validation'
import { TextField } from '../../ui/forms/TextField'
import { useAlert } from '../../ui/alertContext'

interface Values {
  email: string
  password: string
}

const EMPTY: Values = { email: '', password: '' }
const FIELDS = Object.keys(EMPTY)
const schema = Yup.object({
  email: Yup.string()
    .default('')
    .test('email', (value, ctx) => {
      const message = emailError(value)
      return message ? ctx.createError({ message }) : true
    }),
  password: Yup.string().default('').required(ENTER_PASSWORD),
})

export function ChangeEmailForm() {
  const { showAlert } = useAlert()
  const { reload } = useUser()

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    try {
      const answer = await changeEmail(values)
      helpers.resetForm()
      void reload()
      await showAlert({ title: 'Please Verify Your Email', message: answer.detail })
    } catch (e) {
      const error = errorFromThrown(e)
      const form = error.kind === 'CLIENT' ? formErrors(error.read, FIELDS) : { fields: {}, messages: [error.message] }
      helpers.setErrors(form.fields)
      if (form.messages.length > 0 || Object.keys(form.fields).length === 0) {
        await showAlert({ title: 'Sorry, an error occurred', message: form.messages[0] ?? error.message })
      }
    }
  }

  return (
    <Formik initialValues={EMPTY} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Change e-mail">
          <Stack gap="4">
            <Text fontWeight="semibold">Change e-mail</Text>
            <TextField name="email" label="New e-mail" type="email" autoComplete="email" />
            <TextField name="password" label="Current password" type="password" autoComplete="current-password" />
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting} data-testid="save-email">
              Change e-mail
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  )
}
