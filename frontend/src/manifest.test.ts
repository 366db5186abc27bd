import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { system } from './theme'

const FRONTEND = join(__dirname, '..')
const manifest = JSON.parse(readFileSync(join(FRONTEND, 'public/manifest.webmanifest'), 'utf8')) as Record<string, unknown>

describe('the web app manifest (public/manifest.webmanifest)', () => {
  it("takes its colours from the theme's canvas, as index.html's theme-color does", () => {
    const canvas = system.tokens.getByName('colors.bg.canvas')?.value
    expect(canvas).toMatch(/^#[0-9a-f]{6}$/)
    expect([manifest.theme_color, manifest.background_color]).toEqual([canvas, canvas])
    const html = readFileSync(join(FRONTEND, 'index.html'), 'utf8')
    expect(html).toContain(`<meta name="theme-color" content="${String(canvas)}" />`)
  })
})
