import { mainnet as viemMainnet } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

// `homestead` is the slug viem 1 and ethers give Ethereum mainnet.
export const mainnet = /*#__PURE__*/ defineCharterChain(viemMainnet, 'homestead')
