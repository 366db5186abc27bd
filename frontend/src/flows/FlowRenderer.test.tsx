// @vitest-environment happy-dom
/** The flow renderer as a person meets it: a FlowState's step drawn from the registry, submit, a field error, back. */
import { Text } from '@chakra-ui/react'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { object, string } from 'yup'
import { TextField } from '../ui/forms/TextField'
import { flowStateAt } from '../testing/flows'
import { json, loggedInEachTest, renderApp, stubApi } from '../testing/render'
import { FlowRenderer } from './FlowRenderer'
import { StepActions } from './StepActions'
import { StepForm } from './StepForm'
import { useFlowStep, type StepRegistry } from './stepContext'
import type { FlowState } from './types'

function NameStep() {
  const { values } = useFlowStep()
  return (
    <StepForm initialValues={{ first_name: typeof values.first_name === 'string' ? values.first_name : '' }} schema={object({ first_name: string().required('Enter your first name.') })}>
      <TextField name="first_name" label="First name" />
    </StepForm>
  )
}

function DoneStep() {
  return (
    <>
      <Text data-testid="done">Thank you.</Text>
      <StepActions />
    </>
  )
}

const registry: StepRegistry = {
  intro: { title: 'Your name', component: NameStep },
  done: { title: 'All set', component: DoneStep },
}

function state(step: 'intro' | 'done', version: number, values: Record<string, unknown> = {}): FlowState {
  return flowStateAt(['intro', 'done'], step, version, { values })
}

const routes = [{ path: '/app/test/*', element: <FlowRenderer kind="test" base="/app/test" registry={registry} exitTo="/app" name="Test" /> }]

loggedInEachTest()

describe('FlowRenderer', () => {
  it("draws the FlowState's current step from the registry", async () => {
    stubApi({ 'POST /api/flows/test': () => json(state('intro', 1)) })
    renderApp(routes, '/app/test')
    expect(await screen.findByRole('heading', { name: 'Your name' })).toBeTruthy()
    expect(screen.getByLabelText('First name')).toBeTruthy()
    expect(screen.queryByTestId('flow-back')).toBeNull()
  })

  it("puts the server's 422 error on its field and stays on the step", async () => {
    const seen = stubApi({
      'POST /api/flows/test': () => json(state('intro', 1)),
      'POST /api/flows/test/f1/steps/intro': () => json({ errors: [{ message: 'Please check your answers.' }, { message: 'Use the name on your ID.', field: 'first_name' }] }, 422),
    })
    renderApp(routes, '/app/test')
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'X' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Use the name on your ID.')).toBeTruthy()
    expect(screen.getByText('Please check your answers.')).toBeTruthy()
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('heading', { name: 'Your name' })).toBeTruthy()
    expect(seen).toContain('POST /api/flows/test/f1/steps/intro')
  })

  it('checks the form before sending: an empty required field is marked and nothing is sent', async () => {
    const seen = stubApi({ 'POST /api/flows/test': () => json(state('intro', 1)) })
    renderApp(routes, '/app/test')
    await screen.findByLabelText('First name')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Enter your first name.')).toBeTruthy()
    expect(seen.filter((r) => r.includes('/steps/'))).toEqual([])
  })

  it('submits the step, shows the next one with its URL, and Back returns to the saved answer', async () => {
    let sent: unknown = null
    stubApi({
      'POST /api/flows/test': () => json(state('intro', 1)),
      'POST /api/flows/test/f1/steps/intro': async (request) => {
        sent = await request.json()
        return json(state('done', 2))
      },
      'POST /api/flows/test/f1/back': () => json(state('intro', 3, { first_name: 'Ada' })),
    })
    const { router } = renderApp(routes, '/app/test')
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ada' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'All set' })).toBeTruthy()
    expect(sent).toEqual({ first_name: 'Ada', step: 'intro' }) // the body names its step (the union's discriminator)
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/test/done'))

    fireEvent.click(screen.getByTestId('flow-back'))
    expect(await screen.findByRole('heading', { name: 'Your name' })).toBeTruthy()
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada')
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/test'))
  })

  it('offers a retry when the flow cannot be opened, and opens it without reloading the page', async () => {
    stubApi({ 'POST /api/flows/test': [() => json({ detail: 'down' }, 503), () => json(state('intro', 1))] })
    renderApp(routes, '/app/test')
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Your name' })).toBeTruthy()
  })
})
