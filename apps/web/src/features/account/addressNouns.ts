import type { DestinationKind } from '../auth/index.ts'

/** How the page names each kind of address. */
export const addressNouns: Readonly<Record<DestinationKind, string>> = {
  phone: 'phone number',
  email: 'email address',
}

/** 'a phone number', 'an email address'. */
export const withArticle = (kind: DestinationKind) => `${kind === 'email' ? 'an' : 'a'} ${addressNouns[kind]}`
