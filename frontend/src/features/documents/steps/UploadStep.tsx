/** One photo of the chosen document: drop or pick it (JPG/PNG, 5MB), check it, upload it with its progress, retry. */
import { Box, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { DOCUMENT_LABELS, fileError, formatFileSize } from '../documents'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { FormAlert } from '../../../ui/forms/FormAlert'
import { chosenType } from '../chosenType'
import { FileDrop } from '../FileDrop'
import { useDocumentUpload } from '../useDocumentUpload'

export function UploadStep() {
  const { state: flow } = useFlowStep()
  const documentType = chosenType(flow.flow_id)
  const { state, upload, reset } = useDocumentUpload(documentType)
  const [file, setFile] = useState<File | null>(null)
  const [ruleError, setRuleError] = useState<string | null>(null)
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])

  if (!documentType) {
    return (
      <Stack gap="5">
        <Text color="fg.muted">Please choose your document type first.</Text>
        <StepActions />
      </Stack>
    )
  }

  const uploading = state.status === 'uploading' || state.status === 'done'
  const choose = (files: File[]) => {
    reset()
    const error = fileError(files)
    setRuleError(error)
    setFile(error ? null : (files[0] ?? null))
  }
  const messages = [ruleError, state.status === 'failed' ? state.message : null].filter((m): m is string => Boolean(m))
  return (
    <Stack gap="5">
      <Text color="fg.muted">
        Upload a clear photo of your {DOCUMENT_LABELS[documentType].toLowerCase()}: all four corners visible, no glare, every word readable.
      </Text>
      <FileDrop onFiles={choose} disabled={uploading}>
        {file && preview ? (
          <HStack gap="4" bg="white" borderRadius="lg" borderWidth="1px" borderColor="border.muted" p="3" maxW="full" data-testid="chosen-file">
            <Image src={preview} alt="" boxSize="16" objectFit="cover" borderRadius="md" flexShrink="0" />
            <Stack gap="0" textAlign="start" minW="0">
              <Text fontWeight="semibold" truncate>
                {file.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatFileSize(file.size)}
              </Text>
            </Stack>
          </HStack>
        ) : null}
      </FileDrop>
      <div aria-live="polite">
        {state.status === 'uploading' ? (
          <Progress.Root value={Math.round(state.progress * 100)} colorPalette="gold" size="sm" data-testid="upload-progress">
            <HStack justify="space-between" mb="1">
              <Progress.Label fontWeight="medium">Uploading…</Progress.Label>
              <Progress.ValueText />
            </HStack>
            <Progress.Track borderRadius="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
      </div>
      <Box aria-live="assertive" aria-atomic="true">
        <FormAlert messages={messages} />
      </Box>
      <StepActions
        label={state.status === 'failed' ? 'Try again' : 'Upload'}
        onClick={() => (file ? void upload(file) : undefined)}
        disabled={!file || uploading}
      />
    </Stack>
  )
}
