import { FullAddress, RevealedText } from '../../../ui/index.ts'
import type { TypedField, TypedValue } from '../describe/TypedValue.ts'

/** Rows of a struct's fields (or a list's items), each value in full, nested structs as nested tables. */
export function TypedRows({ fields }: { fields: TypedField[] }) {
  return (
    <>
      {fields.map((field, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two fields may share a name; their order is fixed.
        <tr key={index}>
          <th scope="row">
            <RevealedText text={field.name} />
          </th>
          <td>
            <TypedValueView value={field.value} />
          </td>
        </tr>
      ))}
    </>
  )
}

/** One value of typed data as it is signed. */
export function TypedValueView({ value }: { value: TypedValue }) {
  switch (value.kind) {
    case 'address':
      return <FullAddress address={value.address} />
    case 'text':
      return (
        <span className="typed-text">
          <RevealedText text={value.text} />
        </span>
      )
    case 'struct':
    case 'list': {
      const rows =
        value.kind === 'struct'
          ? value.fields
          : value.items.map((item, index) => ({ name: `[${index}]`, value: item }))
      return (
        <table className="details-table nested-table">
          <caption>
            <RevealedText text={value.type} />
          </caption>
          <tbody>
            {rows.length > 0 ? (
              <TypedRows fields={rows} />
            ) : (
              <tr>
                <td>{value.kind === 'struct' ? '(no fields)' : '(empty list)'}</td>
              </tr>
            )}
          </tbody>
        </table>
      )
    }
  }
}
