/**
 * The intro tour (spec doc 2 §2.1): /app/tour (a welcome with 'Start the Tour'), then /explore, /learn, /invest and
 * /manage ('GET STARTED NOW'). Skip on any step goes to /app/onboarding; closing goes to /app.
 */
import { Box, Button, Circle, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router'
import { CATEGORIES } from '../../domain/categories'
import { CheckIcon, ChevronLeftIcon, CloseIcon } from '../../ui/icons'
import { Page } from '../../ui/Page'

const SLIDES = [
  { id: 'explore', title: 'Explore the collection', text: 'Cars, watches, comics, art, wine and more: each asset is divided into shares you can buy for the price of one share.' },
  { id: 'learn', title: 'Learn the story', text: 'Every asset has its page: its history, its condition, how it was valued and how its offering is doing.' },
  { id: 'invest', title: 'Invest during the offering', text: 'Coming-soon assets open for an initial offering. Follow the percent funded and buy your shares before it sells out.' },
  { id: 'manage', title: 'Manage your portfolio', text: 'My Portfolio shows your cash and your shares. After the offering, shares trade between investors during trading windows.' },
] as const

const ONBOARDING = '/app/onboarding'

export function TourPage() {
  const { step } = useParams()
  const navigate = useNavigate()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const index = step === undefined ? -1 : SLIDES.findIndex((s) => s.id === step)
  useEffect(() => {
    if (index >= 0) headingRef.current?.focus({ preventScroll: true })
  }, [index])
  if (step !== undefined && index === -1) return <Navigate to="/app/tour" replace />

  const slide = index >= 0 ? SLIDES[index] : undefined
  const color = CATEGORIES[Math.max(0, index) % CATEGORIES.length]?.color ?? '#11151f'
  const last = index === SLIDES.length - 1
  return (
    <Page title={slide ? `Tour: ${slide.title}` : 'Welcome'} hideTitle maxW="2xl">
      <Stack gap="6" bg="white" borderRadius="2xl" borderWidth="1px" borderColor="border.muted" boxShadow="sm" p={{ base: '5', md: '10' }} data-testid="tour" data-step={slide?.id ?? 'intro'}>
        <Flex justify="space-between" align="center">
          <Button asChild variant="ghost" size="sm" ms="-2">
            <RouterLink to={ONBOARDING}>Skip</RouterLink>
          </Button>
          <IconButton aria-label="Close tour" variant="ghost" size="sm" me="-2" onClick={() => navigate('/app')}>
            <CloseIcon />
          </IconButton>
        </Flex>
        {slide ? (
          <>
            <Box h={{ base: '36', md: '44' }} borderRadius="xl" bg={color} backgroundImage="linear-gradient(135deg, rgba(255,255,255,0.25), rgba(0,0,0,0.15))" aria-hidden="true" />
            <Stack gap="2">
              <Text fontSize="sm" color="fg.muted">
                Step {index + 1} of {SLIDES.length}
              </Text>
              <Heading ref={headingRef} tabIndex={-1} outline="none" as="h1" fontFamily="heading" size="2xl">
                {slide.title}
              </Heading>
              <Text color="fg.muted">{slide.text}</Text>
            </Stack>
            <HStack gap="2" justify="center" aria-hidden="true">
              {SLIDES.map((s, i) => (
                <Box key={s.id} h="2" w={i === index ? '6' : '2'} borderRadius="full" bg={i === index ? 'ink.900' : 'ink.200'} transition="width 0.2s" />
              ))}
            </HStack>
            <Flex justify="space-between" gap="3">
              <Button variant="ghost" onClick={() => navigate(index === 0 ? '/app/tour' : `/app/tour/${SLIDES[index - 1]?.id}`)}>
                <ChevronLeftIcon /> Back
              </Button>
              {last ? (
                <Button colorPalette="brand" onClick={() => navigate(ONBOARDING)}>
                  GET STARTED NOW
                </Button>
              ) : (
                <Button colorPalette="brand" onClick={() => navigate(`/app/tour/${SLIDES[index + 1]?.id}`)}>
                  Next
                </Button>
              )}
            </Flex>
          </>
        ) : (
          <Stack gap="5" align="center" textAlign="center" py={{ base: '4', md: '6' }}>
            <Circle size="16" bg="green.100" color="green.700" aria-hidden="true">
              <CheckIcon boxSize="8" />
            </Circle>
            <Heading as="h1" fontFamily="heading" size="2xl">
              Welcome to Vitrine!
            </Heading>
            <Text color="fg.muted" maxW="md">
              Your account is ready. Take a one-minute tour to see how owning a share of a collectible works.
            </Text>
            <Button colorPalette="brand" size="lg" onClick={() => navigate('/app/tour/explore')}>
              Start the Tour
            </Button>
          </Stack>
        )}
      </Stack>
    </Page>
  )
}
