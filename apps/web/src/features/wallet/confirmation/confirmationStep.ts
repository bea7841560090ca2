import type { SignatureRequest } from '../describe/SignatureRequest.ts'

/**
 * Where the person is with one request: `refused` (Charter will not sign it: only Reject), `reading` (the end
 * of what is signed has not been on screen yet, so Sign waits), `ready` (Sign signs). A plain transfer is ready at
 * once: all it does is in view, and nothing of it hides below.
 */
export type ConfirmationStep = { step: 'refused'; why: string } | { step: 'reading' } | { step: 'ready' }

export const confirmationStep = (request: SignatureRequest, seenEnd: boolean): ConfirmationStep =>
  request.refusal !== undefined
    ? { step: 'refused', why: request.refusal }
    : seenEnd || isPlainTransfer(request)
      ? { step: 'ready' }
      : { step: 'reading' }

/** Whether the request only moves money to one recipient (`PlainTransfer`). */
export const isPlainTransfer = (request: SignatureRequest): boolean =>
  (request.kind === 'transaction' || request.kind === 'solana-send') && request.transfer !== undefined
