/** A chain id as EIP-1193 speaks it: `0x1`, `0x14a34`. */
export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`
