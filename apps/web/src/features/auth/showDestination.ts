import type { Destination } from './Destination.ts'
import { formatPhoneNumber } from './formatPhoneNumber.ts'

/** An address of the signed-in person's own, in full for reading: '+1 415 555 2671', or the email. */
export const showDestination = (destination: Destination): string =>
  destination.kind === 'phone' ? formatPhoneNumber(destination.phoneNumber) : destination.email
