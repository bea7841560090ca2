/** An EVM chain the provider can be on: its id, its name, and the same-origin proxy that reads it. */
export type ProviderChain = { id: number; name: string; rpcPath: string }
