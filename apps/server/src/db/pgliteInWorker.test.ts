import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPgliteInWorker, type PgliteInWorker } from './pgliteInWorker.ts'

let db: PgliteInWorker
beforeAll(async () => {
  db = await openPgliteInWorker(undefined, { relaxedDurability: true })
  await db.exec(
    'create table notes (id int primary key, body text not null, at timestamptz not null default now())',
  )
})
afterAll(() => db.close())

describe('PGlite on a thread of its own', () => {
  it('answers queries with their rows, as objects or as arrays', async () => {
    await db.query('insert into notes (id, body) values ($1, $2)', [1, 'first'])
    expect((await db.query('select id, body from notes where id = $1', [1])).rows).toEqual([
      { id: 1, body: 'first' },
    ])
    const asArrays = await db.query('select id, body from notes where id = $1', [1], { rowMode: 'array' })
    expect(asArrays.rows).toEqual([[1, 'first']])
    expect(asArrays.fields.map((field) => field.name)).toEqual(['id', 'body'])
  })

  it('keeps timestamps as text when asked, as Drizzle asks, and refuses any other parser', async () => {
    const asText = await db.query<{ at: unknown }>('select at from notes where id = 1', [], {
      parsers: { 1184: (text: string) => text },
    })
    expect(typeof asText.rows[0]?.at).toBe('string')
    // A parser that does more than keep the text cannot cross to the worker: refused, not silently dropped.
    await expect(
      db.query('select 7::int4 as n', [], { parsers: { 23: (text: string) => Number(text) } }),
    ).rejects.toThrow('takes only parsers that keep text')
  })

  it('refuses a parameter that cannot cross to the thread, and goes on answering', async () => {
    await expect(db.query('select $1::text as t', [() => 'a function'])).rejects.toThrow(
      /could not be cloned/,
    )
    expect((await db.query('select $1::text as t', ['text'])).rows).toEqual([{ t: 'text' }])
    expect(db.lost()).toBeUndefined()
  })

  it("brings a database error back with PostgreSQL's code and constraint", async () => {
    const error = await db
      .query('insert into notes (id, body) values (1, $1)', ['again'])
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey' })
    expect((error as Error).message).toContain('duplicate key')
  })

  it('commits a transaction whose work succeeds, and rolls back one whose work throws, with its own error', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values (2, $1)', ['kept'])
      return (await tx.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]?.n
    })
    expect(answer).toBe(2)
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values (3, $1)', ['dropped'])
        throw new Error('the work changed its mind')
      })
      .catch((caught: unknown) => caught)
    expect((failed as Error).message).toBe('the work changed its mind')
    expect((await db.query('select id from notes order by id')).rows).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('holds other queries back until a transaction ends, as in-thread PGlite does', async () => {
    let release = () => {}
    const open = new Promise<void>((resolve) => {
      release = resolve
    })
    const order: string[] = []
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values (4, $1)', ['inside'])
      await open
      order.push('committed')
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const outside = db.query<{ n: number }>('select count(*)::int as n from notes').then((result) => {
      order.push('read')
      return result.rows[0]?.n
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(order).toEqual([])
    release()
    await transaction
    expect(await outside).toBe(3)
    expect(order).toEqual(['committed', 'read'])
  })

  it('refuses a query in a transaction that has ended', async () => {
    let leaked: Parameters<Parameters<PgliteInWorker['transaction']>[0]>[0] | undefined
    await db.transaction(async (tx) => {
      leaked = tx
    })
    await expect(leaked?.query('select 1')).rejects.toThrow('This transaction has already ended.')
  })
})

