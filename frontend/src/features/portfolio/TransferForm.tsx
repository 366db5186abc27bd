/**
 * The deposit/withdrawal form (spec doc 3 §4.8, §5): the type, then the amount (decimals only, placeholder 0.00) under
 * the one-time limit, a withdrawal within the available cash. 'Review' stays disabled while the amount is invalid;
 * changing the type re-checks the amount.
 */
import { Button, Stack, Text } from '@chakra-ui/react'
import { Form, Formik } from 'formik'
import * as Yup from 'yup'
import { formatMoney } from '../../domain/money'
import { transferAmountError, type TransferType } from '../../domain/transfers'
import { AmountField } from '../../ui/forms/AmountField'
import { ChoiceField, type Choice } from '../../ui/forms/ChoiceField'

export interface TransferValues {
  type: TransferType
  amount: string
}

const TYPES: Choice<TransferType>[] = [
  { value: 'deposit', label: 'Deposit', description: 'From your bank' },
  { value: 'withdrawal', label: 'Withdrawal', description: 'To your bank' },
]

export function transferSchema(cash: number) {
  return Yup.object({
    type: Yup.string().oneOf(['deposit', 'withdrawal']).required(),
    amount: Yup.string().test('amount', function test(value) {
      const message = transferAmountError(this.parent.type as TransferType, value ?? '', cash)
      return message ? this.createError({ message }) : true
    }),
  })
}

interface Props {
  initial: TransferValues
  cash: number
  bank: string
  onReview: (values: TransferValues) => void
}

export function TransferForm({ initial, cash, bank, onReview }: Props) {
  return (
    <Formik<TransferValues> initialValues={initial} validationSchema={transferSchema(cash)} onSubmit={onReview}>
      {({ values }) => {
        const invalid = transferAmountError(values.type, values.amount, cash) !== null
        return (
          <Form noValidate>
            <Stack gap="5">
              <ChoiceField name="type" legend="Transfer type" hideLegend options={TYPES} columns="horizontal" />
              <AmountField
                name="amount"
                label={values.type === 'deposit' ? 'Amount to deposit' : 'Amount to withdraw'}
                helper={values.type === 'deposit' ? `From ${bank}. Up to $5,000 per transfer.` : `To ${bank}. Available cash: ${formatMoney(cash)}.`}
                autoFocus
              />
              <Button type="submit" colorPalette="brand" size="lg" disabled={invalid}>
                Review
              </Button>
              <Text fontSize="sm" color="fg.muted">
                Deposits usually take a few business days to reach your cash balance.
              </Text>
            </Stack>
          </Form>
        )
      }}
    </Formik>
  )
}
