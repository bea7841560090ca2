import { polygon as viemPolygon } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

// viem 1 called Polygon's network `matic`; the slug is kept so links and stored keys stay stable.
export const polygon = /*#__PURE__*/ defineCharterChain(viemPolygon, 'matic')
