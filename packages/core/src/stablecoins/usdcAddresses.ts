import type { Address } from 'viem'
import type { SupportedChainId } from '../chains/evmChains.ts'

/**
 * Circle's USDC contract on every chain Charter supports, checksummed; docs/chains.md says where each one
 * was checked. The 12 chains of Privy's table come first; Celo and Linea are Charter's addition, so that every
 * chain shows a stablecoin.
 */
export const usdcAddresses = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  11155111: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  11155420: '0x5fd84259d66Cd46123540766Be93DFE6D43130D7',
  137: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  80002: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  84532: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  43114: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
  43113: '0x5425890298aed601595a70AB815c96711a31Bc65',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  421614: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
  // Not 0x2F25deB3…602B: on Celo mainnet that is the USDC fee-currency adapter, which has no balances.
  42220: '0xcebA9300f2b948710d2653dD7B07f33A8B32118C',
  59144: '0x176211869cA2b568f2A7D4EE941E073a821EE1ff',
} as const satisfies Record<SupportedChainId, Address>
