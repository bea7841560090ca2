import type { SignatureRequest } from '../describe/SignatureRequest.ts'

export type PendingConfirmation = { id: number; request: SignatureRequest }

/**
 * Signature requests waiting for the person, first come first shown: the provider asks, the dialog answers.
 */
export type ConfirmationQueue = {
  /** Resolves true when the person confirms, false when they reject. */
  ask(request: SignatureRequest): Promise<boolean>
  /** The request on screen now; the same object until it is answered. */
  current(): PendingConfirmation | undefined
  answer(id: number, approved: boolean): void
  /** Rejects everything still waiting: the session ended. */
  rejectAll(): void
  subscribe(listener: () => void): () => void
}

export function createConfirmationQueue(): ConfirmationQueue {
  const waiting: (PendingConfirmation & { resolve: (approved: boolean) => void })[] = []
  const listeners = new Set<() => void>()
  let nextId = 1
  let shown: PendingConfirmation | undefined
  const changed = () => {
    const first = waiting[0]
    shown = first && { id: first.id, request: first.request }
    for (const listener of listeners) listener()
  }
  return {
    ask: (request) =>
      new Promise<boolean>((resolve) => {
        waiting.push({ id: nextId++, request, resolve })
        if (waiting.length === 1) changed()
      }),
    current: () => shown,
    answer: (id, approved) => {
      const index = waiting.findIndex((entry) => entry.id === id)
      if (index === -1) return
      const [entry] = waiting.splice(index, 1)
      entry?.resolve(approved)
      changed()
    },
    rejectAll: () => {
      for (const entry of waiting.splice(0)) entry.resolve(false)
      changed()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
