export { createStorageClient } from './createStorageClient.ts'
export { ipfsHashFromInput } from './ipfsHashFromInput.ts'
export type { StorageClient } from './StorageClient.ts'
