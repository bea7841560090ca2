export { permit2Address, readEvmTransaction } from './readEvmTransaction.ts'
export { readTypedDataEffect } from './readTypedDataEffect.ts'
export { type AssetMove, type BudgetAsset, noEffect, totalMoves, type WalletEffect } from './WalletEffect.ts'
