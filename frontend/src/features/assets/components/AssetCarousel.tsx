/**
 * The carousel of asset cards (spec doc 3 §2.1 "Asset card", §2.4): one card at the centre, its neighbours at scale
 * 0.8 and opacity 0.4, nothing further; previous / next arrows from two assets on; the left and right arrow keys and
 * a horizontal swipe move it too, within the list. The images of the centre card and two neighbours on each side
 * load ahead. For a screen reader it is a carousel of slides ('2 of 5'), the position announced as it moves; the
 * faded neighbours are out of the keyboard's order (the arrows reach them).
 */
import { Box, Flex, IconButton, VisuallyHidden } from '@chakra-ui/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react'
import type { Asset } from '../../../api/types'
import { cardLook, carouselKeyStep, carouselSwipeStep, showsArrows, stepCentre } from '../assetCard'
import { usePreloadImages } from '../usePreloadImages'
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/icons'
import { AssetCard } from './AssetCard'

/** Each card's width and the track's shift that puts the centre card in the middle (three slots, 0.75rem apart). */
const SLOT = { base: '64%', md: '30%' }
const SHIFT = { base: 'calc(-46% - 0.75rem)', md: 'calc(5% - 0.75rem)' }

export function AssetCarousel({ assets, label = 'Assets' }: { assets: readonly Asset[]; label?: string }) {
  const [centre, setCentre] = useState(0)
  const current = Math.min(centre, Math.max(0, assets.length - 1)) // the list may shrink under it
  const centreLink = useRef<HTMLAnchorElement>(null)
  const refocus = useRef(false)
  const swipe = useRef<number | null>(null)
  const swiped = useRef(false) // the click that ends a swipe opens nothing
  const id = useId()
  usePreloadImages(assets, current)

  useEffect(() => {
    if (refocus.current) {
      refocus.current = false
      centreLink.current?.focus()
    }
  }, [current])

  const go = (step: number) => setCentre(stepCentre(assets.length, current, step))
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const step = carouselKeyStep(e.key)
    if (step === 0) return
    e.preventDefault()
    refocus.current = (e.target as HTMLElement).closest('[data-testid="asset-item"]') !== null
    go(step)
  }
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    swipe.current = e.clientX
    swiped.current = false
  }
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const from = swipe.current
    swipe.current = null
    const step = from === null ? 0 : carouselSwipeStep(e.clientX - from)
    swiped.current = step !== 0
    if (step !== 0) go(step)
  }
  const onClickCapture = (e: MouseEvent<HTMLElement>) => {
    if (!swiped.current) return
    swiped.current = false
    e.preventDefault()
    e.stopPropagation()
  }

  const slots = [current - 1, current, current + 1]
  const arrows = showsArrows(assets.length)
  return (
    <Box
      position="relative"
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipe.current = null)}
      onClickCapture={onClickCapture}
      overflow="hidden"
      py="2"
      data-testid="asset-carousel"
      css={{ touchAction: 'pan-y' }}
    >
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {assets[current] ? `${current + 1} of ${assets.length}: ${assets[current].display_name}` : ''}
      </VisuallyHidden>
      <Flex as="ul" listStyleType="none" gap="3" ml={SHIFT} w="full" align="stretch" id={id} aria-label={label}>
        {slots.map((i, slot) => {
          const asset = assets[i]
          const look = cardLook(i - current)
          if (!asset || !look.shown) return <Box as="li" key={`empty-${slot}`} flex="0 0 auto" w={SLOT} aria-hidden="true" />
          const beside = i !== current
          return (
            <Box
              as="li"
              key={asset.id}
              flex="0 0 auto"
              w={SLOT}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${assets.length}`}
              aria-hidden={beside ? true : undefined}
              transform={`scale(${look.scale})`}
              opacity={look.opacity}
              transition="transform 0.25s ease, opacity 0.25s ease"
              _motionReduce={{ transition: 'none' }}
              data-centre={beside ? undefined : 'true'}
              onClickCapture={beside ? (e) => { e.preventDefault(); go(i - current) } : undefined}
              cursor={beside ? 'pointer' : undefined}
            >
              <AssetCard asset={asset} focusable={!beside} linkRef={beside ? undefined : centreLink} />
            </Box>
          )
        })}
      </Flex>
      {arrows ? (
        <>
          <IconButton
            aria-label="Previous asset" aria-controls={id} position="absolute" left="2" top="50%" transform="translateY(-50%)"
            size="sm" borderRadius="full" variant="subtle" bg="white" boxShadow="md" disabled={current === 0}
            onClick={() => go(-1)} data-testid="carousel-previous">
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label="Next asset" aria-controls={id} position="absolute" right="2" top="50%" transform="translateY(-50%)"
            size="sm" borderRadius="full" variant="subtle" bg="white" boxShadow="md" disabled={current === assets.length - 1}
            onClick={() => go(1)} data-testid="carousel-next">
            <ChevronRightIcon />
          </IconButton>
        </>
      ) : null}
    </Box>
  )
}
