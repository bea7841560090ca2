import { linea as viemLinea } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const linea = /*#__PURE__*/ defineCharterChain(viemLinea, 'linea-mainnet')
