import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { system } from './theme'

/** Chakra components → the recipes that style them (slot recipes marked). */
const STYLED: Record<string, string[]> = {
  Alert: ['slot:alert'], Badge: ['badge'], Button: ['button'], Checkbox: ['slot:checkbox', 'checkmark'],
  CloseButton: ['button'], Collapsible: ['slot:collapsible'], Dialog: ['slot:dialog'], Drawer: ['slot:drawer'],
  Field: ['slot:field'], Fieldset: ['slot:fieldset'], Heading: ['heading'], Icon: ['icon'], IconButton: ['button'],
  Input: ['input'], InputGroup: ['inputAddon'], Link: ['link'], List: ['slot:list'], Menu: ['slot:menu'], NativeSelect: ['slot:nativeSelect'],
  Popover: ['slot:popover'], Progress: ['slot:progress'], RadioCard: ['slot:radioCard', 'radiomark'], RadioGroup: ['slot:radioGroup', 'radiomark'],
  Separator: ['separator'], Skeleton: ['skeleton'], Spinner: ['spinner'], Steps: ['slot:steps'], Table: ['slot:table'],
  Tabs: ['slot:tabs'],
}
/** Layout and plumbing without a recipe of their own. */
const UNSTYLED = new Set(['Box', 'Center', 'ChakraProvider', 'Circle', 'Flex', 'Grid', 'HStack', 'Image', 'LinkBox',
  'LinkOverlay', 'Portal', 'SimpleGrid', 'Stack', 'Text', 'VisuallyHidden', 'chakra', 'createSystem', 'defaultBaseConfig',
  'defineConfig'])

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

function chakraImports(): Set<string> {
  const names = new Set<string>()
  for (const file of sources(join(__dirname))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.replace(/^\s*type\s+/, '').trim()
        if (name && !/^[A-Z]\w*(Props|Options)$/.test(name)) names.add(name)
      }
    }
  }
  return names
}

describe('the Chakra system', () => {
  it('has the recipe of every Chakra component the app imports (only those are bundled)', () => {
    const used = [...chakraImports()]
    expect(used.length).toBeGreaterThan(20)
    const unknown = used.filter((name) => !(name in STYLED) && !UNSTYLED.has(name))
    expect(unknown, 'add the recipe to theme.ts and the component to this table').toEqual([])
    for (const name of used) {
      for (const recipe of STYLED[name] ?? []) {
        const found = recipe.startsWith('slot:') ? system.getSlotRecipe(recipe.slice(5)) : system.getRecipe(recipe)
        expect(found, `${name} needs the ${recipe} recipe`).toBeTruthy()
      }
    }
  })
})

describe('prefers-reduced-motion (WCAG 2.3.3)', () => {
  it('ends every animation and transition at once when the user asks for reduced motion', () => {
    const layer = (system.getGlobalCss() as Record<string, Record<string, Record<string, unknown>>>)['@layer base'] ?? {}
    // every element and its pseudo-elements (Chakra's spinners and skeletons animate them too)
    const everything = Object.keys(layer).find((selector) => selector.replace(/&/g, '') === '*, *::before, *::after')
    const style = everything ? layer[everything]?.['@media (prefers-reduced-motion: reduce)'] : undefined
    expect(style, 'a global style on every element under @media (prefers-reduced-motion: reduce)').toBeDefined()
    expect(style).toMatchObject({
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important', // an infinite spinner runs once and stops
      transitionDuration: '0.01ms !important',
    })
  })
})
