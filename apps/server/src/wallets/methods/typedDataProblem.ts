/** A field of an EIP-712 struct type, as the wallet API takes it. */
export type TypedDataField = { name: string; type: string }

/** Typed data after its shape was checked: what `typedDataProblem` walks. */
export type CheckedTypedData = {
  types: Record<string, TypedDataField[]>
  message: Record<string, unknown>
  primary_type: string
}

/** What is wrong with typed data, where (a path under `typed_data`), in words a caller can act on. */
export type TypedDataProblem = { path: (string | number)[]; message: string }

/**
 * A name every JavaScript object already answers to (`constructor`, `toString`, `hasOwnProperty`, `__proto__`,
 * …): the signer looks values and types up by name, and for such a name an object that lacks it still answers,
 * with what it inherited. Such names are refused wherever typed data names a type or a field.
 */
export const isInheritedName = (name: string): boolean => name in Object.prototype

export const inheritedNameMessage = (name: string, what: 'type' | 'field') =>
  `${JSON.stringify(name)} cannot be a ${what} name here: every JavaScript object already has a property of that name, so a value could be read that was never sent. Rename the ${what}.`

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `Person[2][]` is a list of `Person[2]`; `Person` is no list. */
const listElement = (type: string): string | undefined => {
  const match = /^(.*)\[\d*\]$/.exec(type)
  return match ? match[1] : undefined
}

/**
 * The first problem the signer would otherwise meet silently: a type, field or primary type named like an
 * inherited property, or a field the message does not itself carry (a value is then read from the prototype, or
 * is missing). Values are checked against their types by the signer; this only makes sure every value it reads
 * is one the caller sent, as an own property.
 */
export function typedDataProblem(typedData: CheckedTypedData): TypedDataProblem | undefined {
  const { types, message, primary_type } = typedData
  for (const [typeName, fields] of Object.entries(types)) {
    if (isInheritedName(typeName)) {
      return { path: ['types', typeName], message: inheritedNameMessage(typeName, 'type') }
    }
    for (const [index, field] of fields.entries()) {
      if (isInheritedName(field.name)) {
        return {
          path: ['types', typeName, index, 'name'],
          message: inheritedNameMessage(field.name, 'field'),
        }
      }
      let base = field.type
      for (let element = listElement(base); element !== undefined; element = listElement(base)) base = element
      if (isInheritedName(base)) {
        return { path: ['types', typeName, index, 'type'], message: inheritedNameMessage(base, 'type') }
      }
    }
  }
  if (isInheritedName(primary_type)) {
    return { path: ['primary_type'], message: inheritedNameMessage(primary_type, 'type') }
  }
  if (!Object.hasOwn(types, primary_type) || primary_type === 'EIP712Domain') {
    return { path: ['primary_type'], message: 'must name one of types (other than EIP712Domain)' }
  }
  return valueProblem(types, primary_type, message, ['message'])
}

/** Walks a value of `type` as the signer will, checking each struct carries each of its fields itself. */
function valueProblem(
  types: Record<string, TypedDataField[]>,
  type: string,
  value: unknown,
  path: (string | number)[],
): TypedDataProblem | undefined {
  const element = listElement(type)
  if (element !== undefined) {
    if (!Array.isArray(value)) return { path, message: `must be a list (${type})` }
    for (const [index, item] of value.entries()) {
      const problem = valueProblem(types, element, item, [...path, index])
      if (problem) return problem
    }
    return undefined
  }
  if (!Object.hasOwn(types, type) || type === 'EIP712Domain') return undefined
  if (!isRecord(value)) return { path, message: `must be an object (a ${type})` }
  for (const field of types[type] as TypedDataField[]) {
    if (!Object.hasOwn(value, field.name)) {
      return {
        path: [...path, field.name],
        message: `missing: ${type} has a field ${field.name} (${field.type}), and this has no value for it`,
      }
    }
    const problem = valueProblem(types, field.type, value[field.name], [...path, field.name])
    if (problem) return problem
  }
  return undefined
}
