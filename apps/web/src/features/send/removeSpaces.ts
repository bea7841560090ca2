import { checkRecipientFormat } from './checkRecipientFormat.ts'

/**
 * A recipient as pasted, with the spaces, tabs and line breaks inside or around it taken out when what is left is
 * a well-formed address (a copy from a chat or a PDF often brings some): `removed` says so, for a note. Anything
 * else is left as typed, a colleague's name with its spaces included.
 */
export function removeSpaces(
  text: string,
  chainType: 'ethereum' | 'solana',
): { text: string; removed: boolean } {
  const bare = text.replace(/\s+/g, '')
  if (bare === text || !checkRecipientFormat(bare, chainType).ok) return { text, removed: false }
  return { text: bare, removed: true }
}
