import type { SolanaSignInInput } from '@solana/wallet-standard-features'

/**
 * The Sign In With Solana text for `input`, line for line as a wallet's `solana:signIn` writes it (the
 * wallet standard's `createSignInMessageText`): for a wallet that can only sign a message.
 */
export function siwsMessageText(input: SolanaSignInInput & { domain: string; address: string }): string {
  let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) text += `\n\n${input.statement}`
  const fields: string[] = []
  if (input.uri) fields.push(`URI: ${input.uri}`)
  if (input.version) fields.push(`Version: ${input.version}`)
  if (input.chainId) fields.push(`Chain ID: ${input.chainId}`)
  if (input.nonce) fields.push(`Nonce: ${input.nonce}`)
  if (input.issuedAt) fields.push(`Issued At: ${input.issuedAt}`)
  if (input.expirationTime) fields.push(`Expiration Time: ${input.expirationTime}`)
  if (input.notBefore) fields.push(`Not Before: ${input.notBefore}`)
  if (input.requestId) fields.push(`Request ID: ${input.requestId}`)
  if (input.resources?.length)
    fields.push('Resources:', ...input.resources.map((resource) => `- ${resource}`))
  if (fields.length > 0) text += `\n\n${fields.join('\n')}`
  return text
}
