/** The text that a Yes asks for: the organization's name, or the company tickers. */
import type { AnyObjectSchema } from 'yup'
import { organizationSchema, tickersSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { TextField } from '../../../ui/forms/TextField'
import { cleaned, withSaved } from '../saved'

function detailStep(name: string, label: string, helper: string, schema: AnyObjectSchema, format?: (v: string) => string) {
  function Detail() {
    const { values } = useFlowStep()
    return (
      <StepForm initialValues={withSaved({ [name]: '' }, values)} schema={schema} toPayload={cleaned}>
        <TextField name={name} label={label} helper={helper} format={format} autoComplete="off" />
      </StepForm>
    )
  }
  return Detail
}

export const OrganizationStep = detailStep(
  'sec_or_finra_organization_name',
  'Organization name',
  'The FINRA member firm or regulator you are associated with',
  organizationSchema,
)

export const TickerStep = detailStep(
  'publicly_traded_company_tickers',
  'Company ticker',
  'Separate several tickers with commas',
  tickersSchema,
  (v) => v.toUpperCase(),
)
