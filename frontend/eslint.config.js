// ESLint (flat config): typescript-eslint, the rules of hooks, and the frontend's boundaries — the layout
// of README "Layout" as import-x/no-restricted-paths zones. `npm run lint` runs it with no warning allowed.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const here = import.meta.dirname
const TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx']

// The layers: shared code never reaches up into what uses it.
const LAYERS = [
  {
    target: ['./src/ui', './src/domain'],
    from: ['./src/features', './src/app', './src/flows'],
    message: 'ui/ and domain/ are shared by every feature: they import no feature, app/ or flows/.',
  },
  { target: './src/domain', from: './src/ui', message: 'domain/ holds pure rules: no components.' },
  {
    target: './src/api',
    from: ['./src/features', './src/flows', './src/ui'],
    message: 'api/ is the client: it imports no feature, flows/ or ui/.',
  },
  {
    // the client and the flow events read the token and record logout reasons; nothing else of app/
    target: ['./src/api', './src/flows'],
    from: './src/app',
    except: ['./session'],
    message: 'api/ and flows/ take only the session from app/.',
  },
  { target: './src/flows', from: './src/features', message: 'flows/ renders every wizard: features register their steps with it, never the reverse.' },
]

// What one feature may take from another: everything else in features/<name>/ is its own. Each line says who takes it.
const PUBLIC = {
  assets: [
    'catalogue/catalogueContext.ts', // the catalogue state: calendar, home, portfolio, purchase, trading
    'assetPage.ts', // the asset page's path and state: purchase
    'components/AssetListItem.tsx', // calendar
    'components/AssetImage.tsx', // home
    'components/AssetCarousel.tsx', // home
    'components/SearchBox.tsx', // home
    'components/SpecialAccessSplash.tsx', // home
    'components/NotifyToggle.tsx', // purchase, trading
  ],
  auth: ['AuthLayout.tsx'], // legal (the FAQ page)
  funding: ['VerifyEmailDialog.tsx'], // assets, portfolio, purchase, trading
  onboarding: [
    'registry.ts', // the onboarding's steps, reused by the profile, purchase and place-order wizards
    'saved.ts', // documents
    'steps/BankAccountTypeStep.tsx', // funding's bank steps
    'steps/BankInfoStep.tsx',
    'steps/ConnectBankStep.tsx',
    'steps/InfoSteps.tsx',
  ],
  purchase: [
    'InvestButton.tsx', // assets
    'purchase.ts', // assetIdParam: trading's place-order page
    'steps/PassportStep.tsx', // the place-order wizard
    'steps/TosStep.tsx',
  ],
  trading: [
    'marketState.ts', // the asset page and cards
    'useTrading.ts', // the asset page
    'TradeButtons.tsx', // the asset page
    'atsCards.ts', // home
    'PortfolioTrading.tsx', // portfolio
  ],
}
const publicModules = Object.entries(PUBLIC).flatMap(([feature, files]) => files.map((file) => `./${feature}/${file}`))
for (const module of publicModules) {
  if (!existsSync(join(here, 'src/features', module))) throw new Error(`eslint.config.js PUBLIC: no src/features/${module.slice(2)}`)
}
const FEATURES = readdirSync(join(here, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `./src/features/${entry.name}`,
    from: './src/features',
    except: [`./${entry.name}`, ...publicModules.filter((module) => !module.startsWith(`./${entry.name}/`))],
    message: 'A feature takes from another only what eslint.config.js PUBLIC lists (or move the shared piece to ui/ or domain/).',
  }))

// the Vitest harness is for tests only
const TESTING = { target: './src', from: './src/testing', message: 'testing/ is the Vitest harness: only tests import it.' }

export default defineConfig(
  { ignores: ['dist/', 'src/api/schema.gen.ts'] },
  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    // recommended, not yet recommendedTypeChecked: that one finds 187 things today (unbound-method, floating and
    // misused promises, require-await), to take up rule by rule
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: here, zones: [...LAYERS, ...FEATURES, TESTING] }],
    },
  },
  {
    // tests and their harness may compose features (a page with the catalogue, another feature's fixtures)
    files: [...TESTS, 'src/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: here, zones: LAYERS }] },
  },
)
