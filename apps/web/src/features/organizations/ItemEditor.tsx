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
  const fields: ItemField[] =
    kind === 'authorities'
      ? ['label', 'description', 'link', 'imageUrl', 'gate']
      : ['label', 'description', 'link', 'imageUrl']
  return (
    <li>
      <fieldset className="stack-small">
        <legend>{name}</legend>
        {fields.map((field) => {
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
        })}
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
