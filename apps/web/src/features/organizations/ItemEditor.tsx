import { useEffect, useRef, useState } from 'react'
import { Field } from '../../ui/index.ts'
import type { ItemDraft, ItemField, ItemKind } from './roleDraft.ts'

type Props = {
  kind: ItemKind
  item: ItemDraft
  index: number
  count: number
  /** The core's messages by field path ('data.responsibilities[0].label'). */
  issues: Map<string, string>
  onChange: (field: ItemField, value: string) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}

const fieldLabels: Record<ItemField, string> = {
  label: 'Label',
  description: 'Description (optional)',
  link: 'Link (optional, https:// or ipfs://)',
  imageUrl: 'Image (optional, ipfs://)',
  gate: 'Gate (optional: who may use it, such as a contract address)',
}

/** One responsibility or authority in the editor: its fields, each with the core's message beside it. */
export function ItemEditor({ kind, item, index, count, issues, onChange, onMove, onRemove }: Props) {
  const noun = kind === 'responsibilities' ? 'Responsibility' : 'Authority'
  const name = `${noun} ${index + 1}`
  const more: ItemField[] = kind === 'authorities' ? ['link', 'imageUrl', 'gate'] : ['link', 'imageUrl']
  // "More" opens when one of its fields holds something (as the editor opens) or is found wrong, so nothing that
  // matters stays hidden; the member closes it as they like, and fixing a field does not close it under them.
  const moreWrong = more.some((field) => issues.has(`data.${kind}[${index}].${field}`))
  const [moreHeld] = useState(() => more.some((field) => item[field] !== ''))
  const moreRef = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if ((moreHeld || moreWrong) && moreRef.current) moreRef.current.open = true
  }, [moreHeld, moreWrong])
  const fieldOf = (field: ItemField) => {
    const id = `${kind}-${item.key}-${field}`
    const message = issues.get(`data.${kind}[${index}].${field}`)
    return (
      <Field
        key={field}
        label={fieldLabels[field]}
        id={id}
        error={message && `${fieldLabels[field].replace(/ \(.*$/, '')} ${message}.`}
      >
        {(control) =>
          field === 'description' ? (
            <textarea
              {...control}
              className="input textarea"
              value={item[field]}
              onChange={(event) => onChange(field, event.target.value)}
            />
          ) : (
            <input
              {...control}
              className="input"
              value={item[field]}
              onChange={(event) => onChange(field, event.target.value)}
            />
          )
        }
      </Field>
    )
  }
  return (
    <li>
      <fieldset className="stack-small">
        <legend>{name}</legend>
        {fieldOf('label')}
        {fieldOf('description')}
        <details className="item-more" ref={moreRef}>
          <summary>More: {kind === 'authorities' ? 'link, image and gate' : 'link and image'}</summary>
          <div className="stack-small">{more.map(fieldOf)}</div>
        </details>
        <div className="actions">
          <button
            type="button"
            className="button-secondary button"
            aria-label={`Move ${name} up`}
            aria-disabled={index === 0 ? true : undefined}
            onClick={() => index > 0 && onMove(-1)}
          >
            Up
          </button>
          <button
            type="button"
            className="button-secondary button"
            aria-label={`Move ${name} down`}
            aria-disabled={index === count - 1 ? true : undefined}
            onClick={() => index < count - 1 && onMove(1)}
          >
            Down
          </button>
          <button
            type="button"
            className="button-secondary button"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
      </fieldset>
    </li>
  )
}
