import { describe, expect, it } from 'vitest';
import { useLoggedDatabase } from '../test-support/query-log.js';
import { idArray, MAX_PREPARED_STATEMENTS, numberedPlaceholders, readRows } from './prepared-read.js';

const log = useLoggedDatabase();

describe('readRows', () => {
  it('answers as em.execute does, through a prepared statement, logged as the ORM logs its own', async () => {
    const em = log.orm.em.fork();
    const sql = `select n as "id", 'it''s' as "text", n > ? as "big" from generate_series(1, 5) n where n = any(?::int[]) order by n`;
    const params = [2, idArray([1, 3, 4])];
    const viaOrm = await em.execute(sql, params);
    log.resetStatements();
    const rows = await readRows<{ id: number; text: string; big: boolean }>(em, sql, params);
    expect(rows).toEqual(viaOrm);
    expect(rows).toEqual([
      { id: 1, text: "it's", big: false },
      { id: 3, text: "it's", big: true },
      { id: 4, text: "it's", big: true },
    ]);
    // Again: the prepared statement, same answer.
    expect(await readRows(em, sql, [0, idArray([5])])).toEqual([{ id: 5, text: "it's", big: true }]);
    expect(log.statements.filter((statement) => statement.includes('generate_series'))).toHaveLength(2);
  });

  it('reads inside a transaction through that transaction, seeing what it wrote', async () => {
    await log.orm.em.fork().execute('create table if not exists prepared_read_probe (id int primary key)');
    await log.orm.em.fork().transactional(async (tx) => {
      await tx.execute('insert into prepared_read_probe (id) values (?)', [7]);
      expect(await readRows(tx, 'select id from prepared_read_probe where id = any(?::int[])', [idArray([7])])).toEqual([{ id: 7 }]);
      expect(await readRows(log.orm.em.fork(), 'select id from prepared_read_probe where id = any(?::int[])', [idArray([7])])).toEqual([]);
    });
  });

  // Before the limit test below: it fills this process's prepared statements.
  it('prepares a statement again when a migration changed its result type under the open connections', async () => {
    const em = log.orm.em.fork();
    await em.execute('create table stale_plan_probe (id int primary key, label varchar(20))');
    await em.execute(`insert into stale_plan_probe values (1, 'one')`);
    const sql = 'select id, label from stale_plan_probe where id = ?';
    // Several at once, so the statement is prepared on several pooled connections.
    const readMany = () => Promise.all(Array.from({ length: 6 }, () => readRows(log.orm.em.fork(), sql, [1])));
    expect(await readMany()).toEqual(Array.from({ length: 6 }, () => [{ id: 1, label: 'one' }]));
    await em.execute('alter table stale_plan_probe alter column label type text');
    expect(await readMany()).toEqual(Array.from({ length: 6 }, () => [{ id: 1, label: 'one' }]));
  });

  it('runs statements past the prepared limit unprepared, with the same answers', async () => {
    const em = log.orm.em.fork();
    for (let n = 0; n <= MAX_PREPARED_STATEMENTS + 1; n++) {
      expect(await readRows(em, `select ?::int + ${n} as "sum"`, [1])).toEqual([{ sum: n + 1 }]);
    }
  });

  it('turns a database error into the ORM’s', async () => {
    await expect(readRows(log.orm.em.fork(), 'select * from no_such_table where id = ?', [1])).rejects.toMatchObject({ name: 'TableNotFoundException' });
  });
});

describe('numberedPlaceholders', () => {
  it('numbers every placeholder as em.execute counts them, a literal \\? left as a question mark', () => {
    expect(numberedPlaceholders(`select 'why\\?' from t where x = ? and z in (?, ?)`)).toBe(`select 'why?' from t where x = $1 and z in ($2, $3)`);
    expect(() => numberedPlaceholders('select ?? from t')).toThrow();
  });
});

describe('idArray', () => {
  it('writes ids as an array literal and refuses anything else', () => {
    expect(idArray([1, 22, 333])).toBe('{1,22,333}');
    expect(idArray([])).toBe('{}');
    expect(() => idArray([1.5])).toThrow();
  });
});
