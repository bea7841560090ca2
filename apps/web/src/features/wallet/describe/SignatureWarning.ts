import type { TokenAmount } from '../../../ui/index.ts'

/**
 * Something about a request a person must read before signing, in plain words above the details: what a
 * permit or an approval hands over and to whom (in full), characters that hide or reorder text, a signature
 * valid on every chain, a fee out of proportion, a contract call Charter cannot read.
 */
export type SignatureWarning =
  | { kind: 'hidden-characters'; count: number }
  /** Right-to-left letters, which reorder the text around them: shown in stored order instead. */
  | { kind: 'right-to-left' }
  | {
      kind: 'token-allowance'
      via: 'ERC-20 permit' | 'Permit2' | 'approve'
      spender: string
      grants: TokenAmount[]
    }
  | { kind: 'token-transfer'; via: 'Permit2'; spender: string; grants: TokenAmount[] }
  | { kind: 'named-spender'; spender: string }
  | { kind: 'any-chain' }
  | { kind: 'high-fee'; maxFee: string }
  /** Contract data Charter cannot decode: shown raw, as it could ask the contract for anything. */
  | { kind: 'unreadable-call'; selector: string | undefined; bytes: number }
  /** A send from a new device past what is left of its budget: it waits until `opensAt` (Unix seconds), cancellable. */
  /** `used`: what the member's new devices moved already of `limit`, when anything. */
  | { kind: 'held-send'; opensAt: number; limit: string; used?: string }
  /** A new device's request the server will hold until `opensAt`, and why, in words. */
  | { kind: 'held-request'; opensAt: number; why: string }
  /** What the Send screen found of the recipient: the wallet itself, a contract, an address never used. */
  | { kind: 'recipient'; text: string }
