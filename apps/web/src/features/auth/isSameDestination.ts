import type { Destination } from './Destination.ts'

export function isSameDestination(a: Destination, b: Destination): boolean {
  if (a.kind === 'phone' && b.kind === 'phone') return a.phoneNumber === b.phoneNumber
  if (a.kind === 'email' && b.kind === 'email')
    return a.email.trim().toLowerCase() === b.email.trim().toLowerCase()
  return false
}
