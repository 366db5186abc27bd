/**
 * Catalogue search (spec doc 1 §2 "Search", §5): matches name, ticker and status from 3 characters, shows a count,
 * opens the chosen asset (exited ones cannot be chosen) and closes when emptied. On mobile it becomes a full-screen overlay.
 */
import { Box, chakra, CloseButton, Field, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react'
import { useId, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Asset } from '../../../api/types'
import { useCatalogue } from '../catalogue/catalogueContext'
import { canOpen, statusLine } from '../../../domain/assetStatus'
import { assetPath } from '../../../domain/categories'
import { acceptSearchInput, resultCountText, SEARCH_MINIMUM, searchAssets, searchTerm } from '../search'
import { useIsMobile } from '../../../ui/useIsMobile'
import { SearchIcon } from '../../../ui/icons'
import { AssetImage } from './AssetImage'

export function SearchBox() {
  const { assets, categories, accessTypeFor } = useCatalogue()
  const isMobile = useIsMobile()
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const resultsId = useId()
  const results = useMemo(() => searchAssets(assets, value), [assets, value])
  const open = value !== ''
  const overlay = isMobile && open

  const choose = (asset: Asset) => {
    if (!canOpen(asset)) return
    setValue('')
    navigate(assetPath(categories, asset))
  }

  return (
    <Box
      position={overlay ? 'fixed' : 'relative'}
      inset={overlay ? '0' : undefined}
      zIndex={overlay ? 'modal' : 'dropdown'}
      bg={overlay ? 'bg.canvas' : undefined}
      p={overlay ? '4' : '0'}
      role={overlay ? 'dialog' : undefined}
      aria-modal={overlay ? true : undefined}
      aria-label={overlay ? 'Asset search' : undefined}
      data-testid="search"
    >
      <Field.Root>
        <Field.Label srOnly>Search assets</Field.Label>
        <InputGroup
          startElement={<SearchIcon boxSize="4" color="fg.muted" />}
          endElement={open ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setValue('')} /> : undefined}
        >
          <Input
            type="search"
            value={value}
            onChange={(e) => setValue((prev) => acceptSearchInput(prev, e.target.value))}
            onKeyDown={(e) => (e.key === 'Escape' ? setValue('') : undefined)}
            placeholder="Search by name, ticker or status"
            aria-controls={open ? resultsId : undefined}
            autoComplete="off"
            bg="white"
            borderRadius="full"
            size="lg"
          />
        </InputGroup>
      </Field.Root>
      {open ? (
        <Box
          id={resultsId}
          position={overlay ? 'static' : 'absolute'}
          top="100%"
          left="0"
          right="0"
          mt="2"
          bg="white"
          borderRadius="xl"
          boxShadow={overlay ? undefined : 'lg'}
          borderWidth="1px"
          borderColor="border.muted"
          maxH={overlay ? 'calc(100dvh - 96px)' : '96'}
          overflowY="auto"
        >
          <HStack justify="space-between" px="4" pt="3" pb="2">
            <Text role="status" aria-live="polite" fontSize="sm" fontWeight="semibold" data-testid="search-count">
              {resultCountText(results.length)}
            </Text>
            {searchTerm(value) === null ? (
              <Text fontSize="xs" color="fg.muted">
                Type at least {SEARCH_MINIMUM} characters
              </Text>
            ) : null}
          </HStack>
          <Stack as="ul" listStyleType="none" gap="0" pb="2" aria-label="Search results">
            {results.map((asset) => (
              <li key={asset.id}>
                <chakra.button
                  type="button"
                  onClick={() => choose(asset)}
                  aria-disabled={canOpen(asset) ? undefined : true}
                  cursor={canOpen(asset) ? 'pointer' : 'not-allowed'}
                  opacity={canOpen(asset) ? 1 : 0.55}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  w="full"
                  px="4"
                  py="2"
                  textAlign="start"
                  _hover={canOpen(asset) ? { bg: 'bg.muted' } : undefined}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
                  data-testid="search-result"
                >
                  <AssetImage asset={asset} size="9" radius="md" />
                  <Box flex="1" minW="0">
                    <Text fontSize="sm" fontWeight="semibold" truncate>
                      {asset.ticker} · {asset.display_name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {statusLine(asset, accessTypeFor(asset.id)).text}
                    </Text>
                  </Box>
                </chakra.button>
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Box>
  )
}
