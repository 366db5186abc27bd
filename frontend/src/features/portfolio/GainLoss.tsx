/** A gain or loss figure: the word, the signed amount and the signed percentage, coloured by its tone. */
import { Text, type TextProps } from '@chakra-ui/react'
import { signedMoney, signedPercent, TONE_COLOR, TONE_WORD, toneOf } from './gainLoss'

export function GainLossFigure({ amount, percent, ...rest }: { amount: string; percent: string | null } & TextProps) {
  const tone = toneOf(amount)
  return (
    <Text color={TONE_COLOR[tone]} data-tone={tone} {...rest}>
      {TONE_WORD[tone]} {signedMoney(amount)} ({signedPercent(percent)})
    </Text>
  )
}
