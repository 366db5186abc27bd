/**
 * /app/profile-update/* (spec doc 1 §2, doc 2 §2.2): name-phone-info, date-of-birth and home-address — the
 * onboarding's own step screens (features/onboarding/registry.ts), fed by this page instead of a workflow — then
 * profile-confirmation, which shows what will be saved and saves it with Confirm (profileUpdate.ts says why there is
 * no workflow). /app/profile-update alone opens the first screen; a screen whose earlier ones are not filled in opens
 * the first such one. Done or closed, the person goes back where they came from (router state or ?from=, an /app
 * page), else to Settings.
 */
import { Button, Flex, IconButton, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Navigate, useLocation, useNavigate, useParams } from 'react-router'
import { getPersonalInfo, savePersonalInfo } from '../../api/endpoints'
import { errorFromThrown } from '../../api/errors'
import { keys } from '../../api/queryKeys'
import { passwordChangeRules, personalInfoRules } from '../../domain/rules.gen'
import { FlowProgress } from '../../flows/FlowProgress'
import { Frame, StepHeading } from '../../flows/FlowRenderer'
import { FlowStepContext, type FlowStepApi } from '../../flows/stepContext'
import type { FlowState, FlowStepView, StepFields } from '../../flows/types'
import { ONBOARDING_STEPS } from '../onboarding/registry'
import { useSession } from '../../app/session/useSession'
import { useAlert } from '../../ui/alertContext'
import { CloseIcon } from '../../ui/icons'
import { ProfileConfirmation, type SaveProblem } from './ProfileConfirmation'
import {
  CONFIRMATION,
  DRAFT_FIELDS,
  draftOf,
  isStep,
  nextStep,
  payloadOf,
  previousStep,
  reachableStep,
  returnPath,
  STEP_IDS,
  stepPath,
  type Draft,
  type ProfileUpdateStep,
} from './profileUpdate'

export const SAVED_TITLE = 'Profile updated'
const CONFIRMATION_TITLE = 'Confirm Your Profile'

function titleOf(step: string): string {
  if (step === CONFIRMATION) return CONFIRMATION_TITLE
  const title = ONBOARDING_STEPS[step]?.title
  return typeof title === 'string' ? title : ''
}

export function ProfileUpdatePage() {
  const { userId } = useSession()
  const read = useQuery({ queryKey: keys.personalInfo(userId ?? 0), queryFn: () => getPersonalInfo(userId ?? 0), enabled: userId !== null })
  const location = useLocation()
  // where Confirm and Close go: fixed when the page opens (the screens' own moves carry it on in their state)
  const [from] = useState(() => returnPath((location.state as { from?: unknown } | null)?.from ?? new URLSearchParams(location.search).get('from')))
  const [draft, setDraft] = useState<Draft | null>(null)
  const requested = useParams()['*']?.replace(/\/+$/, '')
  const title = isStep(requested) ? titleOf(requested) : 'Update your profile'
  useEffect(() => {
    document.title = `${title} · Vitrine`
  }, [title])

  if (!read.data) {
    return (
      <Frame>
        {read.isError ? (
          <Stack gap="4" align="center" textAlign="center" py="10" role="alert">
            <Text>We could not load your personal information. Please try again.</Text>
            <Button colorPalette="brand" onClick={() => void read.refetch()} loading={read.isFetching}>
              Try again
            </Button>
          </Stack>
        ) : (
          <Flex justify="center" py="16" role="status">
            <Spinner size="lg" color="brand.500" />
            <VisuallyHidden>Loading</VisuallyHidden>
          </Flex>
        )}
      </Frame>
    )
  }
  const saved = draftOf(read.data)
  const current = draft ?? saved
  const step = isStep(requested) ? reachableStep(requested, current) : reachableStep('name-phone-info', current)
  if (step !== requested) return <Navigate to={stepPath(step)} replace state={{ from }} />
  return <ProfileUpdateScreens step={step} saved={saved} draft={current} setDraft={setDraft} from={from} userId={userId ?? 0} />
}

