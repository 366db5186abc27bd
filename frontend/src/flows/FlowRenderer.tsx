/**
 * The one renderer of every flow (ARCHITECTURE.md "The flow API"): opens the flow of `kind`, keeps the URL in step,
 * shows the progress, draws the current step from `registry`, the flow's error modal and the close warning.
 */
import { Box, Button, Flex, Heading, IconButton, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { CloseIcon } from '../ui/icons'
import { CloseFlowDialog, type CloseText } from './CloseFlowDialog'
import { FlowBlocked } from './FlowBlocked'
import { FlowErrorDialog } from './FlowErrorDialog'
import { FlowProgress } from './FlowProgress'
import { FlowStepContext, stepTitle, type FlowStepApi, type StepRegistry } from './stepContext'
import type { FlowState, StepFields } from './types'
import { useFlow } from './useFlow'
import { useFlowUrlSync } from './useFlowUrlSync'

interface Props {
  kind: string
  /** the flow's root URL (its intro step) */
  base: string
  registry: StepRegistry
  /** where closing the flow goes */
  exitTo: string
  /** the page title while loading */
  name: string
  /** the body that starts the flow (e.g. {asset_id}) */
  start?: StepFields
  /** a query kept on every step's URL (e.g. '?asset=12') */
  search?: string
  /**
   * true: a flow that fails while in use (not when it opens) shows its error as a modal, whose closing goes to
   * `exitTo`; false (default): the error replaces the step.
   */
  failureModal?: boolean
  /** told of every state shown */
  onState?: (state: FlowState) => void
  /** what the close warning says (default: the profile wizards' text) */
  closeText?: CloseText
}

export function FlowRenderer({ kind, base, registry, exitTo, name, start, search, failureModal = false, onState, closeText }: Props) {
  const flow = useFlow(kind, start)
  const { state, busy } = flow
  const navigate = useNavigate()
  const [closing, setClosing] = useState(false)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const leaving = useRef(false)
  const wasActive = useRef(false)
  useFlowUrlSync(flow, base, exitTo, search)
  useEffect(() => {
    if (state) onState?.(state)
  }, [state, onState])
  // a flow closed by the server (e.g. after its error view) leaves like the close button does
  const status = state?.status
  useEffect(() => {
    if (status === 'closed' && !leaving.current) navigate(exitTo, { replace: true })
  }, [status, exitTo, navigate])
  // the step first shown keeps the page's natural focus; every later one moves the focus to its heading
  const firstStep = useRef<string | null>(null)
  const moved = useRef(false)
  if (state && firstStep.current === null) firstStep.current = state.step
  else if (state && state.step !== firstStep.current) moved.current = true

  const definition = state ? registry[state.step] : undefined
  if (state && state.status !== 'failed') wasActive.current = true
  const failedInUse = failureModal && wasActive.current && state?.status === 'failed'
  const blocked = state?.status === 'failed' && !failedInUse ? state.error : null
  const title = blocked ? blocked.title : state ? stepTitle(definition, state) || name : name
  useEffect(() => {
    document.title = `${title} · Vitrine`
  }, [title])

  const { busyStep, submit: submitStep, back: goBack, refresh } = flow
  const api = useMemo<FlowStepApi | null>(() => {
    if (!state) return null
    const first = state.steps.find((s) => s.state !== 'skipped')?.id
    const canGoBack = definition?.back !== false && state.step !== first
    // a move started on another step (e.g. the one before, whose new state arrived first by the events) is not this step's
    const stepBusy = busyStep === state.step ? busy : null
    const submit = (fields: StepFields) => submitStep(state.step, fields)
    return {
      state,
      values: state.values ?? {},
      context: state.context ?? {},
      busy: stepBusy,
      submit,
      back: canGoBack ? () => void goBack() : null,
      refresh,
    }
  }, [state, definition, busy, busyStep, submitStep, goBack, refresh])

  if (flow.openFailed) {
    return (
      <Frame>
        <Stack gap="4" align="center" textAlign="center" py="10" role="alert">
          <Text>We couldn't open this page. Check your connection and try again.</Text>
          <Button colorPalette="brand" onClick={flow.reopen}>
            Try again
          </Button>
        </Stack>
      </Frame>
    )
  }
  if (!state || !api) {
    return (
      <Frame>
        <Flex justify="center" py="16" role="status">
          <Spinner size="lg" color="brand.500" />
          <VisuallyHidden>Loading</VisuallyHidden>
        </Flex>
      </Frame>
    )
  }

  if (blocked) {
    return (
      <Frame>
        <FlowBlocked error={blocked} exitTo={exitTo} onGo={(to) => navigate(to)} />
      </Frame>
    )
  }
  const errorKey = state.error ? `${state.version}:${state.error.title}:${state.error.message}` : null
  const errorDialog = (
    <FlowErrorDialog
      error={errorKey !== null && errorKey !== dismissed ? state.error : null}
      onDismiss={() => {
        setDismissed(errorKey)
        if (state.status === 'failed') navigate(exitTo)
      }}
      onAction={(to) => {
        setDismissed(errorKey)
        navigate(to)
      }}
    />
  )
  if (failedInUse) {
    return (
      <Frame>
        <Text color="fg.muted" textAlign="center" py="10" data-testid="flow-ended">
          This step has ended.
        </Text>
        {errorDialog}
      </Frame>
    )
  }
  const leave = async () => {
    leaving.current = true
    await flow.close()
    navigate(exitTo)
  }
  const Component = definition?.component
  return (
    <Frame wide={definition?.wide === true}>
      <Flex align="flex-start" gap="3" mb={{ base: '5', md: '8' }}>
        <FlowProgress steps={state.steps} current={state.step} title={title} titleOf={(id) => stepTitle(registry[id], state)} />
        <IconButton aria-label="Close" variant="ghost" size="sm" mt="-1.5" me="-2" onClick={() => setClosing(true)} data-testid="flow-close">
          <CloseIcon />
        </IconButton>
      </Flex>
      <FlowStepContext.Provider value={api}>
        <Stack gap="6" key={`${state.flow_id}:${state.step}`} aria-busy={busy !== null} data-testid="flow-step" data-step={state.step}>
          <StepHeading title={title} focus={moved.current} />
          {Component ? <Component /> : <Text>This step is not available here yet.</Text>}
        </Stack>
      </FlowStepContext.Provider>
      <CloseFlowDialog open={closing} leaving={busy === 'close'} onStay={() => setClosing(false)} onLeave={() => void leave()} text={closeText} />
      {errorDialog}
    </Frame>
  )
}

/** The card a wizard's screens sit in (also the profile update's, profile/ProfileUpdatePage.tsx). */
export function Frame({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <Box maxW={wide ? '5xl' : '3xl'} mx="auto" px={{ base: '3', md: '6' }} pt={{ base: '3', md: '8' }}>
      <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="border.muted" boxShadow="sm" px={{ base: '5', md: '12' }} py={{ base: '5', md: '10' }}>
        {children}
      </Box>
    </Box>
  )
}

/** The step's title; after the first step shown it takes the focus on mount, so screen readers announce the new step. */
export function StepHeading({ title, focus }: { title: string; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!focus) return
    window.scrollTo({ top: 0 })
    ref.current?.focus({ preventScroll: true })
  }, [focus])
  return (
    <Heading ref={ref} as="h1" tabIndex={-1} outline="none" fontFamily="heading" size={{ base: '2xl', md: '3xl' }} fontWeight="semibold" lineHeight="1.2">
      {title}
    </Heading>
  )
}
