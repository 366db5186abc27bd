/** The account block (spec doc 3 §2.6): Account Value (total), and the Account Summary: In Assets, In Cash, Pending. */
import { Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { Balance } from '../../api/types'
import { formatMoney } from '../../domain/money'

export function AccountSummary({ balance, pending }: { balance: Balance; pending: boolean }) {
  const rows = [
    ['In Assets', balance.investments, 'in-assets'],
    ['In Cash', balance.cash, 'in-cash'],
    ['Pending', balance.pending, 'pending'],
  ] as const
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '5', md: '10' }} align={{ md: 'center' }} data-testid="account-block">
      <Stack gap="1" flex="1">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.08em" fontWeight="semibold">
          Account Value
        </Text>
        <Text fontFamily="heading" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="semibold" lineHeight="1" data-testid="account-value">
          {formatMoney(balance.total)}
        </Text>
      </Stack>
      <Box flex="1.4" role="group" aria-labelledby="account-summary-title">
        <Text id="account-summary-title" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.08em" fontWeight="semibold" mb="2">
          Account Summary
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2" aria-live="polite">
          {rows.map(([label, value, id]) => (
            <Flex
              key={id}
              direction={{ base: 'row', sm: 'column' }}
              justify={{ base: 'space-between', sm: 'flex-start' }}
              align={{ base: 'center', sm: 'flex-start' }}
              gap="0.5"
              bg="bg.canvas"
              borderRadius="lg"
              px="3"
              py="2.5"
              data-testid={`summary-${id}`}
            >
              <HStack gap="1.5">
                <Text fontSize={{ base: 'sm', sm: 'xs' }} color="fg.muted">
                  {label}
                </Text>
                {id === 'pending' && pending ? <Box boxSize="1.5" borderRadius="full" bg="orange.400" aria-hidden="true" /> : null}
              </HStack>
              <Text fontWeight="semibold" fontSize={{ base: 'md', md: 'lg' }} whiteSpace="nowrap" data-testid={`${id}-amount`}>
                {formatMoney(value)}
              </Text>
            </Flex>
          ))}
        </SimpleGrid>
      </Box>
    </Flex>
  )
}
