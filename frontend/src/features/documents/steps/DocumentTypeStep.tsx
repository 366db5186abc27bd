/** Which identity document: Passport, ID Card or License. */
import { Text } from '@chakra-ui/react'
import * as Yup from 'yup'
import { CHOOSE_TYPE, DOCUMENT_LABELS, DOCUMENT_TYPES, isDocumentType, type DocumentType } from '../documents'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { ChoiceField, type Choice } from '../../../ui/forms/ChoiceField'
import { withSaved } from '../../onboarding/saved'
import { chosenType, rememberType } from '../chosenType'
import type { StepPayload } from '../../../flows/types'

const DESCRIPTIONS: Record<DocumentType, string> = {
  passport: 'The photo page of your passport',
  idCard: 'The front of your state or national ID card',
  license: "The front of your driver's license",
}
const OPTIONS: Choice<string>[] = DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_LABELS[t], description: DESCRIPTIONS[t] }))

const schema = Yup.object({
  document_type: Yup.string().test('type', CHOOSE_TYPE, (v) => isDocumentType(v)),
})

export function DocumentTypeStep() {
  const { values, state } = useFlowStep()
  const initial = withSaved({ document_type: chosenType(state.flow_id) ?? '' }, values)
  return (
    <StepForm
      initialValues={initial}
      schema={schema}
      toPayload={(v): StepPayload<'document-type'> => {
        rememberType(state.flow_id, v.document_type)
        return isDocumentType(v.document_type) ? { document_type: v.document_type } : {}
      }}
      submitDisabled={(v) => !isDocumentType(v.document_type)}
    >
      <Text color="fg.muted">
        We need a photo of a government-issued ID to verify your identity, as required by US regulations. Approval usually takes 2-3 days.
      </Text>
      <ChoiceField name="document_type" legend="Which document will you upload?" options={OPTIONS} />
    </StepForm>
  )
}
