/**
 * The asset page's six slides (spec doc 3 §2.1): Main, Graph, Quote, Description, Media, Timeline, one at a time,
 * moved by the dots, the next-slide chevron, the arrow / page keys and a vertical swipe of velocity 1.7 or more;
 * the index stays within 0 to 5. The page mounts it keyed by the asset, so a new asset starts at slide 0 with every
 * popup of the old one closed. Each slide carries its view name (data-view), tracked when it shows (api/analytics.ts),
 * and the last one the help link.
 */
import { Box, Flex, IconButton, Link, Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type TouchEvent } from 'react'
import { trackView } from '../../../api/analytics'
import { assetQuery } from '../../../api/queries'
import type { Asset, AssetPage } from '../../../api/types'
import { SUPPORT_EMAIL } from '../../../config'
import { clampSlide, HELP_TEXT, keyStep, LAST_SLIDE, SLIDES, swipeStep } from '../assetPage'
import { ChevronDownIcon } from '../../../ui/icons'
import { DescriptionSlide, MediaSlide, QuoteSlide, TimelineSlide } from './ContentSlides'
import { GraphSlide } from './GraphSlide'
import { MainSlide } from './MainSlide'

function slideBody(index: number, asset: Asset, page: AssetPage | undefined): ReactNode {
  switch (SLIDES[index]?.key) {
    case 'graph':
      return <GraphSlide asset={asset} page={page} />
    case 'quote':
      return <QuoteSlide page={page} />
    case 'description':
      return <DescriptionSlide asset={asset} />
    case 'media':
      return <MediaSlide asset={asset} page={page} />
    case 'timeline':
      return <TimelineSlide page={page} />
    default:
      return <MainSlide asset={asset} />
  }
}

export function AssetSlides({ asset }: { asset: Asset }) {
  const [index, setIndex] = useState(0)
  const page = useQuery(assetQuery(asset.id)).data
  const start = useRef<{ y: number; t: number } | null>(null)
  const go = (next: number) => setIndex(clampSlide(next))
  const slide = SLIDES[index] ?? SLIDES[0]
  const view = slide?.view
  useEffect(() => {
    if (view) trackView(view) // each slide shown is a tracked view (spec doc 3 §2.1)
  }, [view])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = keyStep(e.key)
    if (step === 0 || (e.target as HTMLElement).closest('input, textarea, select, [role="dialog"], [role="alertdialog"]')) return
    e.preventDefault()
    go(index + step)
  }
  // a swipe: a mouse drag (pointer events) or a finger (touch events, which the page's own scrolling does not cancel)
  const begin = (y: number) => {
    start.current = { y, t: performance.now() }
  }
  const end = (y: number | undefined) => {
    const from = start.current
    start.current = null
    if (!from || y === undefined) return
    const step = swipeStep((y - from.y) / Math.max(1, performance.now() - from.t))
    if (step !== 0) go(index + step)
  }
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse') begin(e.clientY)
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse') end(e.clientY)
  }
  const onTouchStart = (e: TouchEvent<HTMLDivElement>) => {
    const touch = e.touches[0]
    if (touch) begin(touch.clientY)
  }
  const onTouchEnd = (e: TouchEvent<HTMLDivElement>) => end(e.changedTouches[0]?.clientY)

  return (
    <Flex gap="4" align="stretch">
      <Box
        flex="1"
        minW="0"
        role="region"
        aria-roledescription="carousel"
        aria-label={`${asset.display_name}: ${slide?.label ?? ''} (slide ${index + 1} of ${SLIDES.length})`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        outline="none"
        _focusVisible={{ boxShadow: 'outline' }}
        borderRadius="xl"
        data-testid="asset-slides"
      >
        <Stack gap="4" minH="md" role="group" aria-roledescription="slide" aria-label={slide?.label} data-view={slide?.view} data-testid={`slide-${slide?.key}`}>
          {slideBody(index, asset, page)}
          {index === LAST_SLIDE ? (
            <Link href={`mailto:${SUPPORT_EMAIL}`} color="brand.fg" fontWeight="semibold">
              {HELP_TEXT}
            </Link>
          ) : null}
        </Stack>
        {index < LAST_SLIDE ? (
          <Flex justify="center" pt="4">
            <IconButton aria-label="Next slide" variant="ghost" size="sm" onClick={() => go(index + 1)} data-testid="next-slide">
              <ChevronDownIcon />
            </IconButton>
          </Flex>
        ) : null}
      </Box>
      <Stack as="nav" aria-label="Slides" gap="0" justify="center">
        {SLIDES.map((s, i) => (
          // a 24px target (WCAG 2.5.8) around the 10px dot
          <Box
            as="button"
            key={s.key}
            aria-label={s.label}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => go(i)}
            boxSize="6"
            display="flex"
            alignItems="center"
            justifyContent="center"
            borderRadius="full"
            cursor="pointer"
          >
            <Box as="span" aria-hidden="true" boxSize="2.5" borderRadius="full" bg={i === index ? 'brand.solid' : 'border.emphasized'} />
          </Box>
        ))}
      </Stack>
    </Flex>
  )
}
