import { BaseError } from '../errors/BaseError.ts'

export type InvalidAmountReason =
  | 'empty'
  | 'too_long'
  | 'not_a_number'
  | 'misplaced_comma'
  | 'negative'
  | 'too_many_decimals'
  | 'too_large'
  | 'zero'

export type InvalidAmountErrorOptions = {
  reason: InvalidAmountReason
  /** What the person typed, trimmed; shown (shortened) in the details. */
  input?: string
  /** The token's decimals, for the too_many_decimals message. */
  decimals?: number
  /** The token's symbol, e.g. 'USDC', for the too_many_decimals message. */
  symbol?: string
}

/** An amount a person typed that cannot be sent as typed; `shortMessage` says what to change. */
export class InvalidAmountError extends BaseError {
  override name = 'InvalidAmountError'
  readonly reason: InvalidAmountReason

  constructor(options: InvalidAmountErrorOptions) {
    super(messageFor(options), {
      details: options.input ? `Input: "${preview(options.input)}"` : undefined,
      code: 'invalid_amount',
    })
    this.reason = options.reason
  }
}

function messageFor({ reason, decimals, symbol }: InvalidAmountErrorOptions): string {
  switch (reason) {
    case 'empty':
      return 'Enter an amount'
    case 'too_long':
      return 'The amount is too long'
    case 'not_a_number':
      return 'Enter the amount as a number, like 1,000.25'
    case 'misplaced_comma':
      return 'Use commas only between thousands and a point for decimals, like 1,000.25'
    case 'negative':
      return 'The amount cannot be negative'
    case 'too_many_decimals':
      return tooManyDecimalsMessage(decimals, symbol)
    case 'too_large':
      return 'The amount is too large'
    case 'zero':
      return 'Enter an amount greater than 0'
  }
}

function tooManyDecimalsMessage(decimals: number | undefined, symbol: string | undefined): string {
  if (decimals === undefined) return 'The amount has too many decimals'
  if (decimals === 0)
    return symbol ? `${symbol} has no decimals; enter a whole number` : 'Enter a whole number'
  const most = `at most ${decimals} ${decimals === 1 ? 'decimal' : 'decimals'}`
  return symbol ? `${symbol} has ${most}` : `Use ${most}`
}

function preview(input: string): string {
  return input.length > 40 ? `${input.slice(0, 40)}…` : input
}
