import { describe, expect, it } from 'vitest'
import { acceptSearchInput, matchesAsset, resultCountText, searchAssets, searchTerm } from './search'

const assets = [
  { id: 1, display_name: '1967 Ford Mustang', ticker: '#CARS01', asset_status: 'Open ICO' },
  { id: 2, display_name: 'Rolex Submariner', ticker: '#WATCH1', asset_status: 'Trading' },
  { id: 3, display_name: 'Action Comics #1', ticker: '#ACTION', asset_status: 'Coming Soon' },
]

describe('search term', () => {
  it('needs 3 characters', () => {
    expect(searchTerm('')).toBeNull()
    expect(searchTerm('ro')).toBeNull()
    expect(searchTerm('   ro')).toBeNull()
    expect(searchTerm('rol')).toBe('rol')
  })
  it('trims leading whitespace and lower-cases', () => {
    expect(searchTerm('  RoLex')).toBe('rolex')
  })
  it('rejects double spaces', () => {
    expect(searchTerm('ford  mustang')).toBeNull()
  })
})

describe('search input', () => {
  it('drops leading whitespace', () => {
    expect(acceptSearchInput('', '  ford')).toBe('ford')
  })
  it('keeps the previous value when an edit adds a double space', () => {
    expect(acceptSearchInput('ford ', 'ford  ')).toBe('ford ')
    expect(acceptSearchInput('ford', 'ford m')).toBe('ford m')
  })
})

describe('matching', () => {
  it('matches name, ticker and status only', () => {
    expect(searchAssets(assets, 'mustang').map((a) => a.id)).toEqual([1])
    expect(searchAssets(assets, '#watch').map((a) => a.id)).toEqual([2])
    expect(searchAssets(assets, 'coming').map((a) => a.id)).toEqual([3])
    expect(searchAssets(assets, 'trading').map((a) => a.id)).toEqual([2])
    expect(matchesAsset('1967', assets[0]!)).toBe(true)
  })
  it('matches case-insensitively across several assets', () => {
    expect(searchAssets(assets, 'ACT').map((a) => a.id)).toEqual([3])
    expect(searchAssets(assets, 'o').map((a) => a.id)).toEqual([])
    expect(searchAssets(assets, 'ing').map((a) => a.id)).toEqual([2, 3])
  })
  it('gives an empty list below 3 characters or with double spaces', () => {
    expect(searchAssets(assets, 'ro')).toEqual([])
    expect(searchAssets(assets, 'rolex  sub')).toEqual([])
  })
  it('finds nothing for unknown text', () => {
    expect(searchAssets(assets, 'zzz')).toEqual([])
  })
})

describe('count text', () => {
  it('says no results, 1 result or N results', () => {
    expect(resultCountText(0)).toBe('no results')
    expect(resultCountText(1)).toBe('1 result')
    expect(resultCountText(4)).toBe('4 results')
  })
})
