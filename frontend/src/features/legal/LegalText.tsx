/** Sections of legal text: a heading and its paragraphs each. */
import { Heading, Stack, Text } from '@chakra-ui/react'
import type { LegalSection } from './texts'

export function LegalText({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <Stack gap="6">
      {sections.map((s) => (
        <Stack key={s.title} gap="2" as="section" aria-label={s.title}>
          <Heading as="h2" size="md" fontFamily="heading">
            {s.title}
          </Heading>
          {s.paragraphs.map((p) => (
            <Text key={p} color="fg.muted" lineHeight="tall">
              {p}
            </Text>
          ))}
        </Stack>
      ))}
    </Stack>
  )
}
