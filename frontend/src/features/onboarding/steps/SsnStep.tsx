/**
 * SSN (000-00-0000, first 7 characters masked when not being edited) and the terms: two checkboxes, or the
 * 'agree & continue' button when the migration flag is on. A saved SSN (context.locked) shows masked and disabled.
 */
import { Stack, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { formatSsn, maskSsn } from '../../../domain/formatters'
import { ssnSchema } from '../../../domain/profileSchemas'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { CheckboxField } from '../../../ui/forms/CheckboxField'
import { TextField } from '../../../ui/forms/TextField'
import { withSaved } from '../saved'
import type { StepPayload } from '../../../flows/types'

export function SsnStep() {
  const { values, context } = useFlowStep()
  const locked = context.locked === true
  const migrationFlag = context.migration_flag === true
  const schema = useMemo(() => ssnSchema({ locked, migrationFlag }), [locked, migrationFlag])
  const saved = withSaved({ ssn: '', agreedToCustodianTerms: false, agreedToPaymentTerms: false }, values)
  // with the migration flag the button itself is the agreement
  const initial = migrationFlag ? { ssn: saved.ssn, agreeAndContinue: true } : saved
  return (
    <StepForm
      initialValues={initial}
      schema={schema}
      toPayload={(v): StepPayload<'ssn'> => ({ ...v, ssn: v.ssn.trim() })}
      actions={migrationFlag ? () => <StepActions label="agree & continue" /> : undefined}
    >
      <Text color="fg.muted">Federal law requires us to verify the identity of every investor. Your SSN is encrypted and shown masked.</Text>
      <TextField
        name="ssn"
        label="Social Security number"
        placeholder="000-00-0000"
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        format={formatSsn}
        mask={maskSsn}
        disabled={locked}
        helper={locked ? 'Your SSN is saved. Contact support to change it.' : undefined}
      />
      {migrationFlag ? (
        <Text fontSize="sm" color="fg.muted">
          By selecting agree &amp; continue you accept the custodian's and the payment provider's terms of service.
        </Text>
      ) : (
        <Stack gap="3">
          <CheckboxField name="agreedToCustodianTerms" disabled={locked && saved.agreedToCustodianTerms}>
            I agree to the custodian's terms of service and account agreement
          </CheckboxField>
          <CheckboxField name="agreedToPaymentTerms" disabled={locked && saved.agreedToPaymentTerms}>
            I agree to the payment provider's terms of service and privacy policy
          </CheckboxField>
        </Stack>
      )}
    </StepForm>
  )
}
