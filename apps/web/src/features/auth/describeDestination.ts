import { maskPhoneNumber } from '@charter/core'
import type { Destination } from './Destination.ts'

/** How the code screen names where the code went: '*2671' for a phone (the spec's mask), the email as typed. */
export function describeDestination(destination: Destination): string {
  return destination.kind === 'phone' ? maskPhoneNumber(destination.phoneNumber) : destination.email
}
