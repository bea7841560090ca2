export { createStorageClient } from './createStorageClient.ts'
export { ipfsHashFromInput } from './ipfsHashFromInput.ts'
