/**
 * The legal statements (spec doc 3 §2.8): the terms of use and privacy text of PRIVACY POLICY and the communication
 * disclaimer, as sections of paragraphs. Every statement the spec names is here once: US only, 18 or over, offered only
 * through a registered broker-dealer, accredited or qualified investors, no investment advice, paper copies at up to
 * $5.00 a document, information kept 30 days after the user stops using the service, a copy requested within 10 days,
 * arbitration under New York law, trading-window buyers admitted as members bound by the operating agreement, foreign
 * investors not directed.
 */
import { SUPPORT_EMAIL } from '../../config'

export interface LegalSection {
  title: string
  paragraphs: string[]
}

export const BROKER_DEALER = "Vitrine's registered broker-dealer of record, a member of FINRA and SIPC"

export const TERMS_OF_USE: LegalSection[] = [
  {
    title: 'Who may use Vitrine',
    paragraphs: [
      'Vitrine is offered only to residents of the United States. You must be 18 years of age or older to open an account.',
      'Vitrine does not direct any offering to persons outside the United States; foreign investors are not solicited and may not invest through Vitrine.',
    ],
  },
  {
    title: 'Offerings and the broker-dealer',
    paragraphs: [
      `Shares of series interests are offered only through ${BROKER_DEALER}. Vitrine itself is not a broker-dealer and does not hold your securities.`,
      'Some offerings are open only to accredited investors or to investors who are otherwise qualified under the rules that govern the offering; Vitrine asks for the information it needs to confirm this before you invest.',
      'When you buy shares in a trading window, you are admitted as a member of the series that owns the asset and you are bound by its operating agreement, which is available on each asset’s legal page.',
    ],
  },
  {
    title: 'No investment advice',
    paragraphs: [
      'What you read on Vitrine is not investment, legal, accounting or tax advice, or a recommendation to buy, sell or hold any security. You are responsible for your own investment decisions.',
    ],
  },
  {
    title: 'Electronic delivery',
    paragraphs: [
      'You agree to receive statements, confirmations, tax documents and other disclosures electronically. You may ask for a paper copy of any document; a fee of up to $5.00 per document may apply.',
    ],
  },
  {
    title: 'Disputes',
    paragraphs: [
      'Any dispute arising from your use of Vitrine will be resolved by binding arbitration under the laws of the State of New York, except where the law does not allow it.',
    ],
  },
]

export const PRIVACY: LegalSection[] = [
  {
    title: 'What we collect and why',
    paragraphs: [
      'Your e-mail address and a password (stored only as a one-way hash) when you sign up; when you verify your identity, link a bank account or invest, the details those steps ask for, such as your name, address, date of birth and bank account information. We use them to run your account, to meet the identity and anti-money-laundering checks investing requires, to move money at your request and to tell you about your account and the assets you follow.',
      'Vitrine staff who support your account and the payment, identity and e-signature providers that carry out the steps you start see what they need for them. We do not sell your personal information. Social security numbers and account numbers are encrypted when stored and masked whenever they are shown.',
    ],
  },
  {
    title: 'How long we keep it',
    paragraphs: [
      'We keep your information while you use Vitrine and for 30 days after you stop using the service, except where the law requires us to keep records longer.',
      `You may request a copy of your information within 10 days of closing your account by writing to ${SUPPORT_EMAIL}.`,
    ],
  },
]

export const DISCLAIMER: LegalSection[] = [
  {
    title: 'Risk factors',
    paragraphs: [
      'Shares of collectible assets are speculative and illiquid. You may lose some or all of the money you invest, and you may not be able to sell your shares when you want to or at the price you want. Trading happens only in trading windows, and a window may close without a buyer for your shares.',
      'The value of a collectible depends on its condition, its authenticity, the market for similar items and the costs of storing and insuring it; none of these is guaranteed. Past performance of an asset or a category does not predict future results.',
    ],
  },
  {
    title: 'Forward-looking statements',
    paragraphs: [
      'Communications from Vitrine may contain forward-looking statements — words such as “expect”, “estimate”, “believe” or “may” — about an asset, its market or its offering. They reflect current views, involve risks and uncertainties, and actual results may differ materially. Vitrine undertakes no duty to update them.',
    ],
  },
  {
    title: 'Your own advice',
    paragraphs: [
      'Prices, valuations and the status of an offering shown in Vitrine are for information only. We recommend that you obtain your own legal, tax and financial advice before investing.',
    ],
  },
]
