import { arbitrum as viemArbitrum } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const arbitrum = /*#__PURE__*/ defineCharterChain(viemArbitrum, 'arbitrum')
