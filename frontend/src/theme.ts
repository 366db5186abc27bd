/**
 * Chakra UI v3 system: Chakra's base (conditions, utilities) and default theme (tokens, semantic tokens, styles),
 * with the recipes of the components the app uses only — the default config carries all of Chakra's ~75 component
 * recipes into the first JavaScript the browser loads (README "Bundle") — plus the Vitrine palette (ink and gold).
 * A component added to the app needs its recipe here (unstyled otherwise; `theme.test.ts` checks the list).
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import {
  alertSlotRecipe, animationStyles, badgeRecipe, breakpoints, buttonRecipe, checkboxSlotRecipe, checkmarkRecipe,
  collapsibleSlotRecipe, cssVarsPrefix, cssVarsRoot, dialogSlotRecipe, drawerSlotRecipe, fieldSlotRecipe,
  fieldsetSlotRecipe, globalCss, headingRecipe, iconRecipe, inputAddonRecipe, inputRecipe, keyframes, layerStyles,
  linkRecipe, listSlotRecipe, menuSlotRecipe, nativeSelectSlotRecipe, popoverSlotRecipe, progressSlotRecipe, radioCardSlotRecipe, radioGroupSlotRecipe,
  radiomarkRecipe, semanticTokens, separatorRecipe, skeletonRecipe, spinnerRecipe, stepsSlotRecipe, tableSlotRecipe,
  tabsSlotRecipe, textStyles, tokens,
} from '@chakra-ui/react/theme'

/** The recipes of the components the app renders (Button, IconButton and CloseButton share `button`). */
const recipes = {
  badge: badgeRecipe, button: buttonRecipe, checkmark: checkmarkRecipe, heading: headingRecipe, icon: iconRecipe,
  input: inputRecipe, inputAddon: inputAddonRecipe, link: linkRecipe, radiomark: radiomarkRecipe,
  separator: separatorRecipe, skeleton: skeletonRecipe, spinner: spinnerRecipe,
}
const slotRecipes = {
  alert: alertSlotRecipe, checkbox: checkboxSlotRecipe, collapsible: collapsibleSlotRecipe, dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe, field: fieldSlotRecipe, fieldset: fieldsetSlotRecipe, list: listSlotRecipe,
  menu: menuSlotRecipe, nativeSelect: nativeSelectSlotRecipe, popover: popoverSlotRecipe, progress: progressSlotRecipe, radioCard: radioCardSlotRecipe,
  radioGroup: radioGroupSlotRecipe, steps: stepsSlotRecipe, table: tableSlotRecipe, tabs: tabsSlotRecipe,
}

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
})

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg', minHeight: '100%' },
    // Chakra v3 ignores prefers-reduced-motion: under it (_motionReduce) every animation and transition (dialogs,
    // drawers, menus, skeletons, spinners, the loader) ends at once (WCAG 2.3.3). Not `none`: a dialog waits for its
    // exit animation's end before it unmounts; one run (iteration count 1) leaves an infinite spinner still.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationDelay: '0s !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        transitionDelay: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    keyframes: {
      loaderSlide: {
        from: { transform: 'translateX(-100%)' },
        to: { transform: 'translateX(250%)' },
      },
    },
    tokens: {
      fonts: {
        heading: { value: "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#fbf7ec' },
          100: { value: '#f4eacb' },
          200: { value: '#e9d59a' },
          300: { value: '#dcbd66' },
          400: { value: '#cfa843' },
          500: { value: '#b8902f' },
          600: { value: '#957225' },
          700: { value: '#735720' },
          800: { value: '#55401b' },
          900: { value: '#3b2d15' },
          950: { value: '#221a0c' },
        },
        ink: {
          50: { value: '#f4f5f7' },
          100: { value: '#e5e7ec' },
          200: { value: '#c9cdd6' },
          300: { value: '#a1a7b5' },
          400: { value: '#737b8e' },
          500: { value: '#545c70' },
          600: { value: '#3d4457' },
          700: { value: '#2b3142' },
          800: { value: '#1b2030' },
          900: { value: '#11151f' },
          950: { value: '#0a0c12' },
        },
      },
    },
    semanticTokens: {
      colors: {
        'bg.canvas': { value: '#f8f6f1' },
        brand: {
          solid: { value: '{colors.ink.900}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.ink.800}' },
          muted: { value: '{colors.ink.100}' },
          subtle: { value: '{colors.ink.50}' },
          emphasized: { value: '{colors.ink.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        gold: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: '{colors.ink.950}' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
})

export const system = createSystem(defaultBaseConfig, chakraTheme, config)
