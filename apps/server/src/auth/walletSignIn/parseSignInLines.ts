import type { SignInMessageFields } from './SignInMessageFields.ts'
import { WalletSignInError } from './walletSignInRefusals.ts'

/** The tagged lines after the statement, in the only order the standards allow. */
const taggedLines = [
  ['uri', 'URI: '],
  ['version', 'Version: '],
  ['chainId', 'Chain ID: '],
  ['nonce', 'Nonce: '],
  ['issuedAt', 'Issued At: '],
  ['expirationTime', 'Expiration Time: '],
  ['notBefore', 'Not Before: '],
  ['requestId', 'Request ID: '],
] as const

type Tag = (typeof taggedLines)[number][0]

const isTagged = (line: string | undefined) =>
  line !== undefined && (line === 'Resources:' || taggedLines.some(([, prefix]) => line.startsWith(prefix)))

/**
 * Reads a sign-in message line by line and refuses anything the format does not have: a second URI line, a
 * statement over two lines, a line out of order, a trailing line. A wallet shows the person the whole text, so
 * every line that is signed must be one the server understood; anything else is `extra_lines`. Which fields are
 * required is the caller's rule (`required`); the header's account word is `Ethereum` or `Solana`.
 */
export function parseSignInLines(
  message: string,
  account: 'Ethereum' | 'Solana',
  required: readonly Tag[],
): SignInMessageFields {
  // Carriage returns, tabs and other control characters would let a wallet show the lines differently.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u0009\u000b-\u001f\u007f\u2028\u2029]/.test(message)) {
    throw new WalletSignInError('extra_lines', 'a control character or line separator other than \\n')
  }
  const lines = message.split('\n')
  const header = new RegExp(
    `^(?:([a-zA-Z][a-zA-Z0-9+.-]*)://)?([^\\s/?#]+) wants you to sign in with your ${account} account:$`,
  ).exec(lines[0] ?? '')
  const address = lines[1]
  if (!header?.[2] || !address || /\s/.test(address)) {
    throw new WalletSignInError('malformed', `no ${account} sign-in header and address`)
  }
  let at = 2
  let statement: string | undefined
  if (at < lines.length) {
    if (lines[at] !== '') throw new WalletSignInError('extra_lines', `line ${at + 1} should be empty`)
    at += 1
    if (lines[at] === '') {
      at += 1 // EIP-4361 without a statement: the empty statement line between two empty lines.
    } else if (!isTagged(lines[at]) && at < lines.length) {
      statement = lines[at]
      at += 1
      if (lines[at] !== '' && at < lines.length) {
        throw new WalletSignInError('extra_lines', `line ${at + 1} should be empty after the statement`)
      }
      at += 1
    }
  }
  const tagged: Partial<Record<Tag, string>> = {}
  for (const [tag, prefix] of taggedLines) {
    const line = lines[at]
    if (line?.startsWith(prefix)) {
      tagged[tag] = line.slice(prefix.length)
      at += 1
    }
  }
  let resources: string[] | undefined
  if (lines[at] === 'Resources:') {
    resources = []
    at += 1
    for (let line = lines[at]; line?.startsWith('- '); line = lines[at]) {
      resources.push(line.slice(2))
      at += 1
    }
  }
  if (at < lines.length) {
    throw new WalletSignInError('extra_lines', `line ${at + 1} is not part of the format: ${lines[at]}`)
  }
  for (const tag of required) {
    if (!tagged[tag]) throw new WalletSignInError('malformed', `no ${tag} line`)
  }
  if (tagged.nonce !== undefined && !/^[a-zA-Z0-9]{8,}$/.test(tagged.nonce)) {
    throw new WalletSignInError('malformed', 'the nonce is not 8 or more letters and digits')
  }
  return {
    scheme: header[1],
    domain: header[2],
    address,
    statement,
    uri: tagged.uri ?? '',
    version: tagged.version,
    chainId: tagged.chainId,
    nonce: tagged.nonce ?? '',
    issuedAt: tagged.issuedAt ?? '',
    expirationTime: tagged.expirationTime,
    notBefore: tagged.notBefore,
    requestId: tagged.requestId,
    resources,
  }
}
