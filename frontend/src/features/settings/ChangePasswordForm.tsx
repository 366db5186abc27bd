/**
 * Settings: change password (spec doc 3 §2.7, §8): current, new and confirmation with the spec's messages on each
 * field; a wrong current password says so on its field; any other failure 'Oops - Something went wrong. Please try
 * again.' The answer's token replaces the session's: this browser stays logged in, every other session ends.
 */
import { Button, Stack, Text } from '@chakra-ui/react'
import { Form, Formik, type FormikHelpers } from 'formik'
import { useState } from 'react'
import { changePassword } from '../../api/endpoints'
import { errorFromThrown, formErrors } from '../../api/errors'
import { passwordChangeSchema, type PasswordChangeValues } from './passwordChange'
import { passwordChangeRules as r } from '../../domain/rules.gen'
import { FormAlert } from '../../ui/forms/FormAlert'
import { TextField } from '../../ui/forms/TextField'
import { useAlert } from '../../ui/alertContext'

const EMPTY: PasswordChangeValues = { old_password: '', new_password1: '', new_password2: '' }
const FIELDS = Object.keys(EMPTY)

export function ChangePasswordForm() {
  const { showAlert } = useAlert()
  const [failure, setFailure] = useState<string | null>(null)

  const submit = async (values: PasswordChangeValues, helpers: FormikHelpers<PasswordChangeValues>) => {
    setFailure(null)
    try {
      await changePassword(values) // the client's middleware keeps the answer's token (api/middleware.ts)
      helpers.resetForm()
      await showAlert({ title: 'Password changed', message: 'Your new password is saved. Other devices were logged out.' })
    } catch (e) {
      const error = errorFromThrown(e)
      const form = error.kind === 'CLIENT' ? formErrors(error.read, FIELDS) : { fields: {}, messages: [] }
      helpers.setErrors(form.fields)
      if (Object.keys(form.fields).length === 0) {
        console.error('password change failed', e) // reported (spec doc 3 §8)
        setFailure(r.SAVE_FAILED)
      }
    }
  }

  return (
    <Formik initialValues={EMPTY} validationSchema={passwordChangeSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Change password">
          <Stack gap="4">
            <Text fontWeight="semibold">Change password</Text>
            <FormAlert messages={failure ? [failure] : []} />
            <TextField name="old_password" label="Current password" type="password" autoComplete="current-password" />
            <TextField name="new_password1" label="New password" type="password" autoComplete="new-password" />
            <TextField name="new_password2" label="Confirm new password" type="password" autoComplete="new-password" />
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting} data-testid="save-password">
              Save password
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  )
}
