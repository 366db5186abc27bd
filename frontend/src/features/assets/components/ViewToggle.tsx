/** Mobile carousel / list toggle (spec doc 1 §2 "Asset list item and list mode"). */
import { HStack, IconButton } from '@chakra-ui/react'
import { CarouselIcon, ListIcon } from '../../../ui/icons'
import { useViewMode } from '../viewMode'

export function ViewToggle() {
  const [mode, setMode] = useViewMode()
  return (
    <HStack gap="1" role="group" aria-label="Asset view" bg="bg.muted" borderRadius="lg" p="1">
      <IconButton size="xs" aria-label="Carousel view" aria-pressed={mode === 'carousel'} variant={mode === 'carousel' ? 'solid' : 'ghost'} colorPalette="brand" onClick={() => setMode('carousel')}>
        <CarouselIcon />
      </IconButton>
      <IconButton size="xs" aria-label="List view" aria-pressed={mode === 'list'} variant={mode === 'list' ? 'solid' : 'ghost'} colorPalette="brand" onClick={() => setMode('list')}>
        <ListIcon />
      </IconButton>
    </HStack>
  )
}
