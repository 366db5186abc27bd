/**
 * The button row (spec doc 3 §2.6): only 'Micro-deposit Verification' while the bank needs verifying; otherwise
 * 'Transaction History' ('Upload ID' when the payment customer must send a photo ID), 'Statements', 'Deposit / Withdraw'.
 */
import { Button, SimpleGrid } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'

interface Props {
  needsVerification: boolean
  documentNeeded: boolean
  onUploadId: () => void
}

export function PortfolioActions({ needsVerification, documentNeeded, onUploadId }: Props) {
  if (needsVerification) {
    return (
      <SimpleGrid columns={1} data-testid="portfolio-actions">
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/app/investments/microdeposits">Micro-deposit Verification</RouterLink>
        </Button>
      </SimpleGrid>
    )
  }
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="portfolio-actions">
      {documentNeeded ? (
        <Button variant="outline" size="lg" bg="white" onClick={onUploadId}>
          Upload ID
        </Button>
      ) : (
        <Button asChild variant="outline" size="lg" bg="white">
          <RouterLink to="/app/investments/transaction">Transaction History</RouterLink>
        </Button>
      )}
      <Button asChild variant="outline" size="lg" bg="white">
        <RouterLink to="/app/investments/statements">Statements</RouterLink>
      </Button>
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/app/investments/deposit-withdrawal">Deposit / Withdraw</RouterLink>
      </Button>
    </SimpleGrid>
  )
}
