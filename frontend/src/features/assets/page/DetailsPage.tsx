/** /app/details?asset=ID (spec doc 3 §2.1): the asset header, its documents (each opens in a lightbox) and its
 * name/value detail categories. */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { AssetDocument } from '../../../api/types'
import { Page } from '../../../ui/Page'
import { AssetHeader } from './AssetHeader'
import { Lightbox } from './Lightbox'
import { useAssetPage } from './useAssetPage'

export function DetailsPage() {
  const { page, failed } = useAssetPage()
  const [open, setOpen] = useState<{ doc: AssetDocument; index: number } | null>(null)
  return (
    <Page title={page ? `${page.ticker} details` : 'Details'} hideTitle>
      <AssetHeader page={page} failed={failed} />
      {page ? (
        <Stack gap="8">
          <Stack as="section" aria-labelledby="documents" gap="3">
            <Heading id="documents" as="h2" size="md" fontFamily="heading">
              Documents
            </Heading>
            <Stack gap="2" align="flex-start">
              {page.document.map((doc) => (
                <Button key={doc.id} variant="outline" size="sm" onClick={() => setOpen({ doc, index: 0 })}>
                  {doc.text}
                </Button>
              ))}
            </Stack>
          </Stack>
          {page.categories.map((c) => (
            <Stack as="section" key={c.id} aria-labelledby={`category-${c.id}`} gap="3">
              <Heading id={`category-${c.id}`} as="h2" size="md" fontFamily="heading">
                {c.name}
              </Heading>
              <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="6" rowGap="2">
                {c.details.map((d) => (
                  <Box key={d.id} display="contents">
                    <Text as="dt" color="fg.muted">
                      {d.name}
                    </Text>
                    <Text as="dd" fontWeight="semibold">
                      {d.value}
                    </Text>
                  </Box>
                ))}
              </Box>
            </Stack>
          ))}
        </Stack>
      ) : null}
      <Lightbox
        items={open?.doc.document_media ?? []}
        index={open ? open.index : null}
        title={open?.doc.text ?? ''}
        onIndex={(index) => setOpen((o) => (o ? { ...o, index } : o))}
        onClose={() => setOpen(null)}
      />
    </Page>
  )
}
