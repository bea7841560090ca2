export { permit2Address, readEvmTransaction } from './readEvmTransaction.ts'
export {
  associatedTokenAccount,
  readSolanaTransaction,
  type SolanaTransactionReading,
  solanaMaxFee,
} from './readSolanaTransaction.ts'
export { readTypedDataEffect } from './readTypedDataEffect.ts'
export {
  isSolanaMessage,
  isSolanaTransaction,
  parseSolanaTransaction,
  SolanaTransactionFormatError,
} from './solanaWireTransaction.ts'
export { type AssetMove, type BudgetAsset, noEffect, totalMoves, type WalletEffect } from './WalletEffect.ts'