describe('queries as prepared statements, planned once', () => {
  const preparedTexts = async () =>
    (await db.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (row) => row.statement,
    )

  it('prepares a query the first time it runs, and answers it the same every time after', async () => {
    const text = 'select id, body, $2::text[] as tags, $3::int as nothing from notes where id = any($1)'
    const params = [[1, 2], ['a', 'b'], null]
    const first = await db.query(text, params)
    expect(await preparedTexts()).toContain(text)
    expect(first.rows).toEqual([
      { id: 1, body: 'first', tags: ['a', 'b'], nothing: null },
      { id: 2, body: 'kept', tags: ['a', 'b'], nothing: null },
    ])
    expect(await db.query(text, params)).toEqual(first)
    expect((await db.query(text, params, { rowMode: 'array' })).rows).toEqual([
      [1, 'first', ['a', 'b'], null],
      [2, 'kept', ['a', 'b'], null],
    ])
    const inserted = await db.query('insert into notes (id, body) values ($1, $2) returning id', [10, 'ten'])
    expect(inserted).toMatchObject({ rows: [{ id: 10 }], affectedRows: 1 })
    expect(await db.query('update notes set body = body where id >= $1', [10])).toMatchObject({
      affectedRows: 1,
    })
  })

  it('runs prepared statements inside a transaction, and its rollback undoes them', async () => {
    const text = 'insert into notes (id, body) values ($1, $2)'
    await db.query(text, [11, 'prepared outside'])
    const failed = await db
      .transaction(async (tx) => {
        await tx.query(text, [12, 'inside'])
        expect((await tx.query('select body from notes where id = $1', [12])).rows).toEqual([
          { body: 'inside' },
        ])
        throw new Error('undo it')
      })
      .catch((error: unknown) => error)
    expect(failed).toMatchObject({ message: 'undo it' })
    expect((await db.query('select body from notes where id = $1', [12])).rows).toEqual([])
  })

  it('answers a query that fails to prepare or to run with its error, and goes on answering', async () => {
    const text = 'select nonsense from nowhere where id = $1'
    await expect(db.query(text, [1])).rejects.toMatchObject({ code: '42P01', query: text })
    await expect(db.query('select $1::int as n', ['not a number'])).rejects.toMatchObject({ code: '22P02' })
    expect((await db.query('select $1::int as n', ['7'])).rows).toEqual([{ n: 7 }])
  })

  it('prepares a statement again when its table changes under it, or when it was deallocated', async () => {
    await db.exec('create table changing (a int)')
    await db.query('insert into changing values ($1)', [1])
    const text = 'select * from changing where a = $1'
    expect((await db.query(text, [1])).rows).toEqual([{ a: 1 }])
    // New columns: PostgreSQL refuses the kept statement before running it, so it is prepared afresh and run.
    await db.exec('alter table changing add column b int default 2')
    expect((await db.query(text, [1])).rows).toEqual([{ a: 1, b: 2 }])
    await db.exec('deallocate all')
    expect((await db.query(text, [1])).rows).toEqual([{ a: 1, b: 2 }])
    // A column of another type: the statement kept its parameter's old type, fails once, and is parsed afresh.
    const typed = 'select a from changing where a = $1'
    expect((await db.query(typed, [1])).rows).toEqual([{ a: 1 }])
    await db.exec('alter table changing alter column a type text')
    await expect(db.query(typed, ['1'])).rejects.toMatchObject({ code: '42883', query: typed })
    expect((await db.query(typed, ['1'])).rows).toEqual([{ a: '1' }])
  })

  it('in a transaction that changed the table, the kept statement fails and the transaction rolls back', async () => {
    const text = 'select * from changing where b = $1'
    expect(await db.query(text, [2])).toMatchObject({ rows: [{ a: '1', b: 2 }] })
    const failed = await db
      .transaction(async (tx) => {
        await tx.exec('alter table changing add column c int default 3')
        return tx.query(text, [2])
      })
      .catch((error: unknown) => error)
    expect(failed).toMatchObject({ code: '0A000' })
    expect((await db.query(text, [2])).rows).toEqual([{ a: '1', b: 2 }])
  })
})

describe('a thread told to keep 20 prepared texts', () => {
  let small: PgliteInWorker
  beforeAll(async () => {
    small = await openPgliteInWorker(undefined, { relaxedDurability: true }, { keptStatements: 20 })
  })
  afterAll(() => small.close())
  const keptTexts = async () =>
    (await small.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (row) => row.statement,
    )

  it('keeps at most as many texts as it is told, parses any more each time, even for queries queued at once', async () => {
    let n = 0
    while ((await keptTexts()).length < 10) await small.query(`select ${n++}::int as n`)
    // Twenty new texts queued behind an open transaction, all at once: ten are kept, the others parsed each time.
    let release = () => {}
    let begun = () => {}
    const open = new Promise<void>((resolve) => (begun = resolve))
    const held = small.transaction(
      () =>
        new Promise<void>((resolve) => {
          release = resolve
          begun()
        }),
    )
    await open
    const queued = Array.from({ length: 20 }, (_, i) => small.query(`select ${1000 + i}::int as n`))
    release()
    await held
    expect((await Promise.all(queued)).map((answer) => answer.rows)).toEqual(
      Array.from({ length: 20 }, (_, i) => [{ n: 1000 + i }]),
    )
    expect(await keptTexts()).toHaveLength(20)
    const last = n + 10
    for (; n < last; n++) expect((await small.query(`select ${n}::int as n`)).rows).toEqual([{ n }])
    const texts = await keptTexts()
    expect(texts).toHaveLength(20)
    expect(texts).toContain('select 0::int as n')
    expect(texts).not.toContain(`select ${last - 1}::int as n`)
  })
})

describe('a closed database', () => {
  it('refuses every call, saying it is closed', async () => {
    const closing = await openPgliteInWorker(undefined, {})
    await closing.close()
    await expect(closing.query('select 1')).rejects.toThrow('The embedded database is closed.')
  })
})
