/**
 * The investments sections: money on its way ('Pending transfers'), then the holdings (GET /api/users/{id}/investments:
 * ticker, name, shares, amount, each linking to its asset) or 'No Active or Exited Investments'.
 */
import { Box, Button, HStack, Image, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { Investment } from '../api/purchase'
import { useCatalogue } from '../catalogue/catalogueContext'
import { assetPath } from '../domain/categories'
import { formatMoney } from '../domain/money'
import type { PortfolioData } from './usePortfolio'

export function InvestmentsList({ data }: { data: PortfolioData }) {
  return (
    <Stack gap="5">
      {data.pendingTransfers.length > 0 ? (
        <Stack gap="2" as="section" aria-labelledby="pending-transfers">
          <Text id="pending-transfers" fontWeight="semibold" fontSize="lg">
            Pending transfers
          </Text>
          {data.pendingTransfers.map((t) => (
            <HStack key={t.id} justify="space-between" bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="lg" px="4" py="3" data-testid="pending-transfer">
              <Text>
                {t.type === 'withdrawal' ? 'Withdrawal to your bank' : 'Deposit from your bank'}
                <Text as="span" color="fg.muted" fontSize="sm" display="block">
                  Processing, usually a few business days
                </Text>
              </Text>
              <Text fontWeight="semibold">{formatMoney(t.amount)}</Text>
            </HStack>
          ))}
        </Stack>
      ) : null}
      <Stack gap="2" as="section" aria-labelledby="my-investments">
        <Text id="my-investments" fontWeight="semibold" fontSize="lg">
          My Investments ({data.investments.length})
        </Text>
        {data.investments.length === 0 ? (
          <Stack gap="3" align="flex-start" bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="2xl" p={{ base: '5', md: '6' }}>
            <Text fontWeight="semibold">No Active or Exited Investments</Text>
            <Text color="fg.muted">When you buy shares in an asset, they will be listed here.</Text>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/app/assets">Browse assets</RouterLink>
            </Button>
          </Stack>
        ) : (
          <Stack as="ul" listStyleType="none" gap="2" aria-labelledby="my-investments">
            {data.investments.map((i) => (
              <li key={i.id}>
                <InvestmentItem investment={i} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  )
}

function InvestmentItem({ investment: i }: { investment: Investment }) {
  const { categories } = useCatalogue()
  return (
    <LinkBox as="article" bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="lg" px="4" py="3" _hover={{ borderColor: 'border.emphasized' }} data-testid="investment">
      <HStack gap="3" align="center">
        {i.portal_image ? (
          <Image src={i.portal_image} alt="" boxSize="12" borderRadius="md" objectFit="cover" flexShrink="0" />
        ) : (
          <Box boxSize="12" borderRadius="md" bg="ink.100" flexShrink="0" aria-hidden="true" />
        )}
        <Box minW="0" flex="1">
          <LinkOverlay asChild>
            <RouterLink to={assetPath(categories, i)}>
              <Text as="span" fontWeight="bold" letterSpacing="0.04em" data-testid="investment-ticker">
                {i.ticker}
              </Text>
            </RouterLink>
          </LinkOverlay>
          <Text color="fg.muted" fontSize="sm" truncate>
            {i.display_name}
          </Text>
        </Box>
        <Box textAlign="end" flexShrink="0">
          <Text fontWeight="semibold" data-testid="investment-amount">
            {formatMoney(i.amount)}
          </Text>
          <Text color="fg.muted" fontSize="sm" data-testid="investment-shares">
            {i.shares} {i.shares === 1 ? 'share' : 'shares'}
          </Text>
        </Box>
      </HStack>
    </LinkBox>
  )
}
