import type { MetadataAuthority, MetadataDocument } from '@charter/core'
import { metadataDocumentVersion } from '@charter/core'

export type ItemKind = 'responsibilities' | 'authorities'
export type ItemField = 'label' | 'description' | 'link' | 'imageUrl' | 'gate'
/** One item as the editor holds it: every field a string ('' for none); keys the editor does not know kept. */
export type ItemDraft = { key: number } & Record<ItemField, string> & { extra: Record<string, unknown> }
export type RoleDraft = {
  name: string
  description: string
  responsibilities: ItemDraft[]
  authorities: ItemDraft[]
  /** The document it started from, so keys the editor does not know (another app's) survive a save. */
  base: MetadataDocument | undefined
}

let nextKey = 0
export const newItem = (): ItemDraft => ({
  key: nextKey++,
  label: '',
  description: '',
  link: '',
  imageUrl: '',
  gate: '',
  extra: {},
})

function itemDraft(item: MetadataAuthority): ItemDraft {
  const { label, description, link, imageUrl, gate, ...extra } = item
  return {
    key: nextKey++,
    label,
    description: description ?? '',
    link: link ?? '',
    imageUrl: imageUrl ?? '',
    gate: gate ?? '',
    extra,
  }
}

export function draftFromDocument(document: MetadataDocument | undefined): RoleDraft {
  return {
    name: document?.data.name ?? '',
    description: document?.data.description ?? '',
    responsibilities: (document?.data.responsibilities ?? []).map(itemDraft),
    authorities: (document?.data.authorities ?? []).map(itemDraft),
    base: document,
  }
}

const optional = (field: string, value: string) => (value.trim() === '' ? {} : { [field]: value })

function itemDocument(item: ItemDraft, kind: ItemKind) {
  return {
    ...item.extra,
    label: item.label,
    ...optional('description', item.description),
    ...optional('link', item.link),
    ...optional('imageUrl', item.imageUrl),
    ...(kind === 'authorities' && optional('gate', item.gate)),
  }
}

/** The document a draft stands for; not yet checked (the core's schema does that, naming each field's path). */
export function documentFromDraft(draft: RoleDraft): unknown {
  const {
    name: _name,
    description: _description,
    responsibilities: _r,
    authorities: _a,
    ...otherData
  } = draft.base?.data ?? {}
  return {
    ...draft.base,
    type: metadataDocumentVersion,
    data: {
      ...otherData,
      name: draft.name,
      ...optional('description', draft.description),
      ...(draft.responsibilities.length > 0 && {
        responsibilities: draft.responsibilities.map((item) => itemDocument(item, 'responsibilities')),
      }),
      ...(draft.authorities.length > 0 && {
        authorities: draft.authorities.map((item) => itemDocument(item, 'authorities')),
      }),
    },
  }
}

/** Moves the item at `index` one place up (-1) or down (+1); the same list when it cannot move. */
export function moveItem(items: ItemDraft[], index: number, by: -1 | 1): ItemDraft[] {
  const target = index + by
  const item = items[index]
  const other = items[target]
  if (!item || !other) return items
  const moved = [...items]
  moved[index] = other
  moved[target] = item
  return moved
}
