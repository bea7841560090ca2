import type { Colleague } from './colleaguesApi.ts'

/** A colleague as a person reads them beside an address: "Ana Lopez · Acme Co-op" (their shared organisations). */
export const colleagueName = (colleague: Pick<Colleague, 'label' | 'organizations'>): string =>
  colleague.organizations.length === 0
    ? colleague.label
    : `${colleague.label} · ${colleague.organizations.join(', ')}`
