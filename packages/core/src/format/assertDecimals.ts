import { InvalidDecimalsError } from './InvalidDecimalsError.ts'

/** ERC-20 and SPL tokens both keep their decimals in a u8, so no token has more than 255. */
const maxTokenDecimals = 255

export function assertDecimals(value: number, parameter: string): void {
  if (!Number.isInteger(value) || value < 0 || value > maxTokenDecimals) {
    throw new InvalidDecimalsError({ parameter, value })
  }
}
