/** An announced loading placeholder of a screen's sections: one wide block over a row of three cards. */
import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react'

interface Props {
  /** the status's accessible name */
  label: string
  /** the wide block's height */
  lead: string
  /** each card's height */
  card: string
  columns: Record<string, number>
  cardRadius?: string
}

export function SkeletonSections({ label, lead, card, columns, cardRadius = 'lg' }: Props) {
  return (
    <Stack gap="4" role="status" aria-label={label}>
      <Skeleton h={lead} borderRadius="2xl" />
      <SimpleGrid columns={columns} gap="3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={card} borderRadius={cardRadius} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
