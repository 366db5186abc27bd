/** A short tour of the product, shown after signup (then onboarding) or from the menu. */
import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { CATEGORIES } from '../domain/categories'
import { Page } from '../ui/Page'

const SLIDES = [
  { title: 'Collectibles, one share at a time', text: 'Each asset — a car, a watch, a comic, a bottle — is divided into shares you can buy for the price of one share.' },
  { title: 'Invest during the offering', text: 'Coming-soon assets open for an initial offering. Follow the percent funded and buy before it sells out.' },
  { title: 'Trade on the market', text: 'After the offering, shares trade between investors during trading windows, and orders are accepted around the clock.' },
  { title: 'Track your portfolio', text: 'My Portfolio shows your cash, your shares and how they perform.' },
]

export function TourPage() {
  const [index, setIndex] = useState(0)
  const navigate = useNavigate()
  const signupOnboarding = Boolean((useLocation().state as { signupOnboarding?: boolean } | null)?.signupOnboarding)
  const finishTo = signupOnboarding ? '/app/onboarding' : '/app/home'
  const slide = SLIDES[index] ?? SLIDES[0]
  const last = index === SLIDES.length - 1
  const color = CATEGORIES[index % CATEGORIES.length]?.color ?? '#11151f'

  return (
    <Page title="Tour" hideTitle maxW="2xl">
      <Stack gap="6" bg="white" borderRadius="2xl" borderWidth="1px" borderColor="border.muted" p={{ base: '6', md: '10' }} data-testid="tour">
        <Box h="40" borderRadius="xl" bg={color} backgroundImage="linear-gradient(135deg, rgba(255,255,255,0.25), rgba(0,0,0,0.15))" aria-hidden="true" />
        <Stack gap="2" aria-live="polite">
          <Text fontSize="sm" color="fg.muted">
            Step {index + 1} of {SLIDES.length}
          </Text>
          <Heading as="h1" fontFamily="heading" size="2xl">
            {slide?.title}
          </Heading>
          <Text color="fg.muted">{slide?.text}</Text>
        </Stack>
        <HStack gap="2" justify="center" aria-hidden="true">
          {SLIDES.map((s, i) => (
            <Box key={s.title} h="2" w={i === index ? '6' : '2'} borderRadius="full" bg={i === index ? 'ink.900' : 'ink.200'} transition="width 0.2s" />
          ))}
        </HStack>
        <Flex justify="space-between" gap="3">
          {index > 0 ? (
            <Button variant="ghost" onClick={() => setIndex(index - 1)}>
              Back
            </Button>
          ) : (
            <Button asChild variant="ghost">
              <RouterLink to={finishTo}>Skip</RouterLink>
            </Button>
          )}
          <Button colorPalette="brand" onClick={() => (last ? navigate(finishTo) : setIndex(index + 1))}>
            {last ? 'Get started' : 'Next'}
          </Button>
        </Flex>
      </Stack>
    </Page>
  )
}
