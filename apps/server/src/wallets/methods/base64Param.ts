import { z } from 'zod'

/** Bytes a Solana method takes, as base64 (16 KiB of text at most). */
export const base64Param = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
