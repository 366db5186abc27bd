/**
 * The deposit/withdrawal popup (spec doc 3 §4.8, §8): form → review ('Review Deposit' / 'Review Withdrawal', Cancel /
 * Submit) → 'Transfer Initiated', or 'Error' ('OKAY!'); the deposit-holding messages get the 'Balance Transfers' panel
 * (Contact Support / Close & Continue). It cannot close while the transfer is being sent.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useCreateTransfer } from '../../api/mutations'
import { errorMessage } from '../../api/errors'
import { SUPPORT_EMAIL } from '../../config'
import { formatMoney } from '../../domain/money'
import { amountPayload, isBalanceTransferMessage, TRANSFER_FAILED } from '../../domain/transfers'
import { AlertDialog } from '../../ui/AlertDialog'
import { TransferForm, type TransferValues } from './TransferForm'

type Stage = { kind: 'form' } | { kind: 'review' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string }

interface Props {
  cash: number
  bank: string
  onClose: () => void
}

export function TransferDialog({ cash, bank, onClose }: Props) {
  const [stage, setStage] = useState<Stage>({ kind: 'form' })
  const [values, setValues] = useState<TransferValues>({ type: 'deposit', amount: '' })
  const deposit = values.type === 'deposit'
  const amount = formatMoney(amountPayload(values.amount))
  const transfer = useCreateTransfer()

  const send = async () => {
    setStage({ kind: 'sending' })
    try {
      await transfer.mutateAsync({ type: values.type, amount: amountPayload(values.amount) })
      setStage({ kind: 'done' })
    } catch (error) {
      setStage({ kind: 'error', message: errorMessage(error, TRANSFER_FAILED) })
    }
  }

  if (stage.kind === 'form') {
    return (
      <AlertDialog closeButton width="md" role="dialog" title="Deposit / Withdraw" onClose={onClose} testId="transfer-modal">
        <TransferForm initial={values} cash={cash} bank={bank} onReview={(v) => (setValues(v), setStage({ kind: 'review' }))} />
      </AlertDialog>
    )
  }
  if (stage.kind === 'review' || stage.kind === 'sending') {
    const sending = stage.kind === 'sending'
    const rows = deposit ? [['From', bank], ['To', 'Your Vitrine account']] : [['From', 'Your Vitrine account'], ['To', bank]]
    return (
      <AlertDialog closeButton width="md"
        title={deposit ? 'Review Deposit' : 'Review Withdrawal'}
        onClose={onClose}
        locked={sending}
        testId="transfer-modal"
        footer={
          <Stack w="full" gap="2" direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end">
            <Button variant="ghost" onClick={() => setStage({ kind: 'form' })} disabled={sending}>
              Cancel
            </Button>
            <Button colorPalette="brand" onClick={() => void send()} loading={sending} loadingText="Submitting">
              Submit
            </Button>
          </Stack>
        }
      >
        <Stack gap="3" data-testid="transfer-review">
          <Text fontFamily="heading" fontSize="4xl" fontWeight="semibold" mb="2">
            {amount}
          </Text>
          {[...rows, ['Fee', '$0.00']].map(([label, value]) => (
            <HStack key={label} justify="space-between" borderBottomWidth="1px" borderColor="border.muted" pb="2">
              <Text color="fg.muted">{label}</Text>
              <Text fontWeight="medium" textAlign="end">
                {value}
              </Text>
            </HStack>
          ))}
        </Stack>
      </AlertDialog>
    )
  }
  if (stage.kind === 'done') {
    return (
      <AlertDialog closeButton width="md" title="Transfer Initiated" onClose={onClose} testId="transfer-modal" footer={<Button colorPalette="brand" onClick={onClose} w={{ base: 'full', sm: 'auto' }}>OKAY</Button>}>
        <Text color="fg.muted" role="status">
          Your {deposit ? 'deposit' : 'withdrawal'} of {amount} has started. It shows as Pending until it {deposit ? 'reaches your cash balance' : 'reaches your bank'}, usually within a few business days.
        </Text>
      </AlertDialog>
    )
  }
  if (isBalanceTransferMessage(stage.message)) {
    const mail = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Withdraw Balance')}`
    return (
      <AlertDialog closeButton width="md"
        title="Balance Transfers"
        onClose={onClose}
        testId="transfer-modal"
        footer={
          <Stack w="full" gap="2" direction={{ base: 'column', sm: 'row-reverse' }}>
            <Button asChild colorPalette="brand">
              <a href={mail}>Contact Support</a>
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Close & Continue
            </Button>
          </Stack>
        }
      >
        <Text color="fg.muted" role="alert">
          {stage.message}
        </Text>
      </AlertDialog>
    )
  }
  return (
    <AlertDialog closeButton width="md" title="Error" onClose={onClose} testId="transfer-modal" footer={<Button colorPalette="brand" onClick={onClose} w={{ base: 'full', sm: 'auto' }}>OKAY!</Button>}>
      <Text color="fg.muted" role="alert">
        {stage.message}
      </Text>
    </AlertDialog>
  )
}
