import { type ChainFamily, type Colleague, colleagueName } from '../colleagues/index.ts'

/** Only what can be part of a phone number as people write one: digits, +, spaces, dashes, dots, brackets. */
const phoneLike = /^[+\d\s().-]+$/

/**
 * The colleagues the recipient field offers for `text`: those with a wallet on this kind of chain whose name or
 * organisation holds what is typed (any case), or, when digits are typed, whose phone number holds those digits
 * whatever the spacing ("415 555" finds "+1 415-555-0100"). Empty text offers them all.
 */
export function matchColleagues(
  colleagues: readonly Colleague[] | undefined,
  chainType: ChainFamily,
  text: string,
): Colleague[] {
  const payable = (colleagues ?? []).filter((colleague) => colleague.wallets[chainType] !== undefined)
  const query = text.trim().toLowerCase()
  if (query === '') return payable
  const digits = phoneLike.test(query) ? query.replace(/\D/g, '') : ''
  return payable.filter(
    (colleague) =>
      colleagueName(colleague).toLowerCase().includes(query) ||
      (digits.length >= 3 && colleague.label.replace(/\D/g, '').includes(digits)),
  )
}
