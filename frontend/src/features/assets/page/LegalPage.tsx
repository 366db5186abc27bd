/** /app/legal?asset=ID (spec doc 3 §2.1): the asset's offering PDF in an embedded viewer (with a link to it for
 * browsers that do not show PDFs inline). */
import { Box, Link, Stack, Text } from '@chakra-ui/react'
import { Page } from '../../../ui/Page'
import { AssetHeader } from './AssetHeader'
import { useAssetPage } from './useAssetPage'

export function LegalPage() {
  const { page, failed } = useAssetPage()
  return (
    <Page title={page ? `${page.ticker} offering circular` : 'Offering circular'} hideTitle>
      <AssetHeader page={page} failed={failed} />
      {page ? (
        page.pdf ? (
          <Stack gap="3">
            <Box as="object" w="full" h="75vh" borderWidth="1px" borderRadius="lg" data-testid="legal-pdf" {...{ data: page.pdf, type: 'application/pdf', title: `${page.display_name} offering circular` }}>
              <Text p="4">This browser does not show PDFs here.</Text>
            </Box>
            <Link href={page.pdf} target="_blank" rel="noreferrer" fontSize="sm" color="brand.fg">
              Open the PDF
            </Link>
          </Stack>
        ) : (
          <Text color="fg.muted">No offering document for this asset yet.</Text>
        )
      ) : null}
    </Page>
  )
}
