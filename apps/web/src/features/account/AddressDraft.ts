import { emptyPhoneInput, type PhoneInput } from '../auth/index.ts'

/** What the new-address form holds while the person types, kept across a trip to the code screen and back. */
export type AddressDraft = { phone: PhoneInput; email: string }

export const emptyAddressDraft = (): AddressDraft => ({ phone: emptyPhoneInput(), email: '' })
