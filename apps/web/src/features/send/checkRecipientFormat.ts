import { isAddress as isSolanaAddress } from '@solana/kit'
import { getAddress, isAddress } from 'viem'

/** A recipient as typed, checked: its address as it is sent (EVM checksummed), or what is wrong, in words. */
export type RecipientFormat = { ok: true; address: string } | { ok: false; error: string | undefined }

/**
 * What the person typed in the recipient field, checked for the chain's kind as they type: an EVM address (all
 * lower case or all upper case taken and checksummed; mixed case must match its checksum, since a wrong one is a
 * typo), or a Solana public key (base58, 32 bytes). Empty is no error yet.
 */
export function checkRecipientFormat(text: string, type: 'ethereum' | 'solana'): RecipientFormat {
  const typed = text.trim()
  if (typed === '') return { ok: false, error: undefined }
  if (type === 'ethereum') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(typed)) {
      // Spaces are no part of an address: counted, they would make a whole one look a character too long.
      const bare = typed.replace(/\s+/g, '')
      const spaces = bare === typed ? '' : ' without its spaces'
      return {
        ok: false,
        error: typed.startsWith('0x')
          ? `An address is 0x and 40 hexadecimal characters; this has ${bare.length - 2}${spaces}.`
          : 'An address on this network starts with 0x, then 40 hexadecimal characters.',
      }
    }
    if (!isAddress(typed)) {
      return {
        ok: false,
        error: 'The capital letters of this address do not match its checksum: it has a typo. Copy it again.',
      }
    }
    return { ok: true, address: getAddress(typed) }
  }
  if (isSolanaAddress(typed)) return { ok: true, address: typed }
  return {
    ok: false,
    error: typed.startsWith('0x')
      ? 'This is an Ethereum address; on Solana, send to a Solana address (base58, 32 to 44 characters).'
      : 'This is not a Solana address: one is 32 to 44 letters and digits (base58, without 0, O, I or l).',
  }
}
