import type { FailedTransactionMetadata } from 'litesvm'

/** LiteSVM's TransactionErrorFieldless, by its numeric value (the enum is a const enum, not importable). */
const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]

/** LiteSVM's InstructionErrorFieldless, by its numeric value. */
const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

/** The agave validator's wording for the errors a wallet meets most; the rest read as their spaced-out name. */
const transactionErrorMessages: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
}
const instructionErrorMessages: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IllegalOwner: 'Provided owner is not allowed',
}

const spacedOut = (name: string): string => name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase()

/** A transaction error as the real RPC writes it in JSON (`"BlockhashNotFound"`, `{InstructionError:[0,{Custom:1}]}`) and in words. */
export type DescribedTransactionError = { json: unknown; message: string }

type ErrorObject = { constructor: { name: string } } & Record<string, unknown>

function describeInstructionError(error: unknown): { json: unknown; message: string } {
  if (typeof error === 'number') {
    const name = instructionErrorNames[error] ?? `InstructionError${error}`
    return { json: name, message: instructionErrorMessages[name] ?? spacedOut(name) }
  }
  const object = error as ErrorObject
  if (typeof object.code === 'number') {
    return { json: { Custom: object.code }, message: `custom program error: 0x${object.code.toString(16)}` }
  }
  const detail = String(object.msg ?? '')
  return {
    json: { BorshIoError: detail },
    message: `Failed to serialize or deserialize account data: ${detail}`,
  }
}

/** What LiteSVM reports for a failed transaction, in the real RPC's JSON and wording. */
export function describeTransactionError(failed: FailedTransactionMetadata): DescribedTransactionError {
  const error: unknown = failed.err()
  if (typeof error === 'number') {
    const name = transactionErrorNames[error] ?? `TransactionError${error}`
    return { json: name, message: transactionErrorMessages[name] ?? spacedOut(name) }
  }
  const object = error as ErrorObject
  const kind = object.constructor.name.replace(/^TransactionError/, '')
  if (kind === 'InstructionError' && typeof object.err === 'function') {
    const index = Number(object.index)
    const inner = describeInstructionError((object.err as () => unknown).call(object))
    return {
      json: { InstructionError: [index, inner.json] },
      message: `Error processing Instruction ${index}: ${inner.message}`,
    }
  }
  if (kind === 'DuplicateInstruction') {
    const index = Number(object.index)
    return {
      json: { DuplicateInstruction: index },
      message: `Transaction contains a duplicate instruction (${index}) that is not allowed`,
    }
  }
  const accountIndex = Number(object.accountIndex)
  if (kind === 'InsufficientFundsForRent') {
    return {
      json: { InsufficientFundsForRent: { account_index: accountIndex } },
      message: `Transaction results in an account (${accountIndex}) with insufficient funds for rent`,
    }
  }
  return { json: { [kind]: { account_index: accountIndex } }, message: spacedOut(kind) }
}
