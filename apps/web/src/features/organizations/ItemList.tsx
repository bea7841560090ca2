import { ItemEditor } from './ItemEditor.tsx'
import { type ItemDraft, type ItemKind, moveItem, newItem } from './roleDraft.ts'

type Props = {
  kind: ItemKind
  items: ItemDraft[]
  issues: Map<string, string>
  onChange: (items: ItemDraft[]) => void
}

/** The responsibilities or the authorities of a role: add, edit, move up or down, remove. */
export function ItemList({ kind, items, issues, onChange }: Props) {
  const title = kind === 'responsibilities' ? 'Responsibilities' : 'Authorities'
  const noun = kind === 'responsibilities' ? 'responsibility' : 'authority'
  // The list's own issue, as the core's schema words it: more items than a document may hold.
  const listIssue = issues.get(`data.${kind}`)
  return (
    <section className="stack-small" aria-labelledby={`${kind}-heading`}>
      <h3 id={`${kind}-heading`}>{title}</h3>
      {items.length === 0 && <p className="field-hint">None yet.</p>}
      {listIssue && (
        <p className="field-error">
          {title}: {listIssue}
        </p>
      )}
      <ol className="stack">
        {items.map((item, index) => (
          <ItemEditor
            key={item.key}
            kind={kind}
            item={item}
            index={index}
            count={items.length}
            issues={issues}
            onChange={(field, value) =>
              onChange(items.map((other) => (other.key === item.key ? { ...other, [field]: value } : other)))
            }
            onMove={(by) => onChange(moveItem(items, index, by))}
            onRemove={() => onChange(items.filter((other) => other.key !== item.key))}
          />
        ))}
      </ol>
      <div>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange([...items, newItem()])}
        >
          Add {noun === 'authority' ? 'an' : 'a'} {noun}
        </button>
      </div>
    </section>
  )
}
