/**
 * One value of typed data as it is signed: a leaf (text, or an address checksummed), a struct with its fields,
 * or a list. Strings are as given; the dialog reveals the invisible characters in them.
 */
export type TypedValue =
  | { kind: 'text'; type: string; text: string }
  | { kind: 'address'; address: string }
  | { kind: 'struct'; type: string; fields: TypedField[] }
  | { kind: 'list'; type: string; items: TypedValue[] }

export type TypedField = { name: string; value: TypedValue }
