import type { SignatureRequest } from '../describe/SignatureRequest.ts'

/**
 * Where the person is with one request: `refused` (Charter will not sign it: only Reject), `reading` (the end
 * of what is signed has not been on screen yet, so Sign waits), `ready` (Sign signs).
 */
export type ConfirmationStep = { step: 'refused'; why: string } | { step: 'reading' } | { step: 'ready' }

export const confirmationStep = (request: SignatureRequest, seenEnd: boolean): ConfirmationStep =>
  request.refusal !== undefined
    ? { step: 'refused', why: request.refusal }
    : seenEnd
      ? { step: 'ready' }
      : { step: 'reading' }
