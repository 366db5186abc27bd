import { describe, expect, it } from 'vitest'
import {
  cardAction,
  cardLook,
  carouselKeyStep,
  carouselSwipeStep,
  EXPLORE,
  EXPLORE_AND_INVEST,
  preloadIndices,
  showsArrows,
  staggerDelay,
  stepCentre,
} from './assetCard'

const card = (asset_status: string, progress_bar = 40, is_exited = false) => ({ asset_status, progress_bar, is_exited })

describe('the card call to action', () => {
  it('invites to invest where the investor can put money in now', () => {
    expect(cardAction(card('Open ICO'), null, false)).toBe(EXPLORE_AND_INVEST)
    expect(cardAction(card('Trading'), null, true)).toBe(EXPLORE_AND_INVEST)
    expect(cardAction(card('Post Only'), null, true)).toBe(EXPLORE_AND_INVEST)
    expect(cardAction(card('Coming Soon'), 'early_io', false)).toBe(EXPLORE_AND_INVEST)
  })
  it('only invites to explore otherwise', () => {
    expect(cardAction(card('Coming Soon'), null, false)).toBe(EXPLORE)
    expect(cardAction(card('Open ICO', 100), null, false)).toBe(EXPLORE)
    expect(cardAction(card('Closed ICO'), null, false)).toBe(EXPLORE)
    expect(cardAction(card('Trading'), null, false)).toBe(EXPLORE)
    expect(cardAction(card('Trading closed'), null, false)).toBe(EXPLORE)
    expect(cardAction(card('Open ICO', 40, true), null, false)).toBe(EXPLORE)
  })
})

describe('the carousel', () => {
  it('shows the centre card whole and its neighbours smaller and faded, nothing further', () => {
    expect(cardLook(0)).toEqual({ shown: true, scale: 1, opacity: 1 })
    expect(cardLook(-1)).toEqual({ shown: true, scale: 0.8, opacity: 0.4 })
    expect(cardLook(1)).toEqual({ shown: true, scale: 0.8, opacity: 0.4 })
    expect(cardLook(2).shown).toBe(false)
    expect(cardLook(-3).shown).toBe(false)
  })
  it('preloads the centre and two neighbours on each side, within the list', () => {
    expect(preloadIndices(10, 5)).toEqual([3, 4, 5, 6, 7])
    expect(preloadIndices(10, 0)).toEqual([0, 1, 2])
    expect(preloadIndices(3, 2)).toEqual([0, 1, 2])
    expect(preloadIndices(0, 0)).toEqual([])
  })
  it('moves within the list by arrows, keys and swipes', () => {
    expect(stepCentre(3, 0, -1)).toBe(0)
    expect(stepCentre(3, 2, 1)).toBe(2)
    expect(stepCentre(3, 1, 1)).toBe(2)
    expect(carouselKeyStep('ArrowRight')).toBe(1)
    expect(carouselKeyStep('ArrowLeft')).toBe(-1)
    expect(carouselKeyStep('Enter')).toBe(0)
    expect(carouselSwipeStep(-60)).toBe(1)
    expect(carouselSwipeStep(60)).toBe(-1)
    expect(carouselSwipeStep(20)).toBe(0)
  })
  it('has arrows from two assets on', () => {
    expect(showsArrows(1)).toBe(false)
    expect(showsArrows(2)).toBe(true)
  })
})

describe('the mobile list stagger', () => {
  it('delays each item 0.05 s after the one before', () => {
    expect(staggerDelay(0)).toBe('0.00s')
    expect(staggerDelay(1)).toBe('0.05s')
    expect(staggerDelay(4)).toBe('0.20s')
  })
})
