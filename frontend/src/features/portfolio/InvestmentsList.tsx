/**
 * The investments sections (spec doc 3 §2.6, §4.11): money on its way ('Pending transfers'), then 'My Investments (n)'
 * — the holdings grouped per financial instrument (GET /api/users/{id}/investments: shares, average cost, current value,
 * gain/loss; newest activity first; n counts the groups) —, the exited investments apart, or 'No Active or Exited
 * Investments' when there are neither.
 */
import { Box, Button, HStack, Image, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { Holding } from '../../api/purchase'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { assetPath } from '../../domain/categories'
import { formatMoney } from '../../domain/money'
import { GainLossFigure } from './GainLoss'
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
      <Stack gap="2" as="section" aria-labelledby="my-investments" data-testid="positions">
        <Text id="my-investments" fontWeight="semibold" fontSize="lg">
          My Investments ({data.holdings.length})
        </Text>
        {data.holdings.length === 0 && data.exited.length === 0 ? (
          <Stack gap="3" align="flex-start" bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="2xl" p={{ base: '5', md: '6' }}>
            <Text fontWeight="semibold">No Active or Exited Investments</Text>
            <Text color="fg.muted">When you buy shares in an asset, they will be listed here.</Text>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/app/assets">Browse assets</RouterLink>
            </Button>
          </Stack>
        ) : (
          <HoldingList holdings={data.holdings} />
        )}
      </Stack>
      {data.exited.length > 0 ? (
        <Stack gap="2" as="section" aria-labelledby="exited-investments" data-testid="exited">
          <Text id="exited-investments" fontWeight="semibold" fontSize="lg">
            Exited Investments ({data.exited.length})
          </Text>
          <HoldingList holdings={data.exited} />
        </Stack>
      ) : null}
    </Stack>
  )
}

function HoldingList({ holdings }: { holdings: Holding[] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="2" m="0" p="0">
      {holdings.map((h) => (
        <li key={h.financialInstrumentId}>
          <HoldingItem holding={h} />
        </li>
      ))}
    </Stack>
  )
}

/** One financial instrument's group: shares, average cost, current value and gain/loss, linking to its asset. */
function HoldingItem({ holding: h }: { holding: Holding }) {
  const { categories } = useCatalogue()
  return (
    <LinkBox as="article" bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="lg" px="4" py="3" _hover={{ borderColor: 'border.emphasized' }} data-testid="position">
      <HStack gap="3" align="flex-start">
        <Image src={h.portal_image} alt="" boxSize="12" borderRadius="md" objectFit="cover" flexShrink="0" />
        <Box minW="0" flex="1">
          <LinkOverlay asChild>
            <RouterLink to={assetPath(categories, h)}>
              <Text as="span" fontWeight="bold" letterSpacing="0.04em" data-testid="position-ticker">
                {h.ticker}
              </Text>
            </RouterLink>
          </LinkOverlay>
          <Text color="fg.muted" fontSize="sm" truncate>
            {h.display_name}
          </Text>
          <Text fontSize="sm" data-testid="position-shares">
            {h.shares} {h.shares === 1 ? 'share' : 'shares'}
          </Text>
          <Text color="fg.muted" fontSize="sm" data-testid="position-average-cost">
            Average cost {formatMoney(h.averageCost)}
          </Text>
        </Box>
        <Box textAlign="end" flexShrink="0">
          <Text fontWeight="semibold" data-testid="position-value">
            {formatMoney(h.currentTotal)}
          </Text>
          <Text color="fg.muted" fontSize="xs">
            at {formatMoney(h.currentPricePerShare)} a share
          </Text>
          <GainLossFigure amount={h.gainLoss} percent={h.gainLossPercent} fontSize="sm" fontWeight="medium" data-testid="position-gain-loss" />
        </Box>
      </HStack>
    </LinkBox>
  )
}
