/**
 * subscription-agreement (assets without an e-sign template): the agreement filled in by the server (context.document)
 * in a scrolling box; the checkbox opens once it has been read to about the end (86%, the 1.16 factor), and
 * 'I Agree' submits {agreed: true, read_ratio}. This step widens the page (registry: wide).
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { track, trackView } from '../../../api/analytics'
import { canAgree, readRatio } from '../purchase'
import { agreementSchema } from '../purchaseSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { CheckboxField } from '../../../ui/forms/CheckboxField'
import { strings, text } from '../context'
import type { StepPayload } from '../../../flows/types'

export function AgreementStep() {
  const { context } = useFlowStep()
  const agreement = (context.document && typeof context.document === 'object' ? context.document : {}) as Record<string, unknown>
  const title = text(agreement.title, 'Subscription Agreement')
  const paragraphs = strings(agreement.paragraphs)
  const boxRef = useRef<HTMLDivElement>(null)
  // the furthest point read so far (scrolling back up does not close the checkbox again)
  const [ratio, setRatio] = useState(0)
  const measure = useCallback(() => {
    const box = boxRef.current
    if (!box) return
    const now = readRatio(box.scrollTop, box.clientHeight, box.scrollHeight)
    setRatio((before) => Math.max(before, now))
  }, [])
  useEffect(() => {
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [measure, paragraphs.length])
  const readEnough = canAgree(ratio)
  useEffect(() => trackView('Agreement'), [])

  return (
    <StepForm
      initialValues={{ agreed: false, read_ratio: 0 }}
      schema={agreementSchema}
      toPayload={(v): StepPayload<'subscription-agreement'> => {
        track('Agreement Signed') // 'I Agree' sent (the schema has checked the box and the reading)
        return { agreed: v.agreed, read_ratio: Math.round(Math.max(ratio, v.read_ratio) * 1000) / 1000 }
      }}
      submitLabel="I Agree"
      submitDisabled={(v) => !readEnough || !v.agreed}
    >
      {(formik) => (
        <>
          <RatioSync ratio={ratio} set={(r) => void formik.setFieldValue('read_ratio', r, false)} />
          <Text color="fg.muted">Please read the agreement to the end. You can agree once you have scrolled through it.</Text>
          <Box
            ref={boxRef}
            onScroll={measure}
            tabIndex={0}
            role="document"
            aria-label={title}
            maxH={{ base: '55vh', md: '60vh' }}
            overflowY="auto"
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="xl"
            bg="white"
            px={{ base: '4', md: '8' }}
            py={{ base: '4', md: '6' }}
            data-testid="agreement-document"
          >
            <Stack gap="4">
              <Heading as="h2" size="lg" fontFamily="heading">
                {title}
              </Heading>
              {paragraphs.map((p, i) => (
                <Text key={i} lineHeight="tall" whiteSpace="pre-line">
                  {p}
                </Text>
              ))}
            </Stack>
          </Box>
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="agreement-progress">
            {readEnough ? 'Thank you for reading the agreement.' : `Scroll to the end of the agreement to agree (${Math.floor(ratio * 100)}% read).`}
          </Text>
          <CheckboxField name="agreed" disabled={!readEnough}>
            I have read and agree to the Subscription Agreement
          </CheckboxField>
        </>
      )}
    </StepForm>
  )
}

/** Keeps the form's read_ratio (checked by the schema) in step with the furthest point read. */
function RatioSync({ ratio, set }: { ratio: number; set: (ratio: number) => void }) {
  const setRef = useRef(set)
  setRef.current = set
  useEffect(() => setRef.current(ratio), [ratio])
  return null
}
