/**
 * A step's Formik form: the Yup schema mirrors the server's rules; on submit the payload goes to
 * POST .../steps/{step}; a 422 (the one error shape, read by api/errors.ts) puts its field errors on the fields
 * (setErrors) and every other message, the first one first, in a live region.
 * The first invalid field gets the focus after a failed submit; `alertFor` turns some errors into a modal.
 */
import { Stack } from '@chakra-ui/react'
import { Form, Formik, useFormikContext, type FormikErrors, type FormikProps, type FormikValues } from 'formik'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { AnyObjectSchema } from 'yup'
import { formErrors } from '../api/errors'
import { FormAlert } from '../ui/forms/FormAlert'
import { useAlert, type AlertOptions } from '../ui/alertContext'
import { useFlowStep } from './stepContext'
import { StepActions } from './StepActions'
import type { StepFields } from './types'

type Errors = Record<string, string>

interface Props<V extends FormikValues> {
  initialValues: V
  schema: AnyObjectSchema
  toPayload?: (values: V) => StepFields
  submitLabel?: string
  /** some errors are shown as a modal (e.g. the 'Risk Profile Alert'); their fields are then left unmarked */
  alertFor?: (errors: Errors) => AlertOptions | null
  submitDisabled?: (values: V) => boolean
  /** the step draws its own buttons */
  actions?: (formik: FormikProps<V>) => ReactNode
  children: ReactNode | ((formik: FormikProps<V>) => ReactNode)
}

export function StepForm<V extends FormikValues>({ initialValues, schema, toPayload, submitLabel = 'Continue', alertFor, submitDisabled, actions, children }: Props<V>) {
  const { submit } = useFlowStep()
  const [messages, setMessages] = useState<string[]>([])
  return (
    <Formik<V>
      initialValues={initialValues}
      validationSchema={schema}
      enableReinitialize
      onSubmit={async (values, helpers) => {
        setMessages([])
        const fields = toPayload ? toPayload(values) : (values as StepFields)
        const outcome = await submit(fields)
        if (outcome?.kind === 'invalid') {
          const known = Object.keys(values)
          const form = formErrors(outcome.error, known)
          helpers.setErrors(form.fields as FormikErrors<V>)
          helpers.setTouched(Object.fromEntries(known.map((k) => [k, true])) as never, false)
          setMessages(form.messages)
        } else if (outcome?.kind === 'moved') {
          setMessages(outcome.error.messages)
        }
      }}
    >
      {(formik) => (
        <Form noValidate>
          <Stack gap="5">
            <Stack gap="5">{typeof children === 'function' ? children(formik) : children}</Stack>
            <div aria-live="assertive" aria-atomic="true">
              <FormAlert messages={messages} />
            </div>
            {actions ? actions(formik) : <StepActions label={submitLabel} disabled={submitDisabled?.(formik.values) ?? false} />}
          </Stack>
          <AfterSubmit alertFor={alertFor} />
        </Form>
      )}
    </Formik>
  )
}

/** After each finished submit attempt with errors: the modal for alert errors, else focus on the first invalid field. */
function AfterSubmit({ alertFor }: { alertFor?: (errors: Errors) => AlertOptions | null }) {
  const { submitCount, isSubmitting, isValidating, errors, setErrors } = useFormikContext<FormikValues>()
  const { showAlert } = useAlert()
  const handled = useRef(0)
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return
    handled.current = submitCount
    const flat = Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'))
    if (Object.keys(flat).length === 0) return
    const alert = alertFor?.(flat)
    if (alert) {
      setErrors(Object.fromEntries(Object.entries(flat).filter(([, m]) => m !== alert.message)))
      void showAlert(alert)
      return
    }
    // the first invalid control, or the first input inside an invalid group (radio cards)
    const invalid = document.querySelector<HTMLElement>('form [aria-invalid="true"]')
    const target = invalid && !invalid.matches('input, select, textarea') ? invalid.querySelector<HTMLElement>('input:not([disabled])') : invalid
    target?.focus()
  }, [submitCount, isSubmitting, isValidating, errors, alertFor, setErrors, showAlert])
  return null
}
