import type { PhoneCountry } from './PhoneCountry.ts'

/** A phone number that parsed, has a possible length and valid leading digits for its calling code. */
export type ParsedPhoneNumber = {
  /** '+', calling code, national number: '+14155552671'. What we store and send the code to. */
  e164: string
  /** Undefined for non-geographic numbers (+800, +882, …) and for +1 / +7 / … numbers no country claims. */
  country: PhoneCountry | undefined
  /** Digits only, without '+': '1', '44'. */
  callingCode: string
  /** Digits only, without calling code or trunk prefix: '4155552671', '2071838750' (not '020…'). */
  nationalNumber: string
}
