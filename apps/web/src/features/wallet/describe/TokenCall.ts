import type { ContractCall } from './ContractCall.ts'

/** A decoded ERC-20 call to a token Charter knows (core's stablecoin table): what moves, in that token. */
export type TokenCall = Extract<ContractCall, { kind: 'transfer' | 'approve' | 'transferFrom' }>
