import { polygonAmoy as viemPolygonAmoy } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const polygonAmoy = /*#__PURE__*/ defineCharterChain(viemPolygonAmoy, 'polygon-amoy')
