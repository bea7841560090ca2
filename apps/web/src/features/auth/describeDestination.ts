import { maskPhoneNumber } from '@charter/core'
import type { Destination } from './Destination.ts'

/**
 * How the code screen names where the code went: for a phone, '*' and its last 4 digits ('*2671'), the way the
 * server names a number it sent a code to (core's `maskPhoneNumber`); the email as typed.
 */
export function describeDestination(destination: Destination): string {
  return destination.kind === 'phone' ? maskPhoneNumber(destination.phoneNumber) : destination.email
}