interface ScreensProps {
  step: ProfileUpdateStep
  saved: Draft
  draft: Draft
  setDraft: (draft: Draft) => void
  from: string
  userId: number
}

function ProfileUpdateScreens({ step, saved, draft, setDraft, from, userId }: ScreensProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { showAlert } = useAlert()
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<SaveProblem | null>(null)
  // the screen first shown keeps the page's natural focus; every later one moves the focus to its heading
  const firstStep = useRef(step)
  const moved = useRef(false)
  if (step !== firstStep.current) moved.current = true
  const title = titleOf(step)

  const views = useMemo<FlowStepView[]>(() => {
    const here = STEP_IDS.indexOf(step)
    return STEP_IDS.map((id, i) => ({ id, state: i < here ? 'done' : i === here ? 'current' : 'todo' }))
  }, [step])

  const api = useMemo<FlowStepApi>(() => {
    const go = (to: ProfileUpdateStep) => navigate(stepPath(to), { state: { from } })
    const state: FlowState = {
      flow_id: 'profile-update',
      kind: 'profile-update',
      status: 'active',
      step,
      steps: views,
      values: draft,
      context: {},
      error: null,
      result: null,
      version: 0,
      waiting_for: null,
    }
    const previous = previousStep(step)
    return {
      state,
      values: draft,
      context: {},
      busy: saving ? 'submit' : null,
      submit: async (fields: StepFields) => {
        const next = { ...draft }
        for (const f of DRAFT_FIELDS) if (typeof fields[f] === 'string') next[f] = fields[f] as string
        flushSync(() => setDraft(next)) // the next screen is reached with these values, never before them
        setProblem(null)
        const to = nextStep(step)
        if (to) go(to)
        return { kind: 'state', state: { ...state, values: next } }
      },
      back: previous ? () => void go(previous) : null,
      refresh: async () => undefined,
    }
  }, [step, views, draft, saving, from, navigate, setDraft])

  const save = async () => {
    setSaving(true)
    setProblem(null)
    try {
      const answer = await savePersonalInfo(userId, payloadOf(draft))
      queryClient.setQueryData(keys.personalInfo(userId), answer)
      void queryClient.invalidateQueries({ queryKey: keys.user(userId), exact: true })
      setSaving(false)
      await showAlert({ title: SAVED_TITLE, message: personalInfoRules.SAVED })
      navigate(from, { replace: true })
    } catch (e) {
      const error = errorFromThrown(e)
      setSaving(false)
      setProblem(error.kind === 'CLIENT' && error.read.messages.length > 0
        ? { messages: error.read.messages, fields: error.read.fields }
        : { messages: [error.read.message ?? passwordChangeRules.SAVE_FAILED], fields: {} })
    }
  }

  const Component = step === CONFIRMATION ? null : ONBOARDING_STEPS[step]?.component
  return (
    <Frame>
      <Flex align="flex-start" gap="3" mb={{ base: '5', md: '8' }}>
        <FlowProgress steps={views} current={step} title={title} titleOf={titleOf} />
        <IconButton aria-label="Close without saving" variant="ghost" size="sm" mt="-1.5" me="-2" onClick={() => navigate(from)} data-testid="profile-update-close">
          <CloseIcon />
        </IconButton>
      </Flex>
      <FlowStepContext.Provider value={api}>
        <Stack gap="6" key={step} aria-busy={saving} data-testid="profile-update-step" data-step={step}>
          <StepHeading title={title} focus={moved.current} />
          {step === 'name-phone-info' ? (
            <Text color="fg.muted">Check the details we use to verify your identity. Nothing is saved until you confirm.</Text>
          ) : null}
          {Component ? (
            <Component />
          ) : (
            <ProfileConfirmation
              saved={saved}
              draft={draft}
              problem={problem}
              onEdit={(to) => navigate(stepPath(to), { state: { from } })}
              onConfirm={() => void save()}
            />
          )}
        </Stack>
      </FlowStepContext.Provider>
    </Frame>
  )
}
